#pragma once
// The disk's own floor for a durable move: single-row SQLite commits in WAL mode with
// synchronous=FULL (what the server does per move with db_synchronous full), on a temporary
// database in the given directory (put it on the server's database file system). The file
// and its -wal / -shm companions are removed afterwards.

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
    std::optional<std::string> error; // the probe could not run (the message says why)
};

// `count` commits back to back: the disk's floor for a fraction of a second.
CommitProbeResult probe_commits(const std::filesystem::path& directory, int count);

// The same commits paced, one every `every`, on a thread of their own from construction until
// finish(): the disk's floor over the same seconds as a run beside it, which meets the shared
// disk's slow stretches as often as the run does (a 300-commit burst sees a tenth of a second
// of it). Its own commits add one small write per `every` to that disk.
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
