#pragma once
// One game of the load generator: two connections (the creator, at seat 0, and the joiner) that
// speak only docs/protocol.md: wait for `welcome`, `create_table` (private), `join` with the
// code, then moves until the game ends (`game_ended`), when both `leave` and a new table starts.
// The game is followed locally with rules::make_game and each move is a seeded random legal
// move, so nothing depends on what the events carry besides the move itself.
//
// A move is acknowledged when the mover receives its own `move_played` event carrying the move's
// id (docs/protocol.md 7.5; `ok` only for a resend). Closed loop: the side to move answers as
// soon as it receives the opponent's `move_played` event (one move in flight). Open loop: a timer
// every `interval` plays the side to move, unless the previous move is still in flight (a missed
// tick).

#include "loadtest/run_stats.h"
#include "loadtest/ws_client.h"
#include "rules/game.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>

#include <boost/asio/steady_timer.hpp>

namespace loadtest {

struct ServerMessage;

using Clock = std::chrono::steady_clock;

enum class LoopMode : std::uint8_t { Closed, Open };

struct GameSettings {
    boost::asio::ip::tcp::endpoint server;
    rules::VariantId variant = rules::VariantId::Chess;
    LoopMode mode = LoopMode::Closed;
    std::chrono::milliseconds interval{1000}; // open loop
    // > 0: a game is resigned once it has this many plies, so that games are as long as
    // people's; 0: moves are played until the rules end the game (about 350 plies of random
    // chess), which hides what a game costs once (its start, its end) behind its moves.
    int plies = 0;
};

class GamePair : public std::enable_shared_from_this<GamePair> {
public:
    // `settled` is called once: with true when this pair's first game has started, with
    // false when a connection failed before that.
    GamePair(boost::asio::io_context& io, const GameSettings& settings, RunStats& stats,
             std::uint64_t seed, std::function<void(bool)> settled);

    void start();
    // No new move from now on (moves in flight still complete).
    void stop_moving();
    // No new move and no new table: the game in play (or about to start) is resigned, and
    // both connections leave it once it has ended.
    void finish();
    // Nothing open at the server: no table created, joined or in play.
    bool at_rest() const { return !playing_ && code_.empty() && create_id_ < 0; }
    // Closes both connections.
    void close();
    // A game without progress for `limit` is counted as stalled and resigned.
    void check_stall(Clock::time_point now, Clock::duration limit);

private:
    boost::asio::io_context& io_;
    const GameSettings& settings_;
    RunStats& stats_;
    std::mt19937_64 random_;
    std::function<void(bool)> settled_;
    std::array<std::shared_ptr<WsClient>, 2> conns_{}; // 0 creator (white), 1 joiner
    std::array<bool, 2> welcomed_{};
    std::array<std::int64_t, 2> awaited_answer_{-1, -1}; // the id of each side's move in flight
    std::array<Clock::time_point, 2> answer_awaited_since_{};
    std::unique_ptr<rules::Game> game_;
    std::string code_;
    std::int64_t next_id_ = 1;
    std::int64_t create_id_ = -1;
    std::int64_t join_id_ = -1;
    bool playing_ = false;
    bool moving_ = true;
    bool finishing_ = false;
    bool ever_started_ = false;
    bool resigned_ = false;  // this game's resignation is sent
    bool in_flight_ = false; // a move sent, its opponent has not received it yet
    int flight_ply_ = -1;
    std::size_t flight_side_ = 0;
    Clock::time_point flight_sent_{};
    Clock::time_point last_progress_{};
    boost::asio::steady_timer timer_;       // open loop ticks
    boost::asio::steady_timer retry_timer_; // a refused request tried again

    void on_message(std::size_t side, std::string_view text);
    void on_table_event(std::size_t side, const ServerMessage& message);
    // The move of `id` is acknowledged: its event carrying the id, or `ok` for a resend.
    void on_move_answered(std::size_t side, std::int64_t id);
    void on_reply_error(std::size_t side, std::int64_t id, const std::string& code);
    void create_table();
    void on_started();
    void on_move(std::size_t side, int ply, std::string_view move);
    void on_ended();
    void send_move();
    void resign();
    void tick(Clock::time_point due);
    void retry_later(std::chrono::milliseconds pause, void (GamePair::*what)());
    void send(std::size_t side, std::string text);
    void settle(bool started);
};

} // namespace loadtest
