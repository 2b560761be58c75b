#pragma once
// The Bus over NATS core (nats-server 2.9, libnats 3.4's C API): at-most-once, no JetStream.
// Publishes leave at once (natsOptions_SetSendAsap: 0.05 ms against 0.71 ms p50 for a 3 KB
// message with the default buffering; bench/README.md "The bus"). The connection is named after the
// node, tries the servers of its URL list, and reconnects forever: after a failed round over
// the list it waits reconnect_wait times the round's number, at most reconnect_wait_max. While
// it is away, publishes are buffered by libnats (up to 8 MB) and requests fail with
// Disconnected; on reconnection libnats re-sends the subscriptions, the bus confirms them with
// a flush, then tells the watchers Reconnected.
//
// Threads: libnats reads, writes and calls back on threads of its own; the bus copies each
// message and posts it to the subscription's executor (bus.h). close() (and the destructor)
// fails waiting requests, closes the connection, waits for libnats's last callback (bounded),
// and releases the connection; subscription handles may outlive the bus. The executors given
// to the bus must outlive it, and the metrics its subscriptions.

#include "server/cluster/bus.h"
#include "server/cluster/bus_metrics.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace server::cluster {

struct NatsBusOptions {
    std::vector<std::string> urls;                      // "nats://127.0.0.1:4222", tried in turn
    std::string name;                                   // the node id, as the server lists it
    std::chrono::milliseconds reconnect_wait{100};      // after the first failed round
    std::chrono::milliseconds reconnect_wait_max{2000}; // the bound on the wait
    std::chrono::milliseconds connect_timeout{2000};    // one attempt at one server
    // A server that stops answering is given up after ping_interval * (max_pings_out + 1).
    std::chrono::milliseconds ping_interval{5000};
    int max_pings_out = 2;
    std::chrono::milliseconds close_timeout{2000}; // close(): flush, then libnats's last callback
};

struct NatsCore; // the state libnats's callbacks share with the bus (nats_bus.cpp)

class NatsBus final : public Bus {
public:
    explicit NatsBus(NatsBusOptions options, BusMetrics& metrics = bus_metrics());
    ~NatsBus() override;
    NatsBus(const NatsBus&) = delete;
    NatsBus& operator=(const NatsBus&) = delete;
    NatsBus(NatsBus&&) = delete;
    NatsBus& operator=(NatsBus&&) = delete;

    // Connects. Returns connected, or at once when no server answers yet: the bus then keeps
    // trying and tells the watchers Connected when it gets through (watch before starting to
    // see it). Throws BusFailure on options libnats refuses (a malformed URL).
    void start();

    std::optional<BusError> publish(std::string_view subject, std::string_view data) override;
    Subscription subscribe(std::string_view subject, Executor executor,
                           MessageHandler handler) override;
    void request(std::string_view subject, std::string_view data, std::chrono::milliseconds timeout,
                 Executor executor, ReplyHandler handler) override;
    Subscription watch_state(Executor executor, StateHandler handler) override;
    std::optional<BusError> flush(std::chrono::milliseconds timeout) override;
    bool connected() const override;
    void close() override;

private:
    std::shared_ptr<NatsCore> core_;
};

} // namespace server::cluster
