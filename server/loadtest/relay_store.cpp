#include "server/loadtest/relay_store.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string_view>

#include <sqlite3.h>

namespace server::loadtest {

namespace {

// A stored move is a few bytes ("e7e8q", "32x21"), not the request that carried it: the row
// keeps as many bytes of the frame, so the floor writes no more than the server does.
constexpr std::size_t move_bytes = 8;

constexpr const char* schema =
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
    "CREATE TABLE moves (game_id INTEGER NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL,"
    " white_ms INTEGER, black_ms INTEGER, at_ms INTEGER NOT NULL,"
    " PRIMARY KEY (game_id, ply)) STRICT, WITHOUT ROWID;";

} // namespace

void RelayStore::CloseDatabase::operator()(sqlite3* db) const {
    sqlite3_close(db);
}

void RelayStore::FinalizeStatement::operator()(sqlite3_stmt* statement) const {
    sqlite3_finalize(statement);
}

RelayStore::RelayStore(const std::filesystem::path& file) {
    if (std::filesystem::exists(file))
        throw std::runtime_error("relay store: " + file.string() + " exists already");
    sqlite3* raw = nullptr;
    const int opened =
        sqlite3_open_v2(file.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    db_.reset(raw);
    if (opened != SQLITE_OK || sqlite3_exec(raw, schema, nullptr, nullptr, nullptr) != SQLITE_OK)
        throw std::runtime_error("relay store: cannot set up " + file.string() + ": " +
                                 (raw ? sqlite3_errmsg(raw) : "out of memory"));
    begin_ = prepare("BEGIN IMMEDIATE");
    commit_ = prepare("COMMIT");
    rollback_ = prepare("ROLLBACK");
    insert_ = prepare("INSERT INTO moves (game_id, ply, move, white_ms, black_ms, at_ms)"
                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    writer_ = std::thread([this] { run(); });
}

RelayStore::~RelayStore() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    writer_.join();
}

RelayStore::Statement RelayStore::prepare(const char* sql) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql, -1, &raw, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("relay store: cannot prepare \"") + sql +
                                 "\": " + sqlite3_errmsg(db_.get()));
    return Statement(raw);
}

void RelayStore::store(std::int64_t game, std::int64_t ply,
                       std::shared_ptr<const std::string> frame, Done done) {
    {
        const std::lock_guard lock(mutex_);
        queue_.push_back(Frame{game, ply, std::move(frame), std::move(done)});
    }
    wake_.notify_one();
}

std::uint64_t RelayStore::committed_rows() const {
    const std::lock_guard lock(mutex_);
    return committed_rows_;
}

std::uint64_t RelayStore::commits() const {
    const std::lock_guard lock(mutex_);
    return commits_;
}

void RelayStore::run() {
    std::deque<Frame> batch;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty())
                return; // stopping, and everything queued is written
            batch.swap(queue_);
        }
        const bool stored = write(batch);
        if (stored) {
            const std::lock_guard lock(mutex_);
            committed_rows_ += batch.size();
            ++commits_;
        }
        for (auto& frame : batch)
            frame.done(stored);
        batch.clear();
    }
}

// One transaction for the whole batch; on any failure nothing of it is on disk.
bool RelayStore::write(std::deque<Frame>& batch) {
    const auto step = [](sqlite3_stmt* statement) {
        const int result = sqlite3_step(statement);
        sqlite3_reset(statement);
        return result == SQLITE_DONE;
    };
    if (!step(begin_.get()))
        return false;
    const auto at_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
    for (const auto& frame : batch) {
        const std::string_view move(frame.text->data(), std::min(frame.text->size(), move_bytes));
        sqlite3_bind_int64(insert_.get(), 1, frame.game);
        sqlite3_bind_int64(insert_.get(), 2, frame.ply);
        sqlite3_bind_text(insert_.get(), 3, move.data(), static_cast<int>(move.size()),
                          SQLITE_STATIC);
        sqlite3_bind_int64(insert_.get(), 4, 300'000 - frame.ply);
        sqlite3_bind_int64(insert_.get(), 5, 300'000 - frame.ply);
        sqlite3_bind_int64(insert_.get(), 6, at_ms);
        if (!step(insert_.get())) {
            step(rollback_.get());
            return false;
        }
    }
    if (!step(commit_.get())) {
        step(rollback_.get());
        return false;
    }
    return true;
}

} // namespace server::loadtest
