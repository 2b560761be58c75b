#pragma once
// The store's own floor for a durable move: single-row commits, one transaction each.
// - SQLite: WAL mode with synchronous=FULL (what the server does per move with
//   db_synchronous full), on a temporary database in the given directory (put it on the
//   server's database file system); the file and its -wal / -shm companions are removed
//   afterwards.
// - PostgreSQL, when the target is a libpq URI (postgresql://...): a table of its own in that
//   database, synchronous_commit on, dropped afterwards.

#include "loadtest/latency_samples.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

namespace loadtest {

struct CommitProbeResult {
    LatencySamples commits;
    std::string what; // what one commit is, for the report
    std::optional<std::string> error; // the probe could not run (the message says why)
};

// `count` commits back to back: the disk's floor for a fraction of a second.
CommitProbeResult probe_commits(const std::filesystem::path& directory, int count);

// The same commits paced, one every `every`, on a thread of their own from construction until
// finish(): the disk's floor over the same seconds as a run beside it, which meets the shared
// disk's slow stretches as often as the run does (a 300-commit burst sees a tenth of a second
// of it). Its own commits add one small write per `every` to that disk. Each commit is timed
// from its tick, as the open loop's moves are from theirs: a stall delays every tick that falls
// in it (the ticks missed are committed one after the other once it ends), not only the one
// commit that met it.
class PacedCommitProbe {
public:
    PacedCommitProbe(std::filesystem::path directory, std::chrono::milliseconds every);
    ~PacedCommitProbe();
    PacedCommitProbe(const PacedCommitProbe&) = delete;
    PacedCommitProbe& operator=(const PacedCommitProbe&) = delete;

    // Stops the commits and gives what they measured; once.
    CommitProbeResult finish();

private:
    CommitProbeResult result_;
    std::jthread thread_;
};

} // namespace loadtest
