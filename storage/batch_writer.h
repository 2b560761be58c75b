#pragma once
// The game writer's thread, queue and group commit, the same for every backend (issue 36; the
// contract is storage/game_writer.h). A backend supplies its statements as a BatchStatements:
// how to write one batch of requests in one transaction. BatchWriter does the rest: it queues
// the calls of any thread, takes everything queued (up to `max_batch`) on its own thread,
// hands it to the backend, then runs the callbacks in the order of the calls, after the
// commit returned; flush(), tasks between batches (release_memory) and the counters.
//
// Overlapped batches (a backend whose overlaps() is true: PostgreSQL, two connections). A
// COMMIT's wait is mostly the database's flush of its log to disk, time the writer can use: it
// writes batch N and sends its COMMIT without waiting (start_batch), takes batch N+1 and
// writes it on the other connection up to its own COMMIT, and only then waits for N's answer
// (finish_batch) and runs N's callbacks. So one batch's flush overlaps the next batch's work.
// What may go into batch N+1 while N is in flight is the queue's prefix of moves and leaves of
// games that have nothing in N, and tasks: a game's writes are committed in order, each after
// the one before it is known to be stored, and every other write (a new game, a game's end,
// which reads and changes rows of other games: ratings, ladders) waits until nothing is in
// flight. The callbacks still run in the order of the calls: N's before N+1's.
//
// Threads: enqueue(), task(), flush() and stats() from any thread; BatchStatements is called on
// the writer thread only, one call at a time. No exception leaves the writer thread: a batch
// that throws gives its message to every request of it that had no error of its own.

#include "storage/errors.h"
#include "storage/game_writer.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <span>
#include <thread>
#include <variant>
#include <vector>

namespace storage {

// The requests of GameWriter as queued. The backend writes them and fills in what a callback
// reports besides the status: a new game's id, the ratings written.
struct CreateGameWrite {
    GameRow game;
    CreateGameCallback done;
    GameId id = 0;
};
struct MoveWrite {
    GameId game = 0;
    MoveRow move;
    WriteCallback done;
};
struct LeaveWrite {
    GameId game = 0;
    LeaveRow leave;
    WriteCallback done;
};
struct FinishWrite {
    FinishGame finish;
    FinishGameCallback done;
    std::vector<RatingRow> written;
};
// Not a write: runs on the writer thread once what was queued before it is committed, in its
// place among the callbacks (flush, release_memory).
struct WriterTask {
    std::function<void()> run;
};

struct QueuedWrite {
    std::variant<CreateGameWrite, MoveWrite, LeaveWrite, FinishWrite, WriterTask> what;
    WriteStatus status; // set by the backend: empty while it succeeds

    // False for a WriterTask, which the backend skips.
    bool writes() const { return !std::holds_alternative<WriterTask>(what); }
};

// Thrown by write_batch when the writer is fenced (cluster_store.h): every request of the
// batch still without an error gets its message and WriteStatus::fenced.
class FencedError : public StorageError {
public:
    using StorageError::StorageError;
};

// A backend's part of the writer.
class BatchStatements {
public:
    virtual ~BatchStatements() = default;
    // Writes the requests of `batch` that write() (at least one) in ONE transaction and
    // returns once its COMMIT returned. A request that fails sets its own status.error and
    // leaves the others (its savepoint is rolled back). Throws when the transaction as a whole
    // failed (BEGIN, COMMIT, a failure that ended it): nothing of it was committed, and every
    // request still without an error gets the exception's message. A backend that retries
    // (postgres/pg_game_writer.h) sets the statuses of its last attempt.
    virtual void write_batch(std::span<QueuedWrite> batch) = 0;
    // After a batch's callbacks have run, outside any transaction (SQLite merges its journal).
    virtual void after_batch() {}

    // Overlapped batches (above). A backend that overlaps() writes a batch in two halves:
    // start_batch does what write_batch does up to sending the COMMIT, and returns true when
    // that COMMIT is in flight (false: the batch is done, its statuses set, no finish_batch);
    // finish_batch waits for the COMMIT's answer, and writes the batch again if it must (as
    // write_batch would after a failed COMMIT). Between the two, start_batch of the next batch
    // runs; at most one batch is in flight. Both throw as write_batch does.
    virtual bool overlaps() const { return false; }
    // The batch writer starts every batch here; a backend that does not overlap writes it
    // whole, as below.
    virtual bool start_batch(std::span<QueuedWrite> batch) {
        write_batch(batch);
        return false;
    }
    virtual void finish_batch(std::span<QueuedWrite> /*batch*/) {}
};

class BatchWriter {
public:
    // `statements` outlives the writer; call start() once it is ready to be called.
    BatchWriter(BatchStatements& statements, std::size_t max_batch);
    ~BatchWriter(); // stop()
    BatchWriter(const BatchWriter&) = delete;
    BatchWriter& operator=(const BatchWriter&) = delete;

    void start();
    // Writes everything still queued, then joins the thread. Idempotent; call it before what
    // `statements` needs is destroyed.
    void stop();

    void enqueue(QueuedWrite write);
    // Queues `run` (a WriterTask).
    void task(std::function<void()> run);
    // Blocks until everything queued before the call is committed and called back.
    void flush();
    WriterStats stats() const;

private:
    void run();
    // Moves into `batch` what is queued (up to max_batch): all of it when nothing is in flight,
    // else the prefix that may overlap the batch in flight (above). Called under mutex_.
    void take(std::vector<QueuedWrite>& batch, bool in_flight);
    // A batch that only overlaps() may write while `in_flight` is: its games, sorted.
    void note_in_flight(const std::vector<QueuedWrite>& in_flight);
    // start_batch / write_batch; true when its COMMIT is in flight.
    bool start(std::vector<QueuedWrite>& batch);
    void finish(std::vector<QueuedWrite>& batch);
    // The statuses after the batch as a whole failed with `e`.
    static void fail(std::vector<QueuedWrite>& batch, const std::exception& e);
    void count(const std::vector<QueuedWrite>& batch);
    void report(std::vector<QueuedWrite>& batch);
    static void report(QueuedWrite& request);

    BatchStatements& statements_;
    std::size_t max_batch_;

    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<QueuedWrite> queue_;
    bool stopping_ = false;
    std::vector<GameId> games_in_flight_; // the writer thread's; note_in_flight

    std::atomic<std::uint64_t> requests_{0};
    std::atomic<std::uint64_t> transactions_{0};
    std::atomic<std::uint64_t> failures_{0};
    std::atomic<std::uint64_t> fenced_{0};

    std::thread thread_;
};

} // namespace storage
