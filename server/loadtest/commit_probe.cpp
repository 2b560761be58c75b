#include "server/loadtest/commit_probe.h"

#include "storage/sqlite/connection.h"

#include <chrono>
#include <random>

namespace server::loadtest {

namespace {

// The probe itself, on a new file (storage's Connection: WAL, synchronous=FULL, no schema of
// the server's); the caller removes the files.
void run_probe(const std::filesystem::path& file, int count, LatencySamples& commits) {
    storage::sqlite::OpenOptions options;
    options.durability = storage::sqlite::Durability::Full;
    options.migrate = false;
    storage::sqlite::Connection db(file.string(), options);
    db.exec("CREATE TABLE probe (id INTEGER PRIMARY KEY, ply INTEGER NOT NULL,"
            " move TEXT NOT NULL) STRICT");
    auto insert = db.prepare("INSERT INTO probe (ply, move) VALUES (?1, 'e2e4')");
    for (int i = 0; i < count; ++i) {
        const auto begun = std::chrono::steady_clock::now();
        insert.bind_int(1, i).run(); // autocommit: one transaction per row
        insert.reset();
        commits.add(std::chrono::steady_clock::now() - begun);
    }
}

} // namespace

CommitProbeResult probe_commits(const std::filesystem::path& directory, int count) {
    CommitProbeResult result;
    result.commits.reserve(static_cast<std::size_t>(count));
    std::random_device entropy;
    const auto file = directory / ("tabula-commit-probe-" + std::to_string(entropy()) + ".db");
    try {
        run_probe(file, count, result.commits);
    } catch (const storage::StorageError& e) {
        result.error = e.what();
    }
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(file.string() + suffix, ignored);
    return result;
}

} // namespace server::loadtest
