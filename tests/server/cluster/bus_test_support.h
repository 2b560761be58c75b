#pragma once
// What the bus tests share: an io_context on a thread of its own (the executor handlers are
// posted to), a queue a handler fills and the test waits on (bounded), the fixture's NATS URL,
// and a nats-server of a test's own that it may kill and restart (tests/support/nats_server.sh).

#include "server/cluster/bus.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace cluster_test {

using namespace std::chrono_literals;

// An io_context run by one thread until destroyed.
class IoThread {
public:
    IoThread();
    ~IoThread();
    IoThread(const IoThread&) = delete;
    IoThread& operator=(const IoThread&) = delete;
    IoThread(IoThread&&) = delete;
    IoThread& operator=(IoThread&&) = delete;

    server::cluster::Executor executor() { return context_.get_executor(); }
    boost::asio::io_context& context() { return context_; }
    std::thread::id id() const { return thread_.get_id(); }

private:
    boost::asio::io_context context_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_;
    std::thread thread_;
};

// Values pushed by handlers, taken by the test.
template <class T> class Queue {
public:
    void push(T value) {
        const std::lock_guard lock(mutex_);
        values_.push_back(std::move(value));
        changed_.notify_all();
    }
    // The next value, or nothing after `wait`.
    std::optional<T> take(std::chrono::milliseconds wait = 5s) {
        std::unique_lock lock(mutex_);
        if (!changed_.wait_for(lock, wait, [&] { return !values_.empty(); }))
            return std::nullopt;
        T value = std::move(values_.front());
        values_.pop_front();
        return value;
    }
    std::size_t size() const {
        const std::lock_guard lock(mutex_);
        return values_.size();
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<T> values_;
};

// Takes states from `states` until `wanted` arrives (true) or none comes for `wait`.
bool wait_for_state(Queue<server::cluster::BusState>& states, server::cluster::BusState wanted,
                    std::chrono::milliseconds wait = 10s);

// The URL of the fixture's server ($TABULA_TEST_NATS_STATE/url); fails the test without one.
std::string fixture_nats_url();

// A nats-server of the test's own, started in a fresh state folder and stopped when destroyed.
class OwnNatsServer {
public:
    OwnNatsServer();
    ~OwnNatsServer();
    OwnNatsServer(const OwnNatsServer&) = delete;
    OwnNatsServer& operator=(const OwnNatsServer&) = delete;
    OwnNatsServer(OwnNatsServer&&) = delete;
    OwnNatsServer& operator=(OwnNatsServer&&) = delete;

    const std::string& url() const { return url_; }
    void kill();    // SIGKILL, as a crash
    void restart(); // again on the same port

private:
    void run(const char* action) const;

    std::string state_;
    std::string url_;
};

} // namespace cluster_test
