#include "loadtest/commit_probe.h"

#include "storage/postgres/connection.h"
#include "storage/sqlite/connection.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>

namespace loadtest {

namespace {

// The probe's SQLite file: new, in `directory` (storage's Connection: WAL, synchronous=FULL,
// no schema of the server's), removed with its companions when it goes.
class SqliteProbe {
public:
    explicit SqliteProbe(const std::filesystem::path& directory)
        : file_(directory /
                ("tabula-commit-probe-" + std::to_string(std::random_device{}()) + ".db")) {}
    ~SqliteProbe() {
        std::error_code ignored;
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            std::filesystem::remove(file_.string() + suffix, ignored);
    }
    SqliteProbe(const SqliteProbe&) = delete;
    SqliteProbe& operator=(const SqliteProbe&) = delete;

    // Opens the file and runs `each` with a function that times one single-row commit.
    template <typename Each> void commit_with(Each each) const {
        storage::sqlite::OpenOptions options;
        options.durability = storage::sqlite::Durability::Full;
        options.migrate = false;
        storage::sqlite::Connection db(file_.string(), options);
        db.exec("CREATE TABLE probe (id INTEGER PRIMARY KEY, ply INTEGER NOT NULL,"
                " move TEXT NOT NULL) STRICT");
        auto insert = db.prepare("INSERT INTO probe (ply, move) VALUES (?1, 'e2e4')");
        std::int64_t ply = 0;
        each([&] {
            const auto begun = std::chrono::steady_clock::now();
            insert.bind_int(1, ply++).run(); // autocommit: one transaction per row
            insert.reset();
            return std::chrono::steady_clock::now() - begun;
        });
    }

private:
    std::filesystem::path file_;
};

// The same on PostgreSQL: a table of its own in the database of `uri` (a logged table, so
// each COMMIT waits for its WAL flush as the server's moves do with synchronous_commit on),
// dropped when it goes.
class PgProbe {
public:
    explicit PgProbe(std::string uri)
        : uri_(std::move(uri)),
          table_("tabula_commit_probe_" + std::to_string(std::random_device{}())) {}
    PgProbe(const PgProbe&) = delete;
    PgProbe& operator=(const PgProbe&) = delete;

    template <typename Each> void commit_with(Each each) const {
        storage::postgres::ConnectOptions options;
        options.durability = storage::Durability::Full;
        storage::postgres::Connection db(uri_, options);
        db.exec("CREATE TABLE " + table_ +
                " (id bigserial PRIMARY KEY, ply bigint NOT NULL, move text NOT NULL)");
        const std::string insert = "INSERT INTO " + table_ + " (ply, move) VALUES ($1, 'e2e4')";
        std::int64_t ply = 0;
        try {
            each([&] {
                const auto begun = std::chrono::steady_clock::now();
                db.run(insert, storage::postgres::Params().add(ply++)); // autocommit
                return std::chrono::steady_clock::now() - begun;
            });
        } catch (...) {
            drop(db);
            throw;
        }
        drop(db);
    }

private:
    std::string uri_;
    std::string table_;

    void drop(storage::postgres::Connection& db) const {
        try {
            db.exec("DROP TABLE IF EXISTS " + table_);
        } catch (const storage::StorageError&) {
            // The connection is gone: the table stays, named as the probe's own.
        }
    }
};

bool is_postgres_uri(const std::string& target) {
    return target.starts_with("postgresql://") || target.starts_with("postgres://");
}

// Runs `each` with the commit of the probe `target` names: a directory (SQLite) or a libpq URI;
// `what` says which.
template <typename Each>
void commit_with(const std::filesystem::path& target, std::string& what, Each each) {
    if (is_postgres_uri(target.string())) {
        what = "single-row PostgreSQL commits, synchronous_commit on";
        PgProbe(target.string()).commit_with(each);
    } else {
        what = "single-row SQLite WAL commits, synchronous=FULL";
        SqliteProbe(target).commit_with(each);
    }
}

} // namespace

CommitProbeResult probe_commits(const std::filesystem::path& directory, int count) {
    CommitProbeResult result;
    result.commits.reserve(static_cast<std::size_t>(count));
    try {
        commit_with(directory, result.what, [&](const auto& commit) {
            for (int i = 0; i < count; ++i)
                result.commits.add(commit());
        });
    } catch (const storage::StorageError& e) {
        result.error = e.what();
    }
    return result;
}

PacedCommitProbe::PacedCommitProbe(std::filesystem::path directory, std::chrono::milliseconds every)
    : thread_([this, directory = std::move(directory), every](std::stop_token stop) {
          result_.commits.reserve(100'000);
          try {
              commit_with(directory, result_.what, [&](const auto& commit) {
                  auto tick = std::chrono::steady_clock::now();
                  while (!stop.stop_requested()) {
                      commit();
                      result_.commits.add(std::chrono::steady_clock::now() - tick);
                      // Behind (a commit longer than `every`): the ticks missed at once, in turn.
                      tick += every;
                      std::this_thread::sleep_until(tick);
                  }
              });
          } catch (const storage::StorageError& e) {
              result_.error = e.what();
          }
      }) {
}

PacedCommitProbe::~PacedCommitProbe() = default; // the jthread asks the thread to stop, joins

CommitProbeResult PacedCommitProbe::finish() {
    thread_.request_stop();
    if (thread_.joinable())
        thread_.join();
    return std::move(result_);
}

} // namespace loadtest
