#include "server/cluster/pending_requests.h"

#include <vector>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

namespace server::cluster {

struct PendingRequests::Entry {
    Entry(Executor e, ReplyHandler h) : executor(e), handler(std::move(h)), timer(std::move(e)) {}

    Executor executor;
    ReplyHandler handler;
    // Touched only under the set's mutex: Asio timers are not safe for concurrent calls.
    boost::asio::steady_timer timer;
    observability::Clock::time_point sent = observability::Clock::now();
};

std::optional<std::uint64_t> PendingRequests::add(std::chrono::milliseconds timeout,
                                                  Executor executor, ReplyHandler handler) {
    metrics_->requests_total.add();
    const std::lock_guard lock(mutex_);
    if (closed_) {
        metrics_->request_failures.add();
        boost::asio::post(executor, [handler = std::move(handler)] {
            handler(Reply{BusError::Closed, {}});
        });
        return std::nullopt;
    }
    const auto token = next_token_++;
    auto entry = std::make_shared<Entry>(std::move(executor), std::move(handler));
    entry->timer.expires_after(timeout);
    entry->timer.async_wait([self = weak_from_this(), token](const boost::system::error_code& ec) {
        if (ec)
            return; // cancelled: the request was completed otherwise
        if (auto set = self.lock())
            set->expire(token);
    });
    entries_.emplace(token, std::move(entry));
    return token;
}

void PendingRequests::complete(std::uint64_t token, Reply reply) {
    std::shared_ptr<Entry> entry;
    {
        const std::lock_guard lock(mutex_);
        const auto it = entries_.find(token);
        if (it == entries_.end())
            return; // timed out, failed, or a second reply
        entry = std::move(it->second);
        entries_.erase(it);
        entry->timer.cancel();
    }
    if (reply.ok())
        metrics_->request_seconds.observe_since(entry->sent);
    finish(entry, std::move(reply));
}

void PendingRequests::expire(std::uint64_t token) {
    std::shared_ptr<Entry> entry;
    {
        const std::lock_guard lock(mutex_);
        const auto it = entries_.find(token);
        if (it == entries_.end())
            return;
        entry = std::move(it->second);
        entries_.erase(it);
    }
    finish(entry, Reply{BusError::Timeout, {}});
}

void PendingRequests::fail_all(BusError error, bool close) {
    std::vector<std::shared_ptr<Entry>> failed;
    {
        const std::lock_guard lock(mutex_);
        closed_ = closed_ || close;
        for (auto& [token, entry] : entries_) {
            entry->timer.cancel();
            failed.push_back(std::move(entry));
        }
        entries_.clear();
    }
    for (const auto& entry : failed)
        finish(entry, Reply{error, {}});
}

std::size_t PendingRequests::waiting() const {
    const std::lock_guard lock(mutex_);
    return entries_.size();
}

void PendingRequests::finish(const std::shared_ptr<Entry>& entry, Reply reply) {
    if (!reply.ok())
        metrics_->request_failures.add();
    boost::asio::post(entry->executor,
                      [entry, reply = std::move(reply)] { entry->handler(reply); });
}

} // namespace server::cluster
