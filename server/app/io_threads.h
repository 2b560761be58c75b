#pragma once
// The threads that run the server's io_context, and a way to renew them once a burst of load
// has passed (issue 11: "after every game has ended and been swept, RSS back within 10 % of
// its idle baseline").
//
// Why renew: glibc's malloc gives each thread a cache of freed blocks (the tcache: up to 7
// blocks of each of 64 sizes up to 1 KiB) that only that thread's own mallocs take from and
// that nothing else empties; malloc_trim does not touch it. After the bench's closed loop
// (50 games, every table swept) the I/O thread's cache held 384 blocks, 177 KB, each on its
// own page among the pages the load freed: 382 pages (1.5 MB) stayed resident for the cache
// alone (read from the arena's chunks in /proc/PID/mem; bench/README.md). A thread that ends
// gives its cache back to its arena; so after a burst each I/O thread is ended once, between
// two handlers, and a fresh one takes its place on the same io_context (and the same arena).
// Nothing is lost: asio hands the remaining work to the other threads and to the new one.
//
// Each slot is a small supervisor thread that starts the worker threads one after another; a
// worker ends by an exception thrown from a handler renew() posts (asio lets a handler's
// exception leave run() in that thread only). A worker started after the renewal lets such a
// handler pass to an older one.

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>

namespace server {

class IoThreads {
public:
    explicit IoThreads(boost::asio::io_context& io) : io_(io) {}
    ~IoThreads() { join(); }
    IoThreads(const IoThreads&) = delete;
    IoThreads& operator=(const IoThreads&) = delete;

    // Starts `count` threads running io.run().
    void start(unsigned count);
    // Each thread running now ends after the handler it is in and a fresh one replaces it.
    // Any thread; returns at once.
    void renew();
    // Waits for the threads (after io.stop(), or once the io_context ran out of work).
    void join();

    std::size_t size() const { return running_.load(); }
    // Workers started so far, replacements included (for tests and the log).
    std::uint64_t workers_started() const { return started_.load(); }

private:
    void supervise();
    // Runs io.run() on a worker; true when the worker ends because of a renewal.
    bool run_worker();
    // The handler renew() posts once per thread: ends the thread that runs it when that thread
    // started before `renewal`, else hands itself on (10 ms later) to an older one.
    void retire_one(std::uint64_t renewal);

    boost::asio::io_context& io_;
    std::vector<std::thread> slots_;
    // The slots started and not joined; what renew() reads (slots_ itself is touched only by
    // start() and join(), on the owner's thread).
    std::atomic<std::size_t> running_{0};
    std::atomic<std::uint64_t> renewals_{0};
    // Threads of the current renewal not yet ended: no new renewal starts before it is 0, so
    // each posted handler meets a thread it may end.
    std::atomic<std::int64_t> to_retire_{0};
    std::atomic<std::uint64_t> started_{0};
};

} // namespace server
