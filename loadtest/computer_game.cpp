#include "loadtest/computer_game.h"

#include "loadtest/message_scan.h"

#include <algorithm>

namespace loadtest {

namespace {

const char* color_name(rules::Color color) {
    return color == rules::Color::White ? "white" : "black";
}

} // namespace

ComputerGame::ComputerGame(boost::asio::io_context& io, const ComputerGameSettings& settings,
                           ComputerStats& stats, std::uint64_t seed,
                           std::function<void(bool)> settled)
    : io_(io), settings_(settings), stats_(stats), random_(seed), settled_(std::move(settled)) {
}

void ComputerGame::start() {
    // The game owns its client: the client's handlers hold the game weakly.
    WsClient::Handlers handlers;
    handlers.message = [weak = weak_from_this()](std::string_view text) {
        if (auto self = weak.lock())
            self->on_message(text);
    };
    handlers.failed = [weak = weak_from_this()](const std::string&) {
        auto self = weak.lock();
        if (!self)
            return;
        self->stats_.error("connection_lost");
        self->moving_ = false;
        self->playing_ = false;
        self->code_.clear();
        self->create_id_ = -1;
        self->thinking_since_.reset();
        self->settle(false);
    };
    conn_ = std::make_shared<WsClient>(io_, std::move(handlers));
    conn_->connect(settings_.server, "/ws");
}

void ComputerGame::open_window(Clock::time_point now) {
    window_start_ = now;
}

void ComputerGame::close_window(Clock::time_point now) {
    if (thinking_since_)
        count_thinking(*thinking_since_, now);
    window_end_ = now;
}

void ComputerGame::finish() {
    moving_ = false;
    if (playing_)
        resign();
}

void ComputerGame::close() {
    if (conn_)
        conn_->close();
}

void ComputerGame::settle(bool started) {
    if (ever_settled_)
        return;
    ever_settled_ = true;
    if (settled_)
        settled_(started);
}

void ComputerGame::on_message(std::string_view text) {
    const auto scanned = scan_server_message(text);
    if (!scanned)
        return stats_.error("bad_json_from_server");
    const ServerMessage& message = *scanned;
    if (message.type == "welcome") {
        if (code_.empty() && create_id_ < 0)
            create_table();
    } else if (message.type == "table_created" && message.id == create_id_) {
        create_id_ = -1;
        code_ = message.code;
        auto game = rules::make_game(settings_.variant);
        if (!game)
            return stats_.error("bad_variant");
        game_ = std::move(game).value();
        playing_ = true; // the computer sat down at once: the game has started
        ++stats_.games_started;
        thinking_since_ = Clock::now();
        settle(true);
        if (!moving_)
            resign();
    } else if (message.type == "table_event") {
        if (code_.empty() || message.table != code_)
            return;
        if (message.event_type == "game_ended")
            return on_ended();
        if (message.event_type == "move_played")
            on_move(message.ply, message.move);
    } else if (message.type == "error") {
        stats_.error(message.code.empty() ? "error_without_code" : std::string(message.code));
        if (message.id >= 0 && message.id == create_id_) {
            // The server has no computer opponent (engine_threads 0), or refused the setup:
            // trying again would not change that.
            create_id_ = -1;
            moving_ = false;
            settle(false);
        } else if (message.id >= 0 && message.id == move_id_) {
            move_id_ = -1;
            resign(); // out of step with the server: a new game
        }
    }
}

void ComputerGame::create_table() {
    if (!moving_)
        return;
    // The computer takes the colour that moves first in this variant, so it thinks at once.
    auto first = rules::make_game(settings_.variant);
    if (!first)
        return stats_.error("bad_variant");
    computer_ = first.value()->to_move();
    create_id_ = next_id_++;
    conn_->send(R"({"t":"create_table","id":)" + std::to_string(create_id_) + R"(,"variant":")" +
                std::string(rules::variant_name(settings_.variant)) +
                R"(","opponent":"computer","level":")" + settings_.level +
                R"(","time":{"base_ms":)" + std::to_string(settings_.base.count()) +
                R"(,"increment_ms":)" + std::to_string(settings_.increment.count()) +
                R"(},"color":")" + color_name(rules::opposite(computer_)) + R"(","private":true})");
}

void ComputerGame::on_move(int ply, std::string_view move) {
    if (!playing_ || ply != game_->ply())
        return; // a move already followed
    const auto now = Clock::now();
    const bool by_computer = game_->to_move() == computer_;
    if (!game_->play(move)) {
        stats_.error("move_not_replayable");
        return resign();
    }
    if (!by_computer) {
        // Our own move: the computer thinks since we sent it, unless it ended the game.
        if (game_->outcome().over() && thinking_since_) {
            count_thinking(*thinking_since_, now);
            thinking_since_.reset();
        }
        return;
    }
    computer_moved(now);
    send_move();
}

void ComputerGame::computer_moved(Clock::time_point now) {
    if (!thinking_since_)
        return;
    const auto since = *thinking_since_;
    thinking_since_.reset();
    count_thinking(since, now);
    if (window_start_ && !window_end_ && now >= *window_start_) {
        ++stats_.moves;
        stats_.think.add(now - since);
    }
}

// Adds the part of [from, to] inside the window to the computer's busy time.
void ComputerGame::count_thinking(Clock::time_point from, Clock::time_point to) {
    if (!window_start_ || window_end_)
        return;
    const auto begin = std::max(from, *window_start_);
    if (to > begin)
        stats_.busy += std::chrono::duration_cast<std::chrono::microseconds>(to - begin);
}

void ComputerGame::send_move() {
    if (!moving_ || !playing_ || game_->outcome().over())
        return;
    const auto legal = game_->legal_moves();
    if (legal.empty())
        return;
    const auto& move = legal[random_() % legal.size()];
    move_id_ = next_id_++;
    thinking_since_ = Clock::now();
    conn_->send(R"({"t":"move","id":)" + std::to_string(move_id_) + R"(,"table":")" + code_ +
                R"(","ply":)" + std::to_string(game_->ply()) + R"(,"move":")" + move + "\"}");
}

void ComputerGame::resign() {
    if (!code_.empty())
        conn_->send(R"({"t":"resign","table":")" + code_ + "\"}");
}

void ComputerGame::on_ended() {
    if (thinking_since_)
        count_thinking(*thinking_since_, Clock::now());
    thinking_since_.reset();
    playing_ = false;
    ++stats_.games_ended;
    conn_->send(R"({"t":"leave","table":")" + code_ + "\"}");
    code_.clear();
    create_table();
}

void ComputerGame::check_stall(Clock::time_point now, Clock::duration limit) {
    if (!playing_ || !moving_ || !thinking_since_ || now - *thinking_since_ < limit)
        return;
    stats_.error("computer_stalled");
    thinking_since_.reset();
    resign();
}

} // namespace loadtest
