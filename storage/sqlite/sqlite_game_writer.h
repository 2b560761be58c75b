#pragma once
// GameWriter on SQLite: the writer thread with group commit (storage/batch_writer.h) and SQLite's
// statements. See storage/game_writer.h for the contract. Owns the write connection; its
// statements never leave the writer thread.
//
// Besides the contract, SQLite's own: the move journal (migration 6), merged into `moves`
// between batches (journal_merges() counts them), and the page cache, which release_cache()
// gives back with its size before and after.

#include "storage/batch_writer.h"
#include "storage/game_writer.h"
#include "storage/sqlite/connection.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>
#include <unordered_set>

namespace storage::sqlite {

struct WriterOptions {
    std::size_t max_batch = 1024; // requests per transaction at most
    // Moves the journal holds before the writer moves them into `moves` (migration 6): a merge
    // writes each game's leaf of `moves` once for all its rows, and a read of one game's moves
    // scans the journal, so this is the trade between the two.
    std::size_t journal_rows = 2048;
    // Games the journal takes moves of between two merges; a move of any other game goes
    // straight to `moves`. A merge writes a leaf a game and holds the writer meanwhile, so this
    // bounds that pause; the games that move fast fill the journal first.
    std::size_t journal_games = 128;
};

// What release_cache() gave back: the bytes the writer's page cache held before and after.
struct CacheRelease {
    std::int64_t bytes_before = 0;
    std::int64_t bytes_after = 0;
};
using CacheReleaseCallback = std::function<void(const CacheRelease&)>;

class SqliteGameWriter final : public GameWriter, private BatchStatements {
public:
    // `decide` settles the ladder challenges of the games this writer ends (game_writer.h).
    explicit SqliteGameWriter(Connection connection, WriterOptions options = {},
                              LadderDecider decide = {});
    ~SqliteGameWriter() override; // writes what is queued, then joins the thread
    SqliteGameWriter(const SqliteGameWriter&) = delete;
    SqliteGameWriter& operator=(const SqliteGameWriter&) = delete;

    void create_game(GameRow game, CreateGameCallback done) override;
    void append_move(GameId game, MoveRow move, WriteCallback done) override;
    void append_leave(GameId game, LeaveRow leave, WriteCallback done) override;
    void finish_game(FinishGame finish, FinishGameCallback done) override;
    void flush() override;
    // release_cache() without its sizes.
    void release_memory(std::function<void()> done) override;
    WriterStats stats() const override;

    // Gives back the page cache the writer filled (up to its cache_size, 2 MB by default, else
    // kept for the life of the process); the next writes read their pages again from the file
    // (the OS's cache). Queued like a write; `done` (may be empty) runs on the writer thread.
    void release_cache(CacheReleaseCallback done);
    // How many times the move journal was merged into `moves` (not in transactions).
    std::uint64_t journal_merges() const { return merges_.load(); }

private:
    void write_batch(std::span<QueuedWrite> batch) override;
    void after_batch() override;
    void write_one(QueuedWrite& request);
    void write(CreateGameWrite& request);
    void write(MoveWrite& request);
    // What this writer knows of a game in progress: its seats and its last ply stored.
    struct GameInProgress {
        int seats = 2;
        int stored_plies = 0;
    };
    // From memory, or read once from the tables; null for a game unknown or ended.
    GameInProgress* game_in_progress(GameId game);
    int stored_plies_or_none(GameId game); // -1 for a game not in progress
    void write_alone(MoveWrite& move, WriteStatus& status);
    bool stored_already(GameId game, const MoveRow& move);
    bool journals(GameId game) const;
    void forget_uncommitted();
    bool merge_due() const;
    void merge_journal();
    void count_journal(); // journal_rows_ and journal_games_ from the table
    void write(LeaveWrite& request);
    void write_places(const GameEnd& end);
    void write_ladder_outcome(GameId game);
    void write(FinishWrite& request);

    Connection db_;
    Statement insert_game_;
    Statement into_journal_; // a move: the one statement of the hot path
    Statement into_moves_;
    Statement read_game_in_progress_;
    Statement read_stored_move_;
    Statement merge_journal_;
    Statement clear_journal_;
    Statement insert_seat_;
    Statement insert_leave_;
    Statement end_game_;
    // Each request's savepoint, prepared once: exec() would parse the SQL twice per move.
    Statement savepoint_;
    Statement release_;
    WriterOptions options_;
    LadderDecider decide_; // set before the thread starts, never changed
    // The games in progress a move was written for (and those created here), with their last
    // ply stored. The journal has no index by game and no foreign key, so whether a move's
    // game takes moves, and in what order (each ply after the last, as the primary key of
    // `moves` once refused a ply stored twice), is checked here. A game is forgotten when it
    // ends, and all of them whenever a request or a transaction fails (they are read again).
    std::unordered_map<GameId, GameInProgress> in_progress_;
    std::size_t journal_rows_ = 0;             // rows in move_journal, as this writer knows it
    std::unordered_set<GameId> journal_games_; // the games of those rows
    std::size_t failed_merge_at_ = 0;          // journal_rows_ when a merge last failed, or 0
    std::atomic<std::uint64_t> merges_{0};

    BatchWriter batch_; // last: its thread starts once everything above exists
};

} // namespace storage::sqlite
