#pragma once
// The message bus between the nodes of a cluster (server/cluster/README.md; NATS core semantics):
// publish to a subject, subscribe to a subject or a wildcard ("tabula.table.*",
// "tabula.>"), request with a reply or a clear error, and the connection's state changes.
// Delivery is at-most-once: a message published while a subscriber's bus is disconnected is
// lost for it; the cluster repairs gaps from PostgreSQL and event versions, not from the bus.
//
// Threads: every method may be called from any thread. Handlers never run on the bus's own
// threads: each is posted to the executor given with it (a strand, an io_context's executor),
// one message at a time per subscription when that executor is a strand. Messages of one
// publisher on one subject reach a subscription in the order they were published.
//
// Errors: publishing and requesting report a BusError; subscribing to an invalid subject or on
// a closed bus throws BusFailure (subjects are the program's, not a user's, so that is a bug).
// Implementations: NatsBus (nats_bus.h, libnats) and LocalBus (local_bus.h, in process).

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility> // before Asio: Boost 1.74's awaitable.hpp needs std::exchange (STYLE.md §9)

#include <boost/asio/any_io_executor.hpp>

namespace server::cluster {

using Executor = boost::asio::any_io_executor;

// A message as a subscriber sees it. `reply` is the subject a request waits on (empty for a
// plain publish); answer it with Bus::reply.
struct Message {
    std::string subject;
    std::string data;
    std::string reply;
};

enum class BusError : std::uint8_t {
    InvalidSubject, // empty, a blank or empty token, or a wildcard where none is allowed
    Timeout,        // no reply within the request's timeout
    NoResponders,   // nobody subscribes to the request's subject
    Disconnected,   // the bus is not connected (reconnecting) or lost the connection
    Closed,         // the bus was closed
    Failed,         // the client library refused for another reason (logged)
};

// The stable snake_case name of an error ("no_responders").
const char* bus_error_name(BusError error);

// A request's outcome: the reply's data, or why there is none.
struct Reply {
    std::optional<BusError> error;
    std::string data;

    bool ok() const { return !error; }
};

enum class BusState : std::uint8_t {
    Connected,    // the first connection (once)
    Disconnected, // the connection was lost; the bus keeps trying to reconnect
    Reconnected,  // connected again; subscriptions are live again
    Closed,       // closed for good (Bus::close or shutdown)
};

const char* bus_state_name(BusState state);

using MessageHandler = std::function<void(const Message&)>;
using ReplyHandler = std::function<void(const Reply&)>;
using StateHandler = std::function<void(BusState)>;

// Thrown by subscribe on an invalid subject or a closed bus, and by a bus that cannot start.
class BusFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A subscription (or a state watch): live while this handle is. Destroying it or calling
// reset() ends it; a handler already posted but not yet run is then skipped, provided the
// handle is destroyed on the handler's executor (on another thread a handler that is running
// at that moment finishes). Move-only.
class Subscription {
public:
    // What an implementation keeps alive for a subscription; its destructor ends it.
    class Hold {
    public:
        virtual ~Hold() = default;
    };

    Subscription() = default;
    explicit Subscription(std::unique_ptr<Hold> hold) : hold_(std::move(hold)) {}

    void reset() { hold_.reset(); }
    bool active() const { return hold_ != nullptr; }

private:
    std::unique_ptr<Hold> hold_;
};

class Bus {
public:
    virtual ~Bus() = default;

    // Hands `data` to the bus for every subscriber of `subject` (no wildcards). Returns nothing
    // once handed over, which is not a promise of delivery.
    virtual std::optional<BusError> publish(std::string_view subject, std::string_view data) = 0;

    // Calls `handler` on `executor` for every message whose subject matches `subject`: tokens
    // separated by '.', "*" matches one token, ">" (last) one or more.
    virtual Subscription subscribe(std::string_view subject, Executor executor,
                                   MessageHandler handler) = 0;

    // Sends `data` to `subject` and calls `handler` on `executor` exactly once: with the first
    // reply, or with Timeout after `timeout`, NoResponders, Disconnected or Closed.
    virtual void request(std::string_view subject, std::string_view data,
                         std::chrono::milliseconds timeout, Executor executor,
                         ReplyHandler handler) = 0;

    // Answers a request received by a subscription. InvalidSubject if it wanted no reply.
    std::optional<BusError> reply(const Message& request, std::string_view data);

    // Calls `handler` on `executor` at each change of the connection's state.
    virtual Subscription watch_state(Executor executor, StateHandler handler) = 0;

    // Waits (blocking the caller, at most `timeout`) until the server has taken everything
    // sent before, subscriptions included: after it, another node's publish reaches them.
    // Disconnected or Timeout if it could not be confirmed, Closed on a closed bus.
    virtual std::optional<BusError> flush(std::chrono::milliseconds timeout) = 0;

    // True while connected (not before the first connection, nor while reconnecting).
    virtual bool connected() const = 0;

    // Stops the bus: pending requests get Closed, no handler is called afterwards (bar those
    // already posted), later calls get Closed. Also done by the destructor. Idempotent.
    virtual void close() = 0;
};

} // namespace server::cluster
