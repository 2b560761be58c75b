#include "server/app/io_threads.h"

#include "server/log.h"

#include <chrono>
#include <exception>
#include <memory>
#include <string>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

namespace server {

namespace {

// Thrown by the renewal's handler to end the worker that runs it; no std::exception, so that
// nothing on the way mistakes it for an error.
struct RetireWorker {};

// The renewal count when this worker started, and whose worker it is (null: not a worker).
thread_local std::uint64_t worker_born_at = 0;
thread_local const IoThreads* worker_of = nullptr;

} // namespace

void IoThreads::start(unsigned count) {
    for (unsigned i = 0; i < count; ++i)
        slots_.emplace_back([this] { supervise(); });
    running_.store(slots_.size());
}

void IoThreads::supervise() {
    for (;;) {
        bool renewed = false;
        std::thread worker([this, &renewed] { renewed = run_worker(); });
        worker.join();
        if (!renewed || io_.stopped())
            return;
    }
}

bool IoThreads::run_worker() {
    worker_born_at = renewals_.load();
    worker_of = this;
    started_.fetch_add(1);
    for (;;) {
        try {
            io_.run();
            return false;
        } catch (const RetireWorker&) {
            return true;
        } catch (const std::exception& e) {
            log::error(std::string("uncaught exception in an I/O thread: ") + e.what());
        }
    }
}

void IoThreads::renew() {
    // running_, not slots_: this may run on an I/O thread while start() still fills slots_.
    const std::size_t slots = running_.load();
    std::int64_t idle = 0;
    if (slots == 0 || !to_retire_.compare_exchange_strong(idle, static_cast<std::int64_t>(slots)))
        return; // not started, stopped, or the last renewal is still under way
    const auto renewal = renewals_.fetch_add(1) + 1;
    for (std::size_t i = 0; i < slots; ++i)
        boost::asio::post(io_, [this, renewal] { retire_one(renewal); });
}

void IoThreads::retire_one(std::uint64_t renewal) {
    if (worker_of == this && worker_born_at < renewal) {
        to_retire_.fetch_sub(1);
        throw RetireWorker{};
    }
    // A thread that is already new (or no worker of ours): leave it to an older one.
    auto timer = std::make_shared<boost::asio::steady_timer>(io_, std::chrono::milliseconds(10));
    timer->async_wait([this, renewal, timer](const boost::system::error_code& ec) {
        if (!ec)
            retire_one(renewal);
    });
}

void IoThreads::join() {
    running_.store(0);
    for (auto& slot : slots_)
        if (slot.joinable())
            slot.join();
    slots_.clear();
    to_retire_.store(0); // a renewal the stop cut short is over
}

} // namespace server
