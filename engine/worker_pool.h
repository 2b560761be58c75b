#pragma once
// A few threads that think for computer players, off the network threads. The server owns
// one pool; a table asks it for a move and gets the answer through a callback on a worker
// thread, which posts it to the table's strand like any player's move. Each request returns
// a Ticket that cancels it (resign, abort, takeback, server stop): the search checks the flag
// every node and the callback then gets the best move found so far, marked cancelled.
//
// The worker threads yield the processor to every other thread of the machine (issue 13:
// "never delays other tables"): each runs under Linux's SCHED_IDLE policy, so it gets a core
// only when nothing else wants it, and a network or storage thread that wakes takes the core
// from it at once. engine/README.md ("In the server") says why not a lower nice value.
//
// This file and its .cpp are the only part of engine/ with threads and a clock (steady_clock,
// started when the request is made, so the wait in the queue counts against the clock).

#include "engine/engine.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace engine {

// The Clock of a search on std::chrono::steady_clock, started when made.
class SteadyClock final : public Clock {
public:
    std::chrono::milliseconds elapsed() const override {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - started_);
    }

private:
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

class Ticket {
public:
    void cancel() { stop_.store(true); }
    bool cancelled() const { return stop_.load(); }
    const std::atomic<bool>& flag() const { return stop_; }

private:
    std::atomic<bool> stop_{false};
};

// How the pool's threads are scheduled.
enum class WorkerPriority : std::uint8_t {
    Idle,   // SCHED_IDLE: runs only on a core nothing else wants (the default)
    Lowest, // the normal policy at nice 19: a small share of a contended core
    Normal  // as the thread that made the pool (for comparison and tests)
};

struct WorkerPoolOptions {
    std::size_t threads = 1; // at least one is started
    WorkerPriority priority = WorkerPriority::Idle;
    // Told once, on a worker thread, when a thread's priority could not be set (the pool
    // works on at the priority it has). Empty: nobody is told.
    std::function<void(const std::string&)> warn;
};

class WorkerPool {
public:
    using Done = std::function<void(rules::Result<Choice>)>;

    explicit WorkerPool(std::size_t threads);
    explicit WorkerPool(WorkerPoolOptions options);
    // Cancels every request, waits for the running ones to report, and joins the threads.
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    // Thinks about `game` (the pool keeps it until done) and calls `done` once, on a worker
    // thread, with the move or the engine's error.
    std::shared_ptr<Ticket> think(std::unique_ptr<rules::Game> game, const Request& request,
                                  Done done);

private:
    struct Job;
    void work();
    void lower_priority();

    WorkerPoolOptions options_;
    std::atomic<bool> warned_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::shared_ptr<Job>> queue_;
    std::vector<std::shared_ptr<Job>> running_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

} // namespace engine
