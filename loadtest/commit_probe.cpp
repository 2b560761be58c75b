#include "loadtest/commit_probe.h"

#include "storage/sqlite/connection.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>

namespace loadtest {

namespace {

// The probe's file: new, in `directory` (storage's Connection: WAL, synchronous=FULL, no
// schema of the server's), removed with its companions when it goes.
class ProbeFile {
public:
    explicit ProbeFile(const std::filesystem::path& directory)
        : file_(directory /
                ("tabula-commit-probe-" + std::to_string(std::random_device{}()) + ".db")) {}
    ~ProbeFile() {
        std::error_code ignored;
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            std::filesystem::remove(file_.string() + suffix, ignored);
    }
    ProbeFile(const ProbeFile&) = delete;
    ProbeFile& operator=(const ProbeFile&) = delete;

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

} // namespace

CommitProbeResult probe_commits(const std::filesystem::path& directory, int count) {
    CommitProbeResult result;
    result.commits.reserve(static_cast<std::size_t>(count));
    try {
        ProbeFile(directory).commit_with([&](const auto& commit) {
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
              ProbeFile(directory).commit_with([&](const auto& commit) {
                  auto next = std::chrono::steady_clock::now();
                  while (!stop.stop_requested()) {
                      result_.commits.add(commit());
                      next += every;
                      // Behind (a commit longer than `every`): the next one at once, not a burst.
                      next = std::max(next, std::chrono::steady_clock::now());
                      std::this_thread::sleep_until(next);
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
