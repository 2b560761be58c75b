#pragma once
// A game against the computer beside the load (issue 13: "one table's computer thinking for
// 2 s adds nothing measurable to other tables' move latency"). One connection opens a private
// table against the computer (docs/protocol.md §7.14) at a level and a time control, takes the
// colour that moves second so the computer thinks first, and answers each of the computer's
// moves at once with a seeded random legal move, following the game with rules::make_game as
// GamePair does. So the computer thinks nearly all the time; a new table follows each ended
// game. What it counts: the computer's moves and how long each took (this client's move sent,
// or the table created, until the computer's `move_played` event), and how much of the measured
// window the computer spent thinking.

#include "loadtest/latency_samples.h"
#include "loadtest/ws_client.h"
#include "rules/game.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace loadtest {

struct ServerMessage;

struct ComputerGameSettings {
    boost::asio::ip::tcp::endpoint server;
    rules::VariantId variant = rules::VariantId::Chess;
    std::string level = "hard"; // easy, medium or hard
    // Hard budgets a thirtieth of its time plus three quarters of the increment
    // (engine::budget_for): at 15 s + 2 s about 2 s a move, and the time stays near 15 s.
    std::chrono::milliseconds base{15'000};
    std::chrono::milliseconds increment{2'000};
};

struct ComputerStats {
    int games_started = 0;
    std::uint64_t games_ended = 0;
    std::uint64_t moves = 0;           // the computer's moves that arrived inside the window
    LatencySamples think;              // ... and how long each took
    std::chrono::microseconds busy{0}; // the part of the window the computer was thinking
    std::map<std::string, std::uint64_t> errors; // by error code or failure kind

    void error(const std::string& kind) { ++errors[kind]; }
};

class ComputerGame : public std::enable_shared_from_this<ComputerGame> {
public:
    using Clock = std::chrono::steady_clock;

    // `settled` is called once: true when the first game has started, false when the
    // connection failed or the server refused the table before that.
    ComputerGame(boost::asio::io_context& io, const ComputerGameSettings& settings,
                 ComputerStats& stats, std::uint64_t seed, std::function<void(bool)> settled);

    void start();
    // The measured window: moves and thinking time are counted between the two.
    void open_window(Clock::time_point now);
    void close_window(Clock::time_point now);
    // No new move and no new table; the game in play is resigned (its search cancelled).
    void finish();
    bool at_rest() const { return !playing_ && code_.empty() && create_id_ < 0; }
    void close();
    // Nothing from the computer for `limit`: counted as stalled and resigned.
    void check_stall(Clock::time_point now, Clock::duration limit);

private:
    boost::asio::io_context& io_;
    const ComputerGameSettings& settings_;
    ComputerStats& stats_;
    std::mt19937_64 random_;
    std::function<void(bool)> settled_;
    std::shared_ptr<WsClient> conn_;
    std::unique_ptr<rules::Game> game_;
    rules::Color computer_ = rules::Color::White;
    std::string code_;
    std::int64_t next_id_ = 1;
    std::int64_t create_id_ = -1;
    std::int64_t move_id_ = -1;
    bool playing_ = false;
    bool moving_ = true;
    bool ever_settled_ = false;
    std::optional<Clock::time_point> thinking_since_; // the computer is to move since then
    std::optional<Clock::time_point> window_start_;
    std::optional<Clock::time_point> window_end_;

    void on_message(std::string_view text);
    void on_move(int ply, std::string_view move);
    void create_table();
    void send_move();
    void resign();
    void on_ended();
    void computer_moved(Clock::time_point now);
    void count_thinking(Clock::time_point from, Clock::time_point to);
    void settle(bool started);
};

} // namespace loadtest
