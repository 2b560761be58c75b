#include "lobby/table.h"

#include <algorithm>

namespace lobby {

// The rules' outcome as the table's result, kind for kind. For more than two players the places
// decide (rules::Outcome::places, in seat order): the rules rank every such game. A game of two
// keeps only its winner, even where the rules give places as well (two-player halma).
GameResult Table::result_of(const rules::Outcome& outcome) const {
    switch (outcome.status) {
    case rules::Outcome::Status::Win:
        return GameResult::win(outcome.winner, outcome.reason);
    case rules::Outcome::Status::Draw:
        return GameResult::draw(outcome.reason);
    case rules::Outcome::Status::Ranked:
        return GameResult::ranked(outcome.places, outcome.reason);
    case rules::Outcome::Status::Ongoing:
        break;
    }
    return GameResult::aborted(outcome.reason);
}

void Table::start_game(TimePoint now) {
    status_ = TableStatus::Playing;
    started_at_ = now;
    turn_started_ = now;
    first_seat_ = game_->seat_to_move();
    unmoved_leavers_ = 0;
    clock_ = GameClock(setup_.time_control, context_.limits.lag, seat_count());
    emit(now, GameStarted{.game_number = game_number_,
                          .players = players(),
                          .start_position = game_->start_position(),
                          .board = game_->board(),
                          .legal_moves = game_->legal_move_views(),
                          .clocks = clock_view(now),
                          .first_move_deadline = *first_move_deadline()});
    // A start position with the game already decided (no legal move) ends at once.
    if (game_->outcome().over())
        end_game(result_of(game_->outcome()), now);
}

rules::Result<MoveAck> Table::play(const PlayerId& player, int ply, std::string_view move,
                                   TimePoint now, Millis measured_lag) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    const auto seat = seat_of(player);
    if (!seat)
        return refuse(errc::not_seated, "only the seated players can move");
    if (status_ == TableStatus::Waiting)
        return refuse(errc::not_started, "the game starts when every seat is taken");
    if (is_resend(*seat, ply, move))
        return MoveAck{.duplicate = true, .event = last_move_event_};
    if (status_ == TableStatus::Finished)
        return refuse(errc::game_over, "the game is over");
    if (has_left(*seat))
        return refuse(errc::not_your_turn, "you have left this game");
    if (game_->seat_to_move() != *seat)
        return refuse(errc::not_your_turn, "it is not your turn");
    const auto played_plies = static_cast<int>(moves_.size());
    if (ply != played_plies)
        return refuse(errc::stale_ply, "the game is at ply " + std::to_string(played_plies) +
                                           ", not " + std::to_string(ply));
    if (end_on_time(now, measured_lag))
        // Past two seats a flag takes the mover out and the game may go on (no result yet).
        return refuse(errc::game_over, result_ && result_->reason == "first-move-timeout"
                                           ? "you did not make your first move in time"
                                           : "your time ran out");
    auto played = game_->play(move);
    if (!played) {
        const bool over = played.error().code == errc::game_over;
        return refuse(over ? errc::game_over : errc::illegal_move, played.error().detail);
    }
    last_move_sent_ = std::string(move);
    record_move(*seat, played.value(), now, measured_lag);
    return MoveAck{.duplicate = false, .event = last_move_event_};
}

void Table::move_released(TimePoint at) {
    if (status_ != TableStatus::Playing || moves_.empty() || at <= turn_started_)
        return;
    turn_started_ = at;
    clock_.start_turn_at(at);
}

void Table::abort_unstored(bool withdraw_last_move, TimePoint now) {
    if (withdraw_last_move && !this->withdraw_last_move())
        return;
    if (status_ != TableStatus::Playing)
        return;
    end_game(GameResult::aborted(std::string(storage_failed_reason)), now);
}

bool Table::is_resend(int seat, int ply, std::string_view move) const {
    if (moves_.empty() || static_cast<std::size_t>(ply) + 1 != moves_.size() || ply < 0)
        return false;
    return last_mover_ == seat && (move == moves_.back().move || move == last_move_sent_);
}

// `mover` has played `view` (the game has it already): charge its clock and pass the turn to
// the seat the rules name, which skips players who have finished.
void Table::record_move(int mover, const rules::MoveView& view, TimePoint now, Millis lag) {
    const int next = game_->seat_to_move();
    clock_before_move_ = clock_.state();
    if (clock_.running())
        clock_.press(now, lag, next);
    last_mover_ = mover;
    const int ply = static_cast<int>(moves_.size());
    moves_.push_back(RecordedMove{.move = view.notation, .at = now, .lag = lag});
    moves_display_.push_back(view.display);
    last_move_ = view;
    turn_started_ = now;
    const bool over = game_->outcome().over();
    if (!clock_.running() && moves_.size() >= opening_moves() && !over)
        clock_.start(next, now);
    takeback_by_.reset();
    // Let go of the previous move's event first: the history is then its only holder and
    // slims it in place (event_log.cpp) instead of copying it.
    last_move_event_.reset();
    last_move_event_ =
        emit_and_get(now, MovePlayed{.ply = ply,
                                     .by = mover,
                                     .next = next,
                                     .move = view,
                                     .position = game_->position(),
                                     .board = game_->board(),
                                     .legal_moves = over ? std::vector<rules::MoveView>{}
                                                         : game_->legal_move_views(),
                                     .clocks = clock_view(now),
                                     .first_move_deadline = first_move_deadline()});
    if (draw_offer_ && *draw_offer_ != mover) {
        emit(now, DrawOfferWithdrawn{*draw_offer_});
        draw_offer_.reset();
    }
    if (over)
        end_game(result_of(game_->outcome()), now);
}

std::optional<TimePoint> Table::first_move_deadline() const {
    if (status_ != TableStatus::Playing || moves_.size() >= opening_moves())
        return std::nullopt;
    return turn_started_ + first_move_window(setup_.time_control, context_.limits);
}

bool Table::end_on_time(TimePoint now, Millis measured_lag) {
    if (status_ != TableStatus::Playing)
        return false;
    if (const auto deadline = first_move_deadline(); deadline && now >= *deadline) {
        end_game(GameResult::aborted("first-move-timeout", game_->seat_to_move()), now);
        return true;
    }
    if (clock_.would_flag(now, measured_lag)) {
        end_by_flag(now);
        return true;
    }
    return false;
}

void Table::end_game(GameResult result, TimePoint now) {
    clock_.stop(now);
    status_ = TableStatus::Finished;
    result_ = result;
    draw_offer_.reset();
    takeback_by_.reset();
    rematch_offers_.clear();
    std::vector<std::string> moves;
    moves.reserve(moves_.size());
    for (const auto& m : moves_)
        moves.push_back(m.move);
    emit(now, GameEnded{.game_number = game_number_,
                        .result = std::move(result),
                        .clocks = clock_view(now),
                        .rated = setup_.rated,
                        .players = players(),
                        .moves = std::move(moves)});
}

void Table::close(TimePoint now, std::string reason) {
    status_ = TableStatus::Closed;
    emit(now, TableClosed{std::move(reason)});
}

std::optional<TimePoint> Table::host_away_deadline() const {
    const auto& limit = context_.limits.host_away_close;
    if (status_ != TableStatus::Waiting || !limit)
        return std::nullopt;
    const auto index = seat_of(host_.id);
    if (!index)
        return std::nullopt;
    const Seat& seat = *seats_[*index];
    if (seat.connected || !seat.disconnected_since)
        return std::nullopt;
    return *seat.disconnected_since + *limit;
}

void Table::check_timeouts(TimePoint now) {
    if (const auto away = host_away_deadline(); away && now >= *away)
        return close(now, "host-left");
    if (status_ != TableStatus::Playing)
        return;
    if (const auto deadline = first_move_deadline(); deadline && now >= *deadline) {
        end_on_time(now, Millis{0});
        return;
    }
    if (clock_.flagged(now)) {
        end_by_flag(now);
        return;
    }
    const auto grace = claim_grace();
    if (!grace)
        return;
    for (int index = 0; index < seat_count(); ++index) {
        Seat& seat = *seats_[index];
        if (seat.connected || seat.abandonment_announced || !seat.disconnected_since ||
            !still_in_game(index))
            continue;
        if (now < *seat.disconnected_since + *grace)
            continue;
        seat.abandonment_announced = true;
        emit(now, AbandonmentClaimable{index});
    }
}

std::optional<TimePoint> Table::next_deadline() const {
    if (status_ == TableStatus::Waiting)
        return host_away_deadline();
    if (status_ != TableStatus::Playing)
        return std::nullopt;
    std::optional<TimePoint> next = first_move_deadline();
    const auto consider = [&next](std::optional<TimePoint> t) {
        if (t && (!next || *t < *next))
            next = t;
    };
    consider(clock_.flag_time());
    if (const auto grace = claim_grace())
        for (int index = 0; index < seat_count(); ++index) {
            const Seat& seat = *seats_[index];
            if (!seat.connected && !seat.abandonment_announced && seat.disconnected_since &&
                still_in_game(index))
                consider(*seat.disconnected_since + *grace);
        }
    return next;
}

} // namespace lobby
