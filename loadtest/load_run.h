#pragma once
// A game load run against a running Tabula server: N GamePairs on one io_context thread,
// connected a few at a time, then a measured window of `duration` once every game has
// started (or the setup deadline passed), then a short drain and a clean close.
//
// Return to idle (issue 11: "after every game has ended and been swept, RSS back within 10 %
// of its idle baseline"): with `return_to_idle`, the server's RSS is read before the first
// connection (the idle baseline); after the window every game is resigned and left and every
// connection closed, then the run waits (at most `sweep_limit`) until the server's /metrics
// shows no connection and no table, lets it settle for `settle`, and reads the RSS again.
// Run the server with short finished_table_*_seconds so the sweep comes within the limit.
//
// A second baseline is read after a warm-up (warm_up_games closed-loop games for
// warm_up_duration, ended, left and swept like the measured ones): the code pages and the
// static tables (chess attack tables) the first games fault in stay resident in any process,
// so "swept over warm" shows what the load itself left behind. The goal's figure stays the
// cold one ("swept over idle"); bench/README.md says how to read both.
//
// With `computer`, a game against the computer (ComputerGame) is played beside the N games,
// started first; the window opens once it has started too, and it is resigned when the
// window closes. Its moves are counted apart from the N games' figures.

#include "loadtest/computer_game.h"
#include "loadtest/game_pair.h"
#include "loadtest/run_stats.h"
#include "loadtest/server_gauges.h"

#include <chrono>
#include <optional>
#include <string>

namespace loadtest {

struct LoadRunOptions {
    GameSettings game;
    int games = 10;
    std::chrono::milliseconds duration{10'000};
    std::uint64_t seed = 1;
    std::optional<std::string> server_pid; // /proc/<pid> of the server, for CPU and RSS
    bool return_to_idle = false;
    std::chrono::milliseconds sweep_limit{60'000};
    std::chrono::milliseconds settle{3'000}; // the server returns memory within a second or two
    std::optional<ComputerGameSettings> computer;
    int warm_up_games = 5; // enough load for the server to see a burst pass and trim after it
    std::chrono::milliseconds warm_up_duration{1'000};
};

struct LoadRunResult {
    RunStats stats;
    int games_started = 0;
    std::chrono::duration<double> window{0};
    std::optional<std::chrono::microseconds> server_cpu; // used during the window
    std::optional<std::uint64_t> server_rss_before;      // bytes, at the window's start
    std::optional<std::uint64_t> server_rss_after;       // bytes, at its end
    std::optional<std::chrono::microseconds> client_cpu; // this process, during the window
    // Return to idle (when asked for):
    std::optional<std::uint64_t> server_rss_idle;  // bytes, before the first connection
    std::optional<std::uint64_t> server_rss_swept; // bytes, once every table was swept
    std::optional<std::uint64_t> server_anon_idle; // the same, RssAnon (heap and stacks)
    std::optional<std::uint64_t> server_anon_swept;
    std::optional<std::uint64_t> server_rss_warm; // bytes, after the warm-up was swept
    std::optional<std::uint64_t> server_anon_warm;
    std::optional<IdleWait> idle_wait;     // how the wait for the sweep went
    std::optional<ComputerStats> computer; // the game against the computer, when asked for

    double moves_per_second() const;
};

LoadRunResult run_load(const LoadRunOptions& options);

} // namespace loadtest
