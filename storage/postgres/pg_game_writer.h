#pragma once
// GameWriter on PostgreSQL: the writer thread with group commit (storage/batch_writer.h) and
// PostgreSQL's statements. The contract is storage/game_writer.h, the same as SQLite's:
// everything queued is written in ONE transaction, each request but a move in its own
// savepoint, and the callbacks run after COMMIT returned. With Durability::Full the writer's
// connection keeps synchronous_commit on (connection.h), so an acknowledged move is in
// PostgreSQL's WAL on disk. Statements are prepared once per connection.
//
// The writer owns two connections of its own (not the pool's), on its thread, and overlaps its
// batches (storage/batch_writer.h): batch N's COMMIT is sent on one connection without waiting,
// batch N+1 is written on the other up to its own COMMIT, then N's answer is read. The COMMIT's
// wait is mostly PostgreSQL's flush of its WAL to disk; in the closed loop of
// bench/move-pipeline.sh, where every game waits for the commit of its last move, that flush
// was the largest part of a batch's cycle (bench/README.md, "PostgreSQL beside SQLite").
// PgWriterOptions::overlap_batches = false writes one batch at a time, on one connection.
//
// A move cannot fail for an expected reason (an unknown or ended game, a seat that is not one,
// a ply not after the last: each found by the statement, reported with SQLite's words), so it
// runs without a savepoint: a savepoint and its release would be two more round trips a move.
// The moves queued one after the other are one statement (arrays of their columns through
// unnest): a batch of 50 moves of 50 games is BEGIN, one INSERT, COMMIT, and PostgreSQL plans
// and starts one statement instead of 50. A move that statement did not insert is tried again
// in a statement of its own, which says why. Should the run's statement fail all the same, the
// transaction is rolled back and the batch written again with its moves one by one (one
// pipeline), and then without the move that failed.
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
// Fenced (storage/cluster_store.h): a writer given a fence (PgWriterOptions::fence, the node's
// id and epoch) starts every transaction with `SELECT tabula_fence(node, epoch)`, sent with its
// BEGIN in one pipeline (no round trip more). The fence holds the node's row FOR KEY SHARE
// until the COMMIT: the node's own lease renewal does not wait for it, a takeover (which bumps
// the epoch) waits until the batch commits, so the batch is ordered before it and the new owner
// reads what it wrote. A batch that asks for the fence after a takeover, or while one is
// uncommitted (it waits, then sees the new epoch), fails with WriteStatus::fenced, nothing of it
// written; from then on the writer refuses every batch at once, fenced too: the node owns nothing
// any more. A batch retried after a COMMIT whose outcome was unknown and then fenced may or may
// not have been stored: either way the new owner goes on from what is stored.
//
// The directory (cluster_store.h, "live_tables"): a fenced writer keeps the rows of the tables
// whose games it writes, in the batch's transaction and under its fence (live_table_rows.h), so
// a takeover's claim_tables finds every live game of the node with its table. A new game makes
// its table's row name it (owner the fence's node at its epoch, game_id, is_public): the row is
// inserted when the code is new (table_epoch 1, the version base of reserve_table), updated
// when it is the fence's already (reserved, or the table's earlier game: a rematch, a game
// after a takeback). A code whose row is anybody else's (another node, an earlier incarnation,
// or handed back with no owner) fails that request alone, as any refusal does: its savepoint is
// rolled back, so neither its game nor its seats are stored, and the batch's other requests
// are written. A game's end deletes its table's row if the row is the fence's and names that
// game; a row handed to another owner, or naming a later game of the table, stays. Each is one
// statement more in its request, no transaction nor fence of its own. A writer without a fence
// (one node) writes no directory row.
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
#include "storage/cluster_store.h"
#include "storage/game_writer.h"
#include "storage/postgres/connection.h"
#include "storage/records.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

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
    // The node this writer writes for (cluster_store.h); none: a single node, never fenced.
    std::optional<Fence> fence = std::nullopt;
    // Two connections, one batch's COMMIT in flight while the next is written (above).
    bool overlap_batches = true;
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
    // True once a batch was fenced: every later one is refused.
    bool fenced() const { return fenced_.load(); }

private:
    // One batch's attempts at its transaction (write_attempts).
    struct Attempts {
        int number = 1;
        bool retrying = false; // after a COMMIT whose outcome is unknown
        std::chrono::steady_clock::time_point give_up{};
        bool moves_one_by_one = false; // a run statement of the batch failed (write_moves)
    };
    // A connection and the attempts of the batch written on it.
    struct Lane {
        std::unique_ptr<Connection> db;
        Attempts attempts;
    };

    // BatchStatements: one batch at a time (write_batch), or overlapped (start/finish_batch).
    void write_batch(std::span<QueuedWrite> batch) override;
    bool overlaps() const override { return options_.overlap_batches; }
    bool start_batch(std::span<QueuedWrite> batch) override;
    void finish_batch(std::span<QueuedWrite> batch) override;
    void check_not_fenced() const;
    // Writes the batch on the current lane until it is committed (returns false), or, with
    // `send_commit_only`, until its COMMIT is sent (returns true); tries again as the class
    // comment says. Throws when it gives up.
    bool write_attempts(std::span<QueuedWrite> batch, Attempts& attempts, bool send_commit_only);
    // What a failed attempt means: true to try again; false when the caller is to rethrow `e`;
    // throws when the batch reports something else (fenced, the retry window closed).
    bool after_failure(std::span<QueuedWrite> batch, Attempts& attempts, const PgError& e,
                       bool began, bool committing);
    void write_one(QueuedWrite& request, bool retrying);
    void write(CreateGameWrite& request);
    std::size_t write_moves(std::span<QueuedWrite> batch, std::size_t first);
    void insert_run(std::span<QueuedWrite> batch, std::span<const std::size_t> run,
                    std::vector<std::size_t>& refused);
    void write_moves_one_by_one(std::span<QueuedWrite> batch, const std::vector<std::size_t>& which);
    void check_move(const MoveWrite& request, const Result& r);
    void write(LeaveWrite& request, bool retrying);
    void write(FinishWrite& request, bool retrying);
    // Sends COMMIT and waits for its answer, or only sends it (finish_batch reads the answer).
    void commit(bool send_only);
    // BEGIN, with the fence when there is one (one round trip).
    void begin(Connection& db);
    void allocate_game_ids(std::span<QueuedWrite> batch);
    // The current lane's connection (null when lost).
    std::unique_ptr<Connection>& lane_connection() { return lanes_[lane_].db; }
    // The current lane's connection, made again if it was lost, waiting out the backoff after
    // a failure.
    Connection& connected();
    void lose_connection();

    std::string conninfo_;
    ConnectOptions connect_;
    PgWriterOptions options_;
    LadderDecider decide_; // set before the thread starts, never changed
    // The writer thread's (and the constructor's). Lane 0 only when batches do not overlap.
    std::array<Lane, 2> lanes_;
    std::size_t lane_ = 0;                 // the lane being written or finished
    std::array<std::size_t, 2> flying_{};  // the lanes of the batches in flight, oldest first
    std::size_t flying_count_ = 0;
    std::size_t warm_lane_ = 0;            // the lane of the batch finished last
    std::chrono::milliseconds backoff_{0}; // 0: the last connection attempt succeeded
    std::chrono::steady_clock::time_point next_connect_{};
    int commits_ = 0; // COMMITs sent so far (for CommitFault)
    std::atomic<std::uint64_t> reconnects_{0};
    std::atomic<bool> fenced_{false};
    // The batch being written has a move whose run statement failed: its moves go one by one
    // (its Attempts keep it across attempts).
    bool moves_one_by_one_ = false;
    std::unordered_map<GameId, std::int64_t> chunk_last_ply_; // write_moves' scratch, reused

    BatchWriter batch_; // last: its thread starts once everything above exists
};

} // namespace storage::postgres
