#include "server/cluster/local_bus.h"

#include "server/cluster/subject.h"

#include <charconv>

namespace server::cluster {
namespace {

// The reply subjects of a LocalBus's requests: the prefix and the request's token.
constexpr std::string_view local_inbox = "_INBOX.local.";

} // namespace

class LocalBus::LocalHold : public Subscription::Hold {
public:
    LocalHold(std::shared_ptr<Shared> shared, std::shared_ptr<MessageDelivery> delivery)
        : shared_(std::move(shared)), delivery_(std::move(delivery)) {}
    LocalHold(const LocalHold&) = delete;
    LocalHold& operator=(const LocalHold&) = delete;
    LocalHold(LocalHold&&) = delete;
    LocalHold& operator=(LocalHold&&) = delete;

    ~LocalHold() override {
        delivery_->cancel();
        const std::lock_guard lock(shared_->mutex);
        std::erase_if(shared_->entries,
                      [this](const Entry& entry) { return entry.delivery == delivery_; });
    }

private:
    std::shared_ptr<Shared> shared_;
    std::shared_ptr<MessageDelivery> delivery_;
};

LocalBus::LocalBus(BusMetrics& metrics)
    : metrics_(&metrics), pending_(std::make_shared<PendingRequests>(metrics)) {
}

LocalBus::~LocalBus() {
    close();
}

std::optional<BusError> LocalBus::publish(std::string_view subject, std::string_view data) {
    if (!valid_subject(subject, false))
        return BusError::InvalidSubject;
    {
        const std::lock_guard lock(state_mutex_);
        if (closed_)
            return BusError::Closed;
        if (!connected_)
            return std::nullopt; // handed over and lost, as on a bus that is away
    }
    metrics_->messages_published.add();
    if (subject.starts_with(local_inbox)) {
        const auto digits = subject.substr(local_inbox.size());
        std::uint64_t token = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), token);
        if (ec == std::errc() && end == digits.data() + digits.size())
            pending_->complete(token, Reply{std::nullopt, std::string(data)});
    }
    deliver(subject, data, {});
    return std::nullopt;
}

Subscription LocalBus::subscribe(std::string_view subject, Executor executor,
                                 MessageHandler handler) {
    if (!valid_subject(subject, true))
        throw BusFailure("bus: invalid subscription subject \"" + std::string(subject) + "\"");
    {
        const std::lock_guard lock(state_mutex_);
        if (closed_)
            throw BusFailure("bus: subscribe on a closed bus");
    }
    auto delivery = std::make_shared<MessageDelivery>(std::move(executor), std::move(handler));
    {
        const std::lock_guard lock(shared_->mutex);
        shared_->entries.push_back(Entry{std::string(subject), delivery});
    }
    return Subscription(std::make_unique<LocalHold>(shared_, std::move(delivery)));
}

void LocalBus::request(std::string_view subject, std::string_view data,
                       std::chrono::milliseconds timeout, Executor executor, ReplyHandler handler) {
    auto fail = [&](BusError error) {
        metrics_->requests_total.add();
        metrics_->request_failures.add();
        boost::asio::post(executor, [handler = std::move(handler), error] {
            handler(Reply{error, {}});
        });
    };
    if (!valid_subject(subject, false))
        return fail(BusError::InvalidSubject);
    {
        const std::lock_guard lock(state_mutex_);
        if (closed_)
            return fail(BusError::Closed);
        if (!connected_)
            return fail(BusError::Disconnected);
    }
    if (matching(subject).empty())
        return fail(BusError::NoResponders);
    const auto token = pending_->add(timeout, std::move(executor), std::move(handler));
    if (!token)
        return; // closed meanwhile: the handler got Closed
    metrics_->messages_published.add();
    deliver(subject, data, std::string(local_inbox) + std::to_string(*token));
}

Subscription LocalBus::watch_state(Executor executor, StateHandler handler) {
    return watchers_.watch(std::move(executor), std::move(handler));
}

std::optional<BusError> LocalBus::flush(std::chrono::milliseconds /*timeout*/) {
    const std::lock_guard lock(state_mutex_);
    if (closed_)
        return BusError::Closed;
    if (!connected_)
        return BusError::Disconnected;
    return std::nullopt; // subscriptions take effect at once
}

bool LocalBus::connected() const {
    const std::lock_guard lock(state_mutex_);
    return connected_ && !closed_;
}

void LocalBus::close() {
    {
        const std::lock_guard lock(state_mutex_);
        if (closed_)
            return;
        closed_ = true;
        connected_ = false;
    }
    pending_->fail_all(BusError::Closed, true);
    {
        const std::lock_guard lock(shared_->mutex);
        for (const auto& entry : shared_->entries)
            entry.delivery->cancel();
        shared_->entries.clear();
    }
    watchers_.notify(BusState::Closed);
}

void LocalBus::disconnect() {
    {
        const std::lock_guard lock(state_mutex_);
        if (closed_ || !connected_)
            return;
        connected_ = false;
    }
    metrics_->disconnects.add();
    pending_->fail_all(BusError::Disconnected, false);
    watchers_.notify(BusState::Disconnected);
}

void LocalBus::reconnect() {
    {
        const std::lock_guard lock(state_mutex_);
        if (closed_ || connected_)
            return;
        connected_ = true;
    }
    metrics_->reconnects.add();
    watchers_.notify(BusState::Reconnected);
}

std::vector<std::shared_ptr<LocalBus::MessageDelivery>>
LocalBus::matching(std::string_view subject) const {
    std::vector<std::shared_ptr<MessageDelivery>> found;
    const std::lock_guard lock(shared_->mutex);
    for (const auto& entry : shared_->entries)
        if (subject_matches(entry.pattern, subject))
            found.push_back(entry.delivery);
    return found;
}

void LocalBus::deliver(std::string_view subject, std::string_view data, std::string reply) {
    const auto targets = matching(subject);
    if (targets.empty())
        return;
    const Message message{std::string(subject), std::string(data), std::move(reply)};
    for (const auto& delivery : targets) {
        metrics_->messages_received.add();
        post_delivery(delivery, message);
    }
}

} // namespace server::cluster
