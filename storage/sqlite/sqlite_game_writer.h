#pragma once
// GameWriter on SQLite: the one writer thread with group commit. See storage/game_writer.h for
// the contract. Owns the write connection; its statements never leave the writer thread.

#include "storage/game_writer.h"
#include "storage/sqlite/connection.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <future>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

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

class SqliteGameWriter final : public GameWriter {
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
    void release_memory(CacheReleaseCallback done) override;
    WriterStats stats() const override;

private:
    struct CreateRequest {
        GameRow game;
        CreateGameCallback done;
        GameId id = 0;
    };
    struct MoveRequest {
        GameId game;
        MoveRow move;
        WriteCallback done;
    };
    struct LeaveRequest {
        GameId game;
        LeaveRow leave;
        WriteCallback done;
    };
    struct FinishRequest {
        FinishGame finish;
        FinishGameCallback done;
        std::vector<RatingRow> written;
    };
    struct FlushRequest {
        std::promise<void>* reached;
    };
    // Done after the batch it came with is committed, outside any transaction.
    struct ReleaseRequest {
        CacheReleaseCallback done;
        CacheRelease released;
    };
    struct Request {
        std::variant<CreateRequest, MoveRequest, LeaveRequest, FinishRequest, FlushRequest,
                     ReleaseRequest>
            what;
        WriteStatus status;
    };

    void enqueue(Request request);
    void run();
    void write_batch(std::vector<Request>& batch);
    void write_one(Request& request);
    static bool writes(const Request& request); // not a flush or a release
    void release_caches(std::vector<Request>& batch);
    void write(CreateRequest& request);
    void write(MoveRequest& request);
    // What this writer knows of a game in progress: its seats and its last ply stored.
    struct GameInProgress {
        int seats = 2;
        int stored_plies = 0;
    };
    // From memory, or read once from the tables; null for a game unknown or ended.
    GameInProgress* game_in_progress(GameId game);
    int stored_plies_or_none(GameId game); // -1 for a game not in progress
    void write_alone(MoveRequest& move, WriteStatus& status);
    bool journals(GameId game) const;
    void forget_uncommitted();
    bool merge_due() const;
    void merge_journal();
    void count_journal(); // journal_rows_ and journal_games_ from the table
    void write(LeaveRequest& request);
    void write_places(const GameEnd& end);
    void write_ladder_outcome(GameId game);
    void write(FinishRequest& request);
    static void report(Request& request);

    Connection db_;
    Statement insert_game_;
    Statement into_journal_; // a move: the one statement of the hot path
    Statement into_moves_;
    Statement read_game_in_progress_;
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

    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<Request> queue_;
    bool stopping_ = false;

    std::atomic<std::uint64_t> requests_{0};
    std::atomic<std::uint64_t> transactions_{0};
    std::atomic<std::uint64_t> failures_{0};
    std::atomic<std::uint64_t> merges_{0};

    std::thread thread_; // last: starts once everything above exists
};

} // namespace storage::sqlite
