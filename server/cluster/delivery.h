#pragma once
// How both buses hand work to a caller's executor: a Delivery holds a handler, its executor and
// an "active" flag that the subscription's handle clears, so that a handler posted before the
// handle was destroyed (on that executor) is skipped. StateWatchers is the list of
// watch_state handlers. Thread-safe: the bus's threads post, the callers' threads cancel.

#include "server/cluster/bus.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include <boost/asio/post.hpp>

namespace server::cluster {

template <class Handler> struct Delivery {
    Delivery(Executor e, Handler h) : executor(std::move(e)), handler(std::move(h)) {}

    // Ends the delivery (its handle's destructor, on its executor; a bus that closes): nothing
    // is posted after it, and the executor is let go here. A bus thread may free the delivery
    // later (libnats frees a subscription's closure on its own thread, when the executor's
    // io_context may be gone), and must then destroy no executor.
    void cancel() {
        const std::lock_guard lock(mutex);
        active.store(false, std::memory_order_release);
        executor = Executor();
    }

    std::mutex mutex; // between cancel and post_delivery, for `executor`
    Executor executor;
    Handler handler;
    std::atomic<bool> active{true};
};

// Posts `handler(argument)` to the delivery's executor unless it is cancelled; skipped also if
// it is cancelled before it runs.
template <class Handler, class Argument>
void post_delivery(const std::shared_ptr<Delivery<Handler>>& delivery, Argument argument) {
    const std::lock_guard lock(delivery->mutex);
    if (!delivery->active.load(std::memory_order_acquire))
        return;
    boost::asio::post(delivery->executor, [delivery, argument = std::move(argument)] {
        if (delivery->active.load(std::memory_order_acquire))
            delivery->handler(argument);
    });
}

// The handlers of watch_state.
class StateWatchers {
public:
    Subscription watch(Executor executor, StateHandler handler);
    void notify(BusState state);

private:
    using StateDelivery = Delivery<StateHandler>;
    // Shared with the handles, which may outlive the bus.
    struct Shared {
        std::mutex mutex;
        std::vector<std::shared_ptr<StateDelivery>> list;
    };
    class WatchHold;

    std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

} // namespace server::cluster
