#include "server/cluster/nats_bus.h"

#include "server/cluster/delivery.h"
#include "server/cluster/nats_handles.h"
#include "server/cluster/pending_requests.h"
#include "server/cluster/subject.h"
#include "server/log.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <mutex>
#include <shared_mutex>

namespace server::cluster {
namespace {

using MessageDelivery = Delivery<MessageHandler>;

// What a subscription's libnats callbacks see; freed by libnats's completion callback, after
// the last message callback of the subscription has returned.
struct NatsDeliveryClosure {
    std::shared_ptr<MessageDelivery> delivery;
    BusMetrics* metrics;
};

// What the inbox subscription's callbacks see: replies to this bus's requests.
struct InboxClosure {
    std::shared_ptr<PendingRequests> pending;
    std::size_t prefix_length; // "_INBOX.<id>." before the request's token
};

template <class Closure> void delete_closure(void* closure) {
    delete static_cast<Closure*>(closure); // NOLINT(cppcoreguidelines-owning-memory): libnats's
                                           // completion callback owns what Subscribe was given
}

std::string text_or_empty(const char* text) {
    return text == nullptr ? std::string() : std::string(text);
}

void on_nats_message(natsConnection* /*connection*/, natsSubscription* /*subscription*/,
                     natsMsg* raw, void* closure) {
    const nats::MessageHandle message(raw);
    const auto& target = *static_cast<NatsDeliveryClosure*>(closure);
    Message copy{text_or_empty(natsMsg_GetSubject(raw)), {}, text_or_empty(natsMsg_GetReply(raw))};
    if (const char* data = natsMsg_GetData(raw); data != nullptr)
        copy.data.assign(data, static_cast<std::size_t>(natsMsg_GetDataLength(raw)));
    target.metrics->messages_received.add();
    post_delivery(target.delivery, std::move(copy));
}

void on_inbox_message(natsConnection* /*connection*/, natsSubscription* /*subscription*/,
                      natsMsg* raw, void* closure) {
    const nats::MessageHandle message(raw);
    const auto& inbox = *static_cast<InboxClosure*>(closure);
    const std::string_view subject = natsMsg_GetSubject(raw);
    if (subject.size() <= inbox.prefix_length)
        return;
    const auto digits = subject.substr(inbox.prefix_length);
    std::uint64_t token = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), token);
    if (ec != std::errc() || end != digits.data() + digits.size())
        return;
    if (natsMsg_IsNoResponders(raw)) {
        inbox.pending->complete(token, Reply{BusError::NoResponders, {}});
        return;
    }
    Reply reply;
    if (const char* data = natsMsg_GetData(raw); data != nullptr)
        reply.data.assign(data, static_cast<std::size_t>(natsMsg_GetDataLength(raw)));
    inbox.pending->complete(token, std::move(reply));
}

BusError error_of(natsStatus status) {
    switch (status) {
    case NATS_CONNECTION_CLOSED:
        return BusError::Closed;
    case NATS_CONNECTION_DISCONNECTED:
    case NATS_NOT_YET_CONNECTED:
    case NATS_INSUFFICIENT_BUFFER: // the buffer of a bus that is reconnecting is full
    case NATS_NO_SERVER:
        return BusError::Disconnected;
    case NATS_TIMEOUT:
        return BusError::Timeout;
    case NATS_INVALID_SUBJECT:
        return BusError::InvalidSubject;
    default:
        return BusError::Failed;
    }
}

std::int64_t whole_ms(std::chrono::milliseconds duration) {
    return static_cast<std::int64_t>(duration.count());
}

} // namespace

struct NatsCore {
    NatsCore(NatsBusOptions o, BusMetrics& m)
        : options(std::move(o)), metrics(&m), pending(std::make_shared<PendingRequests>(m)) {}

    NatsBusOptions options;
    BusMetrics* metrics;
    StateWatchers watchers;
    std::shared_ptr<PendingRequests> pending;
    std::atomic<bool> connected{false};
    std::atomic<bool> closing{false};

    // Guards the handles: shared by the calls that use the connection, unique to replace them.
    std::shared_mutex handles_mutex;
    nats::ConnectionHandle connection;
    nats::SubscriptionHandle inbox_subscription;
    std::string inbox_prefix; // "_INBOX.<unique id>."

    // libnats's closed callback, the last one of the connection.
    std::mutex closed_mutex;
    std::condition_variable closed_signal;
    bool closed_seen = false;

    void became_connected(natsConnection* connection_now, bool again);
};

namespace {

// The connection's callbacks get a heap copy of the shared_ptr to the core: the closed
// callback, libnats's last, deletes it, so the core outlives every callback.
using CoreClosure = std::shared_ptr<NatsCore>;

NatsCore& core_of(void* closure) {
    return **static_cast<CoreClosure*>(closure);
}

void on_connected(natsConnection* connection, void* closure) {
    core_of(closure).became_connected(connection, false);
}

void on_reconnected(natsConnection* connection, void* closure) {
    core_of(closure).became_connected(connection, true);
}

void on_disconnected(natsConnection* /*connection*/, void* closure) {
    auto& core = core_of(closure);
    core.connected.store(false);
    if (core.closing.load())
        return;
    core.metrics->disconnects.add();
    core.pending->fail_all(BusError::Disconnected, false);
    log::warn("bus: disconnected from NATS; reconnecting");
    core.watchers.notify(BusState::Disconnected);
}

void on_closed(natsConnection* /*connection*/, void* closure) {
    auto* owned = static_cast<CoreClosure*>(closure);
    const CoreClosure core = *owned;
    delete owned; // NOLINT(cppcoreguidelines-owning-memory): see CoreClosure
    core->connected.store(false);
    core->pending->fail_all(BusError::Closed, true);
    core->watchers.notify(BusState::Closed);
    const std::lock_guard lock(core->closed_mutex);
    core->closed_seen = true;
    core->closed_signal.notify_all();
}

void on_async_error(natsConnection* /*connection*/, natsSubscription* /*subscription*/,
                    natsStatus status, void* /*closure*/) {
    log::warn(std::string("bus: NATS reports ") + natsStatus_GetText(status));
}

// The wait after the `attempts`-th failed round over the URL list.
std::int64_t reconnect_delay(natsConnection* /*connection*/, int attempts, void* closure) {
    const auto& options = core_of(closure).options;
    const auto wait = options.reconnect_wait * std::max(attempts, 1);
    return whole_ms(std::min(wait, options.reconnect_wait_max));
}

} // namespace

void NatsCore::became_connected(natsConnection* connection_now, bool again) {
    if (closing.load())
        return;
    if (!again && connected.exchange(true))
        return; // start() saw the connection first and told the watchers
    if (again) {
        metrics->reconnects.add();
        // libnats has re-sent the subscriptions; a round trip makes sure the server has them
        // before the watchers are told (another node may publish right after).
        (void)natsConnection_FlushTimeout(connection_now, whole_ms(options.connect_timeout));
        log::info("bus: reconnected to NATS");
    }
    connected.store(true);
    watchers.notify(again ? BusState::Reconnected : BusState::Connected);
}

NatsBus::NatsBus(NatsBusOptions options, BusMetrics& metrics)
    : core_(std::make_shared<NatsCore>(std::move(options), metrics)) {
}

NatsBus::~NatsBus() {
    close();
}

void NatsBus::start() {
    auto& core = *core_;
    const std::unique_lock lock(core.handles_mutex);
    if (core.connection || core.closing.load())
        throw BusFailure("bus: start on a bus already started or closed");
    if (core.options.urls.empty())
        throw BusFailure("bus: no NATS server URL");

    natsOptions* raw_options = nullptr;
    if (natsOptions_Create(&raw_options) != NATS_OK)
        throw BusFailure("bus: cannot create the NATS options");
    const nats::OptionsHandle options(raw_options);
    auto closure = std::make_unique<CoreClosure>(core_);
    std::vector<const char*> urls;
    for (const auto& url : core.options.urls)
        urls.push_back(url.c_str());
    const auto& o = core.options;
    natsStatus status =
        natsOptions_SetServers(raw_options, urls.data(), static_cast<int>(urls.size()));
    const auto check = [&](natsStatus s) {
        if (status == NATS_OK)
            status = s;
    };
    check(natsOptions_SetNoRandomize(raw_options, false));
    check(natsOptions_SetName(raw_options, o.name.c_str()));
    check(natsOptions_SetSendAsap(raw_options, true));
    check(natsOptions_SetAllowReconnect(raw_options, true));
    check(natsOptions_SetMaxReconnect(raw_options, -1));
    check(natsOptions_SetCustomReconnectDelay(raw_options, reconnect_delay, closure.get()));
    check(natsOptions_SetTimeout(raw_options, whole_ms(o.connect_timeout)));
    check(natsOptions_SetPingInterval(raw_options, whole_ms(o.ping_interval)));
    check(natsOptions_SetMaxPingsOut(raw_options, o.max_pings_out));
    check(natsOptions_UseGlobalMessageDelivery(raw_options, true));
    check(natsOptions_SetRetryOnFailedConnect(raw_options, true, on_connected, closure.get()));
    check(natsOptions_SetDisconnectedCB(raw_options, on_disconnected, closure.get()));
    check(natsOptions_SetReconnectedCB(raw_options, on_reconnected, closure.get()));
    check(natsOptions_SetClosedCB(raw_options, on_closed, closure.get()));
    check(natsOptions_SetErrorHandler(raw_options, on_async_error, closure.get()));
    if (status != NATS_OK)
        throw BusFailure("bus: NATS options refused: " + nats::status_text(status));

    natsConnection* raw_connection = nullptr;
    status = natsConnection_Connect(&raw_connection, raw_options);
    if (status != NATS_OK && status != NATS_NOT_YET_CONNECTED)
        throw BusFailure("bus: cannot connect to NATS: " + nats::status_text(status));
    (void)closure.release(); // the closed callback deletes it
    core.connection.reset(raw_connection);

    natsInbox* inbox = nullptr;
    if (natsInbox_Create(&inbox) != NATS_OK)
        throw BusFailure("bus: cannot make an inbox name");
    core.inbox_prefix = std::string(inbox) + ".";
    natsInbox_Destroy(inbox);
    auto inbox_closure =
        std::make_unique<InboxClosure>(InboxClosure{core.pending, core.inbox_prefix.size()});
    natsSubscription* raw_subscription = nullptr;
    status = natsConnection_Subscribe(&raw_subscription, raw_connection,
                                      (core.inbox_prefix + "*").c_str(), on_inbox_message,
                                      inbox_closure.get());
    if (status == NATS_OK) {
        core.inbox_subscription.reset(raw_subscription);
        status = natsSubscription_SetOnCompleteCB(raw_subscription, delete_closure<InboxClosure>,
                                                  inbox_closure.get());
        if (status == NATS_OK)
            (void)inbox_closure.release();
    }
    if (status != NATS_OK)
        throw BusFailure("bus: cannot subscribe to the reply inbox: " + nats::status_text(status));

    if (natsConnection_Status(raw_connection) == NATS_CONN_STATUS_CONNECTED &&
        !core.connected.exchange(true))
        core.watchers.notify(BusState::Connected);
}

std::optional<BusError> NatsBus::publish(std::string_view subject, std::string_view data) {
    if (!valid_subject(subject, false))
        return BusError::InvalidSubject;
    auto& core = *core_;
    const std::shared_lock lock(core.handles_mutex);
    if (core.closing.load() || !core.connection)
        return BusError::Closed;
    const natsStatus status =
        natsConnection_Publish(core.connection.get(), std::string(subject).c_str(), data.data(),
                               static_cast<int>(data.size()));
    if (status != NATS_OK)
        return error_of(status);
    core.metrics->messages_published.add();
    return std::nullopt;
}

namespace {

class NatsHold : public Subscription::Hold {
public:
    NatsHold(nats::SubscriptionHandle subscription, std::shared_ptr<MessageDelivery> delivery)
        : subscription_(std::move(subscription)), delivery_(std::move(delivery)) {}
    NatsHold(const NatsHold&) = delete;
    NatsHold& operator=(const NatsHold&) = delete;
    NatsHold(NatsHold&&) = delete;
    NatsHold& operator=(NatsHold&&) = delete;

    ~NatsHold() override {
        delivery_->cancel();
        // An error here means the connection is closed, which ended the subscription already.
        (void)natsSubscription_Unsubscribe(subscription_.get());
    }

private:
    nats::SubscriptionHandle subscription_; // holds a reference to the connection
    std::shared_ptr<MessageDelivery> delivery_;
};

} // namespace

Subscription NatsBus::subscribe(std::string_view subject, Executor executor,
                                MessageHandler handler) {
    if (!valid_subject(subject, true))
        throw BusFailure("bus: invalid subscription subject \"" + std::string(subject) + "\"");
    auto& core = *core_;
    const std::shared_lock lock(core.handles_mutex);
    if (core.closing.load() || !core.connection)
        throw BusFailure("bus: subscribe on a bus that is closed or not started");
    auto delivery = std::make_shared<MessageDelivery>(std::move(executor), std::move(handler));
    auto closure =
        std::make_unique<NatsDeliveryClosure>(NatsDeliveryClosure{delivery, core.metrics});
    natsSubscription* raw = nullptr;
    natsStatus status = natsConnection_Subscribe(
        &raw, core.connection.get(), std::string(subject).c_str(), on_nats_message, closure.get());
    if (status != NATS_OK)
        throw BusFailure("bus: cannot subscribe to " + std::string(subject) + ": " +
                         nats::status_text(status));
    nats::SubscriptionHandle handle(raw);
    status =
        natsSubscription_SetOnCompleteCB(raw, delete_closure<NatsDeliveryClosure>, closure.get());
    if (status != NATS_OK) {
        // The subscription may be calling back already: end it, leave the closure to it.
        delivery->cancel();
        (void)natsSubscription_Unsubscribe(raw);
        (void)closure.release(); // NOLINT(bugprone-unused-return-value): left to libnats, as said
        throw BusFailure("bus: cannot watch the subscription to " + std::string(subject) + ": " +
                         nats::status_text(status));
    }
    (void)closure.release(); // deleted by delete_closure, after the last message callback
    return Subscription(std::make_unique<NatsHold>(std::move(handle), std::move(delivery)));
}

void NatsBus::request(std::string_view subject, std::string_view data,
                      std::chrono::milliseconds timeout, Executor executor, ReplyHandler handler) {
    auto& core = *core_;
    auto fail = [&](BusError error) {
        core.metrics->requests_total.add();
        core.metrics->request_failures.add();
        boost::asio::post(executor, [handler = std::move(handler), error] {
            handler(Reply{error, {}});
        });
    };
    if (!valid_subject(subject, false))
        return fail(BusError::InvalidSubject);
    const std::shared_lock lock(core.handles_mutex);
    if (core.closing.load() || !core.connection)
        return fail(BusError::Closed);
    if (!core.connected.load())
        return fail(BusError::Disconnected);
    const auto token = core.pending->add(timeout, std::move(executor), std::move(handler));
    if (!token)
        return; // closed meanwhile: the handler got Closed
    const std::string reply_subject = core.inbox_prefix + std::to_string(*token);
    const natsStatus status = natsConnection_PublishRequest(
        core.connection.get(), std::string(subject).c_str(), reply_subject.c_str(), data.data(),
        static_cast<int>(data.size()));
    if (status != NATS_OK) {
        core.pending->complete(*token, Reply{error_of(status), {}});
        return;
    }
    core.metrics->messages_published.add();
}

Subscription NatsBus::watch_state(Executor executor, StateHandler handler) {
    return core_->watchers.watch(std::move(executor), std::move(handler));
}

std::optional<BusError> NatsBus::flush(std::chrono::milliseconds timeout) {
    auto& core = *core_;
    const std::shared_lock lock(core.handles_mutex);
    if (core.closing.load() || !core.connection)
        return BusError::Closed;
    if (!core.connected.load())
        return BusError::Disconnected;
    const natsStatus status = natsConnection_FlushTimeout(
        core.connection.get(), std::max<std::int64_t>(1, whole_ms(timeout)));
    if (status != NATS_OK)
        return error_of(status);
    return std::nullopt;
}

bool NatsBus::connected() const {
    return core_->connected.load() && !core_->closing.load();
}

void NatsBus::close() {
    auto& core = *core_;
    if (core.closing.exchange(true))
        return;
    core.pending->fail_all(BusError::Closed, true);
    const std::unique_lock lock(core.handles_mutex);
    if (!core.connection) {
        core.watchers.notify(BusState::Closed); // never started
        return;
    }
    if (core.connected.load())
        (void)natsConnection_FlushTimeout(core.connection.get(),
                                          whole_ms(core.options.close_timeout));
    natsConnection_Close(core.connection.get());
    {
        std::unique_lock closed_lock(core.closed_mutex);
        if (!core.closed_signal.wait_for(closed_lock, core.options.close_timeout,
                                         [&] { return core.closed_seen; }))
            log::warn("bus: NATS did not confirm the close in time");
    }
    core.inbox_subscription.reset();
    core.connection.reset();
}

} // namespace server::cluster
