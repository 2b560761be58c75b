#include "loadtest/game_pair.h"

#include "loadtest/message_scan.h"

namespace loadtest {

GamePair::GamePair(boost::asio::io_context& io, const GameSettings& settings, RunStats& stats,
                   std::uint64_t seed, std::function<void(bool)> settled)
    : io_(io), settings_(settings), stats_(stats), random_(seed), settled_(std::move(settled)),
      timer_(io), retry_timer_(io) {
}

void GamePair::start() {
    for (std::size_t side = 0; side < 2; ++side) {
        // The pair owns its clients, and the run owns the pairs: a client's handlers hold the
        // pair weakly, or pair and client would keep each other alive for ever.
        WsClient::Handlers handlers;
        handlers.message = [weak = weak_from_this(), side](std::string_view text) {
            if (auto self = weak.lock())
                self->on_message(side, text);
        };
        handlers.failed = [weak = weak_from_this()](const std::string&) {
            auto self = weak.lock();
            if (!self)
                return;
            self->stats_.error("connection_lost");
            self->stop_moving();
            self->close();
            self->settle(false);
        };
        conns_[side] = std::make_shared<WsClient>(io_, std::move(handlers));
        conns_[side]->connect(settings_.server, "/ws");
    }
    if (settings_.mode == LoopMode::Open) {
        const auto phase = std::chrono::milliseconds(static_cast<std::int64_t>(
            random_() %
            static_cast<std::uint64_t>(std::max<std::int64_t>(settings_.interval.count(), 1))));
        tick(Clock::now() + phase);
    }
}

void GamePair::stop_moving() {
    moving_ = false;
    timer_.cancel();
    retry_timer_.cancel();
}

void GamePair::finish() {
    stop_moving();
    finishing_ = true;
    if (playing_)
        resign();
}

void GamePair::close() {
    for (auto& conn : conns_)
        if (conn)
            conn->close();
}

void GamePair::settle(bool started) {
    if (ever_started_)
        return;
    ever_started_ = true;
    if (settled_)
        settled_(started);
}

void GamePair::send(std::size_t side, std::string text) {
    conns_[side]->send(std::move(text));
}

void GamePair::on_message(std::size_t side, std::string_view text) {
    const auto scanned = scan_server_message(text);
    if (!scanned)
        return stats_.error("bad_json_from_server");
    const ServerMessage& message = *scanned;
    const auto type = message.type;
    if (type == "table_event") {
        if (message.id >= 0) // the mover's copy of its move: the answer to its request
            on_move_answered(side, message.id);
        return on_table_event(side, message);
    }
    if (type == "ok")
        return on_move_answered(side, message.id);
    if (type == "error")
        return on_reply_error(side, message.id, std::string(message.code));
    if (type == "welcome") {
        welcomed_[side] = true;
        if (welcomed_[0] && welcomed_[1] && code_.empty() && create_id_ < 0)
            create_table();
    } else if (type == "table_created" && message.id == create_id_) {
        create_id_ = -1;
        code_ = message.code;
        join_id_ = next_id_++;
        send(1, R"({"t":"join","id":)" + std::to_string(join_id_) + R"(,"code":")" + code_ + "\"}");
    }
}

void GamePair::create_table() {
    if (!moving_)
        return;
    create_id_ = next_id_++;
    send(0, R"({"t":"create_table","id":)" + std::to_string(create_id_) + R"(,"variant":")" +
                std::string(rules::variant_name(settings_.variant)) +
                R"(","color":"white","private":true})");
}

void GamePair::on_table_event(std::size_t side, const ServerMessage& message) {
    if (code_.empty() || message.table != code_)
        return; // a table this pair has left
    if (message.event_type == "game_started")
        return on_started();
    if (message.event_type == "game_ended")
        return on_ended();
    if (message.event_type != "move_played")
        return;
    if (message.ply < 0 || message.move.empty())
        return stats_.error("bad_event_from_server");
    on_move(side, message.ply, message.move);
}

void GamePair::on_started() {
    if (playing_)
        return; // both connections get it
    auto game = rules::make_game(settings_.variant);
    if (!game)
        return stats_.error("bad_variant");
    game_ = std::move(game).value();
    playing_ = true;
    resigned_ = false;
    in_flight_ = false;
    last_progress_ = Clock::now();
    settle(true);
    if (finishing_)
        return resign(); // joined after finish(): ended at once
    if (settings_.mode == LoopMode::Closed)
        send_move();
}

void GamePair::send_move() {
    if (!moving_ || !playing_ || in_flight_ || game_->outcome().over())
        return;
    if (settings_.plies > 0 && game_->ply() >= settings_.plies)
        return resign(); // long enough: the next game

    const auto legal = game_->legal_moves();
    if (legal.empty())
        return;
    const auto& move = legal[random_() % legal.size()];
    const std::size_t side = game_->to_move() == rules::Color::White ? 0 : 1;
    const auto id = next_id_++;
    const auto now = Clock::now();
    in_flight_ = true;
    flight_ply_ = game_->ply();
    flight_side_ = side;
    flight_sent_ = now;
    awaited_answer_[side] = id;
    answer_awaited_since_[side] = now;
    send(side, R"({"t":"move","id":)" + std::to_string(id) + R"(,"table":")" + code_ +
                   R"(","ply":)" + std::to_string(flight_ply_) + R"(,"move":")" + move + "\"}");
}

void GamePair::on_move(std::size_t side, int ply, std::string_view move) {
    if (!playing_)
        return;
    const auto now = Clock::now();
    if (ply == game_->ply()) { // the first of the two connections to hear of it
        if (!game_->play(move)) {
            stats_.error("move_not_replayable");
            return resign();
        }
        last_progress_ = now;
    }
    if (in_flight_ && ply == flight_ply_ && side != flight_side_) {
        in_flight_ = false;
        if (stats_.recording)
            stats_.opponent.add(now - flight_sent_);
        if (settings_.mode == LoopMode::Closed)
            send_move();
    }
}

void GamePair::on_move_answered(std::size_t side, std::int64_t id) {
    if (id < 0 || id != awaited_answer_[side])
        return;
    awaited_answer_[side] = -1;
    if (stats_.recording) {
        ++stats_.moves;
        stats_.mover.add(Clock::now() - answer_awaited_since_[side]);
    }
}

void GamePair::on_reply_error(std::size_t side, std::int64_t id, const std::string& code) {
    // Finishing, one side resigns while the other side's move may be on its way: that move
    // meets a game already over. The run asked for it; it is no error of the server's.
    const bool crossed_our_resignation = (finishing_ || resigned_) && code == "game_over";
    if (!crossed_our_resignation)
        stats_.error(code.empty() ? "error_without_code" : code);
    if (id >= 0 && id == awaited_answer_[side]) {
        awaited_answer_[side] = -1;
        in_flight_ = false;
        if (code == "rate_limited") // dropped, not refused: the same position, a new try
            return retry_later(std::chrono::milliseconds(20), &GamePair::send_move);
        return resign();
    }
    if (id >= 0 && id == create_id_) {
        create_id_ = -1;
        return retry_later(std::chrono::milliseconds(500), &GamePair::create_table);
    }
    if (id >= 0 && id == join_id_) {
        send(0, R"({"t":"cancel","table":")" + code_ + "\"}");
        code_.clear();
        return retry_later(std::chrono::milliseconds(500), &GamePair::create_table);
    }
}

void GamePair::retry_later(std::chrono::milliseconds pause, void (GamePair::*what)()) {
    retry_timer_.expires_after(pause);
    retry_timer_.async_wait([self = shared_from_this(), what](const boost::system::error_code& ec) {
        if (!ec)
            ((*self).*what)();
    });
}

void GamePair::resign() {
    if (code_.empty() || resigned_)
        return;
    resigned_ = true;
    send(0, R"({"t":"resign","table":")" + code_ + "\"}");
}

void GamePair::on_ended() {
    playing_ = false;
    in_flight_ = false;
    ++stats_.games_ended;
    for (std::size_t side = 0; side < 2; ++side)
        send(side, R"({"t":"leave","table":")" + code_ + "\"}");
    code_.clear();
    create_table();
}

void GamePair::check_stall(Clock::time_point now, Clock::duration limit) {
    if (!playing_ || !moving_ || now - last_progress_ < limit)
        return;
    stats_.error("stalled");
    last_progress_ = now;
    resign();
}

void GamePair::tick(Clock::time_point due) {
    timer_.expires_at(due);
    timer_.async_wait([self = shared_from_this(), due](const boost::system::error_code& ec) {
        if (ec || !self->moving_)
            return;
        if (self->playing_ && self->in_flight_ && self->stats_.recording)
            ++self->stats_.missed_ticks;
        self->send_move();
        self->tick(due + self->settings_.interval);
    });
}

} // namespace loadtest
