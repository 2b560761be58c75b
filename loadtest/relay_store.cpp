#include "loadtest/relay_store.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string_view>

namespace loadtest {

namespace {

// A stored move is a few bytes ("e7e8q", "32x21"), not the request that carried it: the row
// keeps as many bytes of the frame, so the floor writes no more than the server does.
constexpr std::size_t move_bytes = 8;

constexpr std::string_view schema =
    "CREATE TABLE move_journal (seq INTEGER PRIMARY KEY, game_id INTEGER NOT NULL,"
    " ply INTEGER NOT NULL, move TEXT NOT NULL, white_ms INTEGER, black_ms INTEGER,"
    " at_ms INTEGER NOT NULL) STRICT;";

// The file, new: WAL and synchronous=FULL (the server's db_synchronous full), no migrations.
storage::sqlite::Connection open_new(const std::filesystem::path& file) {
    if (std::filesystem::exists(file))
        throw std::runtime_error("relay store: " + file.string() + " exists already");
    storage::sqlite::OpenOptions options;
    options.durability = storage::sqlite::Durability::Full;
    options.migrate = false;
    storage::sqlite::Connection db(file.string(), options);
    db.exec(schema);
    return db;
}

} // namespace

RelayStore::RelayStore(const std::filesystem::path& file)
    : db_(open_new(file)),
      insert_(db_.prepare("INSERT INTO move_journal (game_id, ply, move, white_ms, black_ms, at_ms)"
                          " VALUES (?1, ?2, ?3, ?4, ?5, ?6)")),
      writer_([this] { run(); }) {
}

RelayStore::~RelayStore() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    writer_.join();
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
    const auto at_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
    try {
        storage::sqlite::Transaction transaction(db_);
        for (const auto& frame : batch) {
            const std::string_view move(frame.text->data(),
                                        std::min(frame.text->size(), move_bytes));
            insert_.bind_int(1, frame.game)
                .bind_int(2, frame.ply)
                .bind_text(3, move)
                .bind_int(4, 300'000 - frame.ply)
                .bind_int(5, 300'000 - frame.ply)
                .bind_int(6, at_ms)
                .run();
            insert_.reset();
        }
        transaction.commit();
        return true;
    } catch (const storage::StorageError&) {
        insert_.reset();
        return false;
    }
}

} // namespace loadtest
