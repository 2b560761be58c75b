#pragma once
// The requests of a bus that wait for their reply, by token (the last token of the reply
// subject). Each is completed exactly once, by whichever comes first: its reply (complete),
// its timer (Timeout, on the request's executor), or the bus losing its connection or closing
// (fail_all). The handler is always posted to the request's executor.
//
// Thread-safe: replies arrive on the bus's threads, timers fire on the callers' executors. Held
// by shared_ptr: a timer that fires after the bus is gone still finds it.

#include "server/cluster/bus.h"
#include "server/cluster/bus_metrics.h"
#include "server/observability/metrics.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace server::cluster {

class PendingRequests : public std::enable_shared_from_this<PendingRequests> {
public:
    explicit PendingRequests(BusMetrics& metrics) : metrics_(&metrics) {}

    // Registers a request and starts its timer. Returns its token, or nothing when the set is
    // closed (the handler is then posted Closed).
    std::optional<std::uint64_t> add(std::chrono::milliseconds timeout, Executor executor,
                                     ReplyHandler handler);

    // Completes the request `token` with `reply` (data or an error), if it still waits. A
    // reply with data is a round trip for the request_seconds histogram.
    void complete(std::uint64_t token, Reply reply);

    // Completes every waiting request with `error`; with `close`, later adds are refused.
    void fail_all(BusError error, bool close);

    std::size_t waiting() const;

private:
    struct Entry;

    void expire(std::uint64_t token);
    void finish(const std::shared_ptr<Entry>& entry, Reply reply);

    BusMetrics* metrics_;
    mutable std::mutex mutex_;
    std::unordered_map<std::uint64_t, std::shared_ptr<Entry>> entries_;
    std::uint64_t next_token_ = 1;
    bool closed_ = false;
};

} // namespace server::cluster
