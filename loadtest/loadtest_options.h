#pragma once
// The arguments of `tabula loadtest` (usage text in loadtest_usage()).

#include "loadtest/game_pair.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace loadtest {

struct LoadtestOptions {
    std::string host = "127.0.0.1";
    std::optional<std::uint16_t> port; // the game (or echo) server; games default to 8080
    LoopMode mode = LoopMode::Closed;
    std::chrono::milliseconds interval{1000};
    int games = 10; // 0: no game run (e.g. only the commit probe)
    std::chrono::milliseconds duration{10'000};
    int plies = 0; // > 0: each game resigned at this many plies (GameSettings::plies)
    rules::VariantId variant = rules::VariantId::Chess;
    std::uint64_t seed = 1;
    std::optional<std::string> server_pid;
    bool echo = false;         // measure an echo server instead of playing games
    bool echo_server = false;  // be the echo server (until SIGINT / SIGTERM)
    bool relay = false;        // measure a relay server (the floor of a move, relay_server.h)
    bool relay_server = false; // be the relay server (until SIGINT / SIGTERM)
    std::optional<std::filesystem::path> store; // the relay commits every frame to this new file
    std::optional<std::filesystem::path> commit_probe;
    int commits = 300;
    // With a game run: the probe's commits paced one every this long beside the games, for as
    // long as they run (PacedCommitProbe), instead of `commits` back to back after them.
    std::optional<std::chrono::milliseconds> commit_every;
    bool return_to_idle = false;         // after the games: wait for the sweep, read RSS
    std::chrono::seconds sweep_wait{60}; // ... at most this long
    int idle_sockets = 0;                // > 0: measure N idle connections instead of games
    // > 0: measure the lobby's public list with this many tables instead (lobby_run.h).
    int lobby_tables = 0;
    int lobby_subscribers = 100;
    double lobby_changes_per_second = 50;
    // A game against the computer at this level beside the games (easy, medium, hard), with
    // this time control.
    std::optional<std::string> computer_level;
    std::chrono::milliseconds computer_base{15'000};
    std::chrono::milliseconds computer_increment{2'000};
};

// The options, or a message for the user.
std::variant<LoadtestOptions, std::string>
parse_loadtest_options(const std::vector<std::string>& args);

const char* loadtest_usage();

} // namespace loadtest
