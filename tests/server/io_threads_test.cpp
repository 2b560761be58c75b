// The I/O threads and their renewal after a burst (server/app/io_threads.h): every thread is
// replaced once, between two handlers, and the io_context goes on serving.
#include "server/app/io_threads.h"

#include <atomic>
#include <chrono>
#include <future>
#include <set>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <doctest/doctest.h>

namespace {

// Runs one handler on the io_context and waits for it (bounded).
bool run_one_handler(boost::asio::io_context& io) {
    std::promise<void> ran;
    auto done = ran.get_future();
    boost::asio::post(io, [&ran] { ran.set_value(); });
    return done.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
}

bool wait_for_workers(const server::IoThreads& threads, std::uint64_t count) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (threads.workers_started() < count) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

} // namespace

TEST_CASE("io threads: a renewal replaces each thread once and the work goes on") {
    boost::asio::io_context io;
    auto work = boost::asio::make_work_guard(io);
    server::IoThreads threads(io);
    threads.start(3);
    REQUIRE(wait_for_workers(threads, 3));
    CHECK(threads.size() == 3);

    threads.renew();
    CHECK(wait_for_workers(threads, 6));
    // Let the handlers a new thread handed on settle: no fourth replacement per slot.
    for (int i = 0; i < 20; ++i)
        CHECK(run_one_handler(io));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(threads.workers_started() == 6);

    threads.renew(); // a second renewal, once the first is done
    CHECK(wait_for_workers(threads, 9));
    CHECK(run_one_handler(io));

    work.reset();
    io.stop();
    threads.join();
    CHECK(threads.size() == 0);
}

TEST_CASE("io threads: a renewal while one thread is busy waits for that thread") {
    boost::asio::io_context io;
    auto work = boost::asio::make_work_guard(io);
    server::IoThreads threads(io);
    threads.start(2);
    REQUIRE(wait_for_workers(threads, 2));

    std::promise<void> release;
    auto released = release.get_future().share();
    std::atomic<bool> busy{false};
    boost::asio::post(io, [&] {
        busy = true;
        released.wait();
    });
    while (!busy)
        std::this_thread::yield();
    threads.renew();
    CHECK(wait_for_workers(threads, 3)); // the free one is replaced at once
    CHECK(run_one_handler(io));          // and serves
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(threads.workers_started() == 3);
    release.set_value(); // the busy one finishes its handler, then is replaced
    CHECK(wait_for_workers(threads, 4));

    work.reset();
    io.stop();
    threads.join();
}

TEST_CASE("io threads: renewing before start or after a stop does nothing") {
    boost::asio::io_context io;
    server::IoThreads threads(io);
    threads.renew();
    CHECK(threads.workers_started() == 0);
    threads.start(1);
    REQUIRE(wait_for_workers(threads, 1));
    io.stop();
    threads.join();
    threads.renew();
    CHECK(threads.workers_started() == 1);
}
