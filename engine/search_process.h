#pragma once
// Searches run in a process of their own (issue 34: "the searches out of the I/O threads'
// scheduling group"). Linux schedules a session's threads as one group against the other
// sessions' (autogroup), so a search thread at SCHED_IDLE inside the server still spends the
// server's share of a contended core and its I/O thread waits. The search process is the same
// binary started again (`<executable> engine-worker`, search_worker.h) in a session of its own
// (setsid), which lowers its group's weight (autogroup nice 19) and runs its searches on
// SCHED_IDLE threads.
//
// The server keeps the queueing: a WorkerPool whose search function is `search()` below, so
// the pool's order, lanes and budgets stay as they are and only the execution moves. A call
// sends the game and the request over a socket pair (search_wire.h) and waits on the pool's
// thread for the answer; the ticket's stop flag becomes a cancel message.
//
// Never a hung game: if the process cannot be started or dies with searches sent, each such
// search runs in the calling thread instead (choose_move, the same request and control; a
// Hard search then has what is left of its budget), and the next search starts a new process.
// After three processes in a row end without a single answer, the process is given up: every
// search then runs in the calling thread, and `warn` is told once.

#include "engine/engine.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace engine {

struct SearchProcessOptions {
    std::string executable = "/proc/self/exe"; // a tabula binary (it needs `engine-worker`)
    std::size_t threads = 2;                    // searches the process runs at once
    // Told (on any thread) what the process could not set up, or why it was given up.
    std::function<void(const std::string&)> warn;
};

class SearchProcess {
public:
    explicit SearchProcess(SearchProcessOptions options);
    // Closes the socket (the process cancels its searches and ends) and reaps the process.
    // Every search() call must have returned.
    ~SearchProcess();
    SearchProcess(const SearchProcess&) = delete;
    SearchProcess& operator=(const SearchProcess&) = delete;

    // choose_move(game, request, control), run in the search process. Thread-safe.
    rules::Result<Choice> search(const rules::Game& game, const Request& request,
                                 const SearchControl& control);

    // The running process's id, 0 when none runs (tests kill it through this).
    int pid() const;
    // Processes started so far.
    std::uint64_t started() const;

private:
    struct Pending {
        std::optional<rules::Result<Choice>> answer;
        bool lost = false; // the process ended before answering
    };
    bool start(std::unique_lock<std::mutex>& lock);
    bool send(const std::string& message);
    void read_answers(int fd, int pid);
    void tell(const std::string& text);

    SearchProcessOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable answered_;
    int fd_ = -1;
    int pid_ = 0;
    std::thread reader_;
    std::map<std::uint64_t, Pending*> pending_;
    std::uint64_t next_id_ = 0;
    std::uint64_t started_ = 0;
    int silent_ends_ = 0;       // processes in a row that ended without an answer
    bool answered_since_start_ = false;
    bool given_up_ = false;
    bool stopping_ = false;
};

} // namespace engine
