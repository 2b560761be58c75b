#pragma once
// A few threads that think for computer players, off the network threads. The server owns
// one pool; a table asks it for a move and gets the answer through a callback on a worker
// thread, which posts it to the table's strand like any player's move. Each request returns
// a Ticket that cancels it (resign, abort, takeback, server stop): the search checks the flag
// every node and the callback then gets the best move found so far, marked cancelled.
//
// Fair between players (issue 34, "Computer games: bounded and fair"): each request names its
// owner (the player whose game it is), each owner has a queue of its own, and the owners with
// requests waiting are served round robin, one search each in turn. So a player's first search
// waits for the searches running and at most one of each other player's queued searches, however
// many that player queued. Two lanes: the quick searches (Easy and Medium, capped at a few
// thousand nodes: milliseconds) and the long ones (Hard, up to its time budget). The pool starts
// `threads` threads that serve both lanes (quick first) and one more that serves only the quick
// lane, so an Easy move never waits behind Hard searches, however many are queued.
//
// Each search's time counts from when it starts, not from when it was asked for: its Clock is
// started by the worker that takes it, and the game clock it budgets from (Request::clock) is
// lowered by the time the request waited in the queue, as the table's clock ran meanwhile.
//
// The worker threads yield the processor to every other thread of the machine (issue 13:
// "never delays other tables"): each runs under Linux's SCHED_IDLE policy, so it gets a core
// only when nothing else of its scheduling group wants it. engine/README.md ("In the server")
// says why not a lower nice value, and what SCHED_IDLE does not cover (autogroups).
//
// This file and its .cpp are the only part of engine/ with threads and a clock (steady_clock
// unless the options give another, as tests do).

#include "engine/engine.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace engine {

// The time the pool reads: steady_clock's, or a test's.
using PoolTime = std::function<std::chrono::steady_clock::time_point()>;

// The Clock of a search: the time read from `now` since it was made.
class SteadyClock final : public Clock {
public:
    SteadyClock() : SteadyClock(PoolTime{}) {}
    explicit SteadyClock(PoolTime now) : now_(std::move(now)), started_(read()) {}
    std::chrono::milliseconds elapsed() const override {
        return std::chrono::duration_cast<std::chrono::milliseconds>(read() - started_);
    }

private:
    PoolTime now_;
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::time_point read() const {
        return now_ ? now_() : std::chrono::steady_clock::now();
    }
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

// What a search is: choose_move, or a test's stand-in.
using SearchFunction =
    std::function<rules::Result<Choice>(const rules::Game&, const Request&, const SearchControl&)>;

struct WorkerPoolOptions {
    std::size_t threads = 1; // threads for every search; at least one is started
    // One more thread for the quick lane only (Easy and Medium), so that they never wait
    // behind Hard searches.
    bool quick_thread = true;
    WorkerPriority priority = WorkerPriority::Idle;
    // Told once, on a worker thread, when a thread's priority could not be set (the pool
    // works on at the priority it has). Empty: nobody is told.
    std::function<void(const std::string&)> warn;
    // Empty: choose_move and steady_clock. Tests give their own.
    SearchFunction search;
    PoolTime now;
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
    // thread, with the move or the engine's error. `owner` names whose search it is (the
    // player): owners take turns (above); the requests of one owner run in their order.
    std::shared_ptr<Ticket> think(std::unique_ptr<rules::Game> game, const Request& request,
                                  Done done, const std::string& owner = {});

private:
    struct Job;
    // The requests of one lane: a queue per owner, and the owners in the order they are served.
    struct Lane {
        std::map<std::string, std::deque<std::shared_ptr<Job>>, std::less<>> queues;
        std::deque<std::string> turns;
        bool empty() const { return turns.empty(); }
        void push(std::shared_ptr<Job> job);
        std::shared_ptr<Job> pop();
        void cancel_all();
    };
    void work(bool quick_only);
    void lower_priority();
    std::chrono::steady_clock::time_point now() const;

    WorkerPoolOptions options_;
    std::atomic<bool> warned_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    Lane quick_;
    Lane long_;
    std::vector<std::shared_ptr<Job>> running_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

// Whether a request goes to the quick lane: every level but Hard plays by its node caps.
bool is_quick(const Request& request);

} // namespace engine
