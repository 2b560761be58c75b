#pragma once
// GameWriter on SQLite: the one writer thread with group commit. See storage/game_writer.h for
// the contract. Owns the write connection; its statements never leave the writer thread.

#include "storage/game_writer.h"
#include "storage/sqlite/connection.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <future>
#include <mutex>
#include <thread>
#include <variant>

namespace storage::sqlite {

struct WriterOptions {
    std::size_t max_batch = 1024; // requests per transaction at most
};

class SqliteGameWriter final : public GameWriter {
public:
    explicit SqliteGameWriter(Connection connection, WriterOptions options = {});
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
    void write_batch(std::deque<Request>& batch);
    void write_one(Request& request);
    static bool writes(const Request& request); // not a flush or a release
    void release_caches(std::deque<Request>& batch);
    void write(CreateRequest& request);
    void write(MoveRequest& request);
    void write_beyond_two(MoveRequest& request); // a move of a game of more than two
    void write(LeaveRequest& request);
    void write_places(const GameEnd& end);
    void write(FinishRequest& request);
    static void report(Request& request);

    Connection db_;
    Statement insert_game_;
    Statement insert_move_; // a two-player move: the one statement of the hot path
    Statement insert_move_beyond_two_;
    Statement insert_seat_;
    Statement insert_leave_;
    Statement end_game_;
    // Each request's savepoint, prepared once: exec() would parse the SQL twice per move.
    Statement savepoint_;
    Statement release_;
    WriterOptions options_;

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Request> queue_;
    bool stopping_ = false;

    std::atomic<std::uint64_t> requests_{0};
    std::atomic<std::uint64_t> transactions_{0};
    std::atomic<std::uint64_t> failures_{0};

    std::thread thread_; // last: starts once everything above exists
};

} // namespace storage::sqlite
