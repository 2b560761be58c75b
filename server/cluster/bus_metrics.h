#pragma once
// The bus's instruments, in the style of server/observability/metrics.h (lock-free atomics,
// observed from any thread, libnats's included). One instance per process (bus_metrics());
// tests give a bus their own.

#include "server/observability/metrics.h"

namespace server::cluster {

struct BusMetrics {
    observability::Counter messages_published;        // handed to the bus by publish and reply
    observability::Counter messages_received;         // delivered to a subscription
    observability::Counter requests_total;            // requests sent
    observability::Counter request_failures;          // requests answered by an error
    observability::DurationHistogram request_seconds; // a request sent -> its reply received
    observability::Counter disconnects;               // connections to the bus lost
    observability::Counter reconnects;                // connections to the bus made again
};

// The process's bus instruments.
BusMetrics& bus_metrics();

} // namespace server::cluster
