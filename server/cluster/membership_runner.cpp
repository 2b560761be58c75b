#include "server/cluster/membership_runner.h"

#include "server/log.h"
#include "server/startup_error.h"

#include <utility>

#include <boost/asio/post.hpp>

namespace server::cluster {

MembershipRunner::MembershipRunner(MembershipOptions options, ClusterStoreFactory make_store,
                                   Executor executor, Reporter reporter,
                                   std::chrono::milliseconds period)
    : membership_(std::move(options), std::move(make_store)), executor_(std::move(executor)),
      reporter_(std::make_shared<Reporter>(std::move(reporter))), period_(period),
      figures_(membership_.figures()) {
}

MembershipRunner::~MembershipRunner() {
    stop();
}

void MembershipRunner::start(std::string address) {
    if (thread_.joinable())
        return;
    auto report = membership_.start(std::move(address), MembershipClock::now());
    if (!report.joined) {
        const std::string cause = report.failures.empty() ? "unknown" : report.failures.front();
        throw StartupError("cluster: node " + membership_.figures().node_id +
                           " cannot register: " + cause);
    }
    publish(std::move(report));
    thread_ = std::thread([this] { run(); });
}

void MembershipRunner::run() {
    auto next = MembershipClock::now() + period_;
    std::unique_lock lock(mutex_);
    while (!wake_.wait_until(lock, next, [this] { return stopping_; })) {
        lock.unlock();
        auto report = membership_.tick(MembershipClock::now());
        publish(std::move(report));
        next += period_;
        const auto now = MembershipClock::now();
        if (next < now)
            next = now; // a slow database call: no burst of ticks to catch up
        lock.lock();
    }
    lock.unlock();
    std::string failure;
    if (!membership_.leave(&failure) && !failure.empty())
        log::warn("cluster: node " + membership_.figures().node_id +
                  " could not leave cleanly: " + failure);
    publish({});
}

void MembershipRunner::publish(MembershipReport report) {
    {
        std::lock_guard lock(mutex_);
        figures_ = membership_.figures();
    }
    if (report.empty() || !*reporter_)
        return;
    boost::asio::post(executor_,
                      [reporter = reporter_, report = std::move(report)] { (*reporter)(report); });
}

void MembershipRunner::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable())
        thread_.join();
}

observability::NodeFigures MembershipRunner::figures() const {
    std::lock_guard lock(mutex_);
    return figures_;
}

} // namespace server::cluster
