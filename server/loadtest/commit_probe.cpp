#include "server/loadtest/commit_probe.h"

#include <chrono>
#include <memory>
#include <random>

#include <sqlite3.h>

namespace server::loadtest {

namespace {

struct CloseDatabase {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct FinalizeStatement {
    void operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }
};

std::string message_of(sqlite3* db, const char* what) {
    return std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "out of memory");
}

// The probe itself, on an open database; the caller removes the files.
std::optional<std::string> run_probe(sqlite3* db, int count, LatencySamples& commits) {
    const char* setup = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                        "CREATE TABLE probe (id INTEGER PRIMARY KEY, ply INTEGER NOT NULL,"
                        " move TEXT NOT NULL) STRICT;";
    if (sqlite3_exec(db, setup, nullptr, nullptr, nullptr) != SQLITE_OK)
        return message_of(db, "setting up the probe database");
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, "INSERT INTO probe (ply, move) VALUES (?1, 'e2e4')", -1, &raw,
                           nullptr) != SQLITE_OK)
        return message_of(db, "preparing the insert");
    const std::unique_ptr<sqlite3_stmt, FinalizeStatement> insert(raw);
    for (int i = 0; i < count; ++i) {
        const auto begun = std::chrono::steady_clock::now();
        sqlite3_bind_int(insert.get(), 1, i);
        if (sqlite3_step(insert.get()) != SQLITE_DONE) // autocommit: one transaction per row
            return message_of(db, "inserting a row");
        sqlite3_reset(insert.get());
        commits.add(std::chrono::steady_clock::now() - begun);
    }
    return std::nullopt;
}

} // namespace

CommitProbeResult probe_commits(const std::filesystem::path& directory, int count) {
    CommitProbeResult result;
    result.commits.reserve(static_cast<std::size_t>(count));
    std::random_device entropy;
    const auto file = directory / ("tabula-commit-probe-" + std::to_string(entropy()) + ".db");
    sqlite3* raw = nullptr;
    const int opened =
        sqlite3_open_v2(file.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    std::unique_ptr<sqlite3, CloseDatabase> db(raw);
    if (opened != SQLITE_OK)
        result.error = message_of(db.get(), ("opening " + file.string()).c_str());
    else
        result.error = run_probe(db.get(), count, result.commits);
    db.reset();
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(file.string() + suffix, ignored);
    return result;
}

} // namespace server::loadtest
