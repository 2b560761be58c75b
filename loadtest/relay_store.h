#pragma once
// The storage floor of a durable move, for the relay server (relay_server.h): one writer
// thread that commits whatever frames have queued up since its last commit in one SQLite
// transaction (WAL, synchronous=FULL), a row a frame appended to a table of the shape of the
// server's `move_journal` (clustered by its rowid: one leaf for a commit's frames), and hands
// each frame back once it is on disk. That is the game writer's batching
// (storage/sqlite/sqlite_game_writer.h) without anything a game needs: no rules, no savepoints, no
// in-progress check, no foreign key, no merge of the journal into a table by game. It opens its
// file through storage's Connection, without the server's schema.

#include "storage/sqlite/connection.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace loadtest {

class RelayStore {
public:
    // Called on the writer thread once the frame is committed (or, with `stored` false, once
    // its batch failed); the caller posts it where it belongs.
    using Done = std::function<void(bool stored)>;

    // Creates `file` (it must not exist yet) and starts the writer. Throws std::runtime_error
    // (storage::StorageError from SQLite) naming the file when it cannot be made.
    explicit RelayStore(const std::filesystem::path& file);
    // Commits what is queued, then stops the writer. The file stays.
    ~RelayStore();
    RelayStore(const RelayStore&) = delete;
    RelayStore& operator=(const RelayStore&) = delete;

    void store(std::int64_t game, std::int64_t ply, std::shared_ptr<const std::string> frame,
               Done done);

    std::uint64_t committed_rows() const; // rows on disk so far
    std::uint64_t commits() const;        // transactions committed so far

private:
    struct Frame {
        std::int64_t game;
        std::int64_t ply;
        std::shared_ptr<const std::string> text;
        Done done;
    };
    storage::sqlite::Connection db_;
    storage::sqlite::Statement insert_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Frame> queue_;
    bool stopping_ = false;
    std::uint64_t committed_rows_ = 0;
    std::uint64_t commits_ = 0;
    std::thread writer_;

    void run();
    bool write(std::deque<Frame>& batch);
};

} // namespace loadtest
