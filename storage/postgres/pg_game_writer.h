#pragma once
// GameWriter on PostgreSQL: the writer thread with group commit (storage/batch_writer.h) and
// PostgreSQL's statements. The contract is storage/game_writer.h, the same as SQLite's:
// everything queued is written in ONE transaction, each request but a move in its own
// savepoint, and the callbacks run after COMMIT returned. With Durability::Full the writer's
// connection keeps synchronous_commit on (connection.h), so an acknowledged move is in
// PostgreSQL's WAL on disk. Statements are prepared once per connection.
//
// The writer owns one connection of its own (not the pool's), on its thread.
//
// A move is one statement that cannot fail for an expected reason (an unknown or ended game, a
// seat that is not one, a ply not after the last: each found by the statement, reported with
// SQLite's words), so it runs without a savepoint: a savepoint and its release would be two
// more round trips a move. The moves queued one after the other go in one round trip (libpq's
// pipeline mode, Connection::run_pipelined): a batch of 50 moves of 50 games is BEGIN, one
// pipeline, COMMIT. Should a move's statement fail all the same, the transaction is rolled
// back and the batch written again without it.
//
// Several nodes writing at once (issue 36): READ COMMITTED with row locks, nothing retried for
// isolation's sake. A game's end locks the players' `users` rows before reading their ratings
// (rating_rows.h lock_ratings: two games of one player ending on two nodes both count), and a
// ladder game's end locks its ladder's row, then reads the challenge and decides it (the same
// lock as PgLadderStore::apply_change, so a settle step elsewhere waits, then finds it decided).
// A ladder game's row locks its challenge FOR UPDATE while checking that it is accepted. A
// deadlock or serialization failure (PgError::retryable) rolls the batch back and writes it
// again, a few times.
//
// A lost connection:
// - during COMMIT, the outcome is unknown: the writer reconnects (backoff from 50 ms doubling
//   up to 2 s) and writes the batch again, for up to `commit_retry_window`. Every write is
//   idempotent, so the second time finds what the first committed: a move is keyed by game and
//   ply (the same move stored = success, a different one = error), a game's end by game (the
//   same end stored = success, its ratings and ladder decision then already written with it),
//   a leave by game and seat, and a new game's id is taken from the sequence before the
//   transaction, so that its row is found again. Past the window, every callback of the batch
//   gets an error saying the outcome is unknown (the table's outbox sends its moves again).
// - at any other moment (BEGIN, a statement, found dead between batches), nothing of the batch
//   was committed: its callbacks get the error, and the next batch reconnects, with the same
//   backoff while PostgreSQL does not answer. The writer recovers when it is back.

#include "storage/batch_writer.h"
#include "storage/game_writer.h"
#include "storage/postgres/connection.h"
#include "storage/records.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace storage::postgres {

// For tests: the connection is lost at a chosen COMMIT, as a network failure would lose it.
enum class CommitFault : std::uint8_t {
    None,
    BeforeCommit,    // cut before COMMIT is sent: the transaction is rolled back
    AfterCommitSent, // cut once COMMIT is sent, before its answer: the server commits it
};

struct PgWriterOptions {
    std::size_t max_batch = 1024; // requests per transaction at most
    std::chrono::milliseconds reconnect_first{50};
    std::chrono::milliseconds reconnect_max{2000};
    // How long a batch whose COMMIT lost its connection is retried before it is reported failed.
    std::chrono::milliseconds commit_retry_window{30'000};
    // Tests only: the `cut_commit`-th COMMIT of this writer (from 1; a retry's COMMIT counts
    // too) loses its connection as `commit_fault` says.
    CommitFault commit_fault = CommitFault::None;
    int cut_commit = 1;
};

class PgGameWriter final : public GameWriter, private BatchStatements {
public:
    // Connects (throws PgError when it cannot) and starts the thread. `decide` settles the
    // ladder challenges of the games this writer ends (game_writer.h).
    PgGameWriter(std::string conninfo, ConnectOptions connect, PgWriterOptions options = {},
                 LadderDecider decide = {});
    ~PgGameWriter() override; // writes what is queued, then joins the thread
    PgGameWriter(const PgGameWriter&) = delete;
    PgGameWriter& operator=(const PgGameWriter&) = delete;

    void create_game(GameRow game, CreateGameCallback done) override;
    void append_move(GameId game, MoveRow move, WriteCallback done) override;
    void append_leave(GameId game, LeaveRow leave, WriteCallback done) override;
    void finish_game(FinishGame finish, FinishGameCallback done) override;
    void flush() override;
    WriterStats stats() const override;
    // Connections made after the first (a lost one replaced): for tests and the log.
    std::uint64_t reconnects() const { return reconnects_.load(); }

private:
    void write_batch(std::span<QueuedWrite> batch) override;
    // One attempt: the whole batch in one transaction. `retrying`: after a COMMIT whose outcome
    // was unknown, so a write may find itself stored.
    void write_attempt(std::span<QueuedWrite> batch, bool retrying);
    void write_one(QueuedWrite& request, bool retrying);
    void write(CreateGameWrite& request);
    std::size_t write_moves(std::span<QueuedWrite> batch, std::size_t first, bool retrying);
    void check_move(const MoveWrite& request, const Result& r);
    void write(LeaveWrite& request, bool retrying);
    void write(FinishWrite& request, bool retrying);
    void commit();
    void allocate_game_ids(std::span<QueuedWrite> batch);
    // The connection, made again if it was lost, waiting out the backoff after a failure.
    Connection& connected();
    void lose_connection();

    std::string conninfo_;
    ConnectOptions connect_;
    PgWriterOptions options_;
    LadderDecider decide_;                 // set before the thread starts, never changed
    std::unique_ptr<Connection> db_;       // the writer thread's (and the constructor's)
    std::chrono::milliseconds backoff_{0}; // 0: the last connection attempt succeeded
    std::chrono::steady_clock::time_point next_connect_{};
    int commits_ = 0; // COMMITs sent so far (for CommitFault)
    std::atomic<std::uint64_t> reconnects_{0};

    BatchWriter batch_; // last: its thread starts once everything above exists
};

} // namespace storage::postgres
