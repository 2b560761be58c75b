#pragma once
// The disk's own floor for a durable move: single-row SQLite commits in WAL mode with
// synchronous=FULL (what the server does per move with db_synchronous full), on a temporary
// database in the given directory (put it on the server's database file system). The file
// and its -wal / -shm companions are removed afterwards.

#include "server/loadtest/latency_samples.h"

#include <filesystem>
#include <optional>
#include <string>

namespace server::loadtest {

struct CommitProbeResult {
    LatencySamples commits;
    std::optional<std::string> error; // the probe could not run (the message says why)
};

CommitProbeResult probe_commits(const std::filesystem::path& directory, int count);

} // namespace server::loadtest
