#pragma once
// A game load run against a running Tabula server: N GamePairs on one io_context thread,
// connected a few at a time, then a measured window of `duration` once every game has
// started (or the setup deadline passed), then a short drain and a clean close.

#include "server/loadtest/game_pair.h"
#include "server/loadtest/run_stats.h"

#include <chrono>
#include <optional>
#include <string>

namespace server::loadtest {

struct LoadRunOptions {
    GameSettings game;
    int games = 10;
    std::chrono::milliseconds duration{10'000};
    std::uint64_t seed = 1;
    std::optional<std::string> server_pid; // /proc/<pid> of the server, for CPU and RSS
};

struct LoadRunResult {
    RunStats stats;
    int games_started = 0;
    std::chrono::duration<double> window{0};
    std::optional<std::chrono::microseconds> server_cpu; // used during the window
    std::optional<std::uint64_t> server_rss_before;      // bytes, at the window's start
    std::optional<std::uint64_t> server_rss_after;       // bytes, at its end
    std::optional<std::chrono::microseconds> client_cpu; // this process, during the window

    double moves_per_second() const;
};

LoadRunResult run_load(const LoadRunOptions& options);

} // namespace server::loadtest
