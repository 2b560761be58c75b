#pragma once
// A Bus inside one process, for tests of cluster logic without a NATS server: the same subject
// and wildcard rules (subject.h), the same at-most-once delivery through the callers'
// executors, requests with "no responders" and timeouts. disconnect() and reconnect() play a
// lost connection: while disconnected, published messages are dropped (as NATS drops them
// for a subscriber that is away) and requests fail with Disconnected.
//
// Thread-safe, as bus.h says. Messages of one publisher on one subject keep their order
// for a subscription whose executor runs handlers in order (a strand, a one-thread io_context).

#include "server/cluster/bus.h"
#include "server/cluster/bus_metrics.h"
#include "server/cluster/delivery.h"
#include "server/cluster/pending_requests.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace server::cluster {

class LocalBus final : public Bus {
public:
    explicit LocalBus(BusMetrics& metrics = bus_metrics());
    ~LocalBus() override;
    LocalBus(const LocalBus&) = delete;
    LocalBus& operator=(const LocalBus&) = delete;
    LocalBus(LocalBus&&) = delete;
    LocalBus& operator=(LocalBus&&) = delete;

    std::optional<BusError> publish(std::string_view subject, std::string_view data) override;
    Subscription subscribe(std::string_view subject, Executor executor,
                           MessageHandler handler) override;
    void request(std::string_view subject, std::string_view data, std::chrono::milliseconds timeout,
                 Executor executor, ReplyHandler handler) override;
    Subscription watch_state(Executor executor, StateHandler handler) override;
    std::optional<BusError> flush(std::chrono::milliseconds timeout) override;
    bool connected() const override;
    void close() override;

    // The connection is lost (Disconnected to the watchers, waiting requests fail), then back
    // (Reconnected). Subscriptions stay, as NATS's client re-sends them.
    void disconnect();
    void reconnect();

private:
    using MessageDelivery = Delivery<MessageHandler>;
    struct Entry {
        std::string pattern;
        std::shared_ptr<MessageDelivery> delivery;
    };
    // Shared with the handles, which may outlive the bus.
    struct Shared {
        std::mutex mutex;
        std::vector<Entry> entries;
    };
    class LocalHold;

    // The deliveries whose pattern matches `subject`.
    std::vector<std::shared_ptr<MessageDelivery>> matching(std::string_view subject) const;
    void deliver(std::string_view subject, std::string_view data, std::string reply);

    BusMetrics* metrics_;
    std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
    std::shared_ptr<PendingRequests> pending_;
    StateWatchers watchers_;
    mutable std::mutex state_mutex_;
    bool connected_ = true;
    bool closed_ = false;
};

} // namespace server::cluster
