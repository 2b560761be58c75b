#include "lobby/table.h"

#include <algorithm>
#include <cassert>

namespace lobby {

namespace {

// The other seat of a game of two.
int other(int seat) {
    return 1 - seat;
}

// Whether `seat` still takes turns in a game of more than two: neither finished nor left. The
// rules say so through retire, which refuses a seat that has finished or left ("bad_seat",
// rules/game.h); a copy of the game is asked, so nothing changes.
bool still_playing(const rules::Game& game, int seat) {
    return game.clone()->retire(seat).ok();
}

bool contains(const std::vector<int>& seats, int seat) {
    return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

} // namespace

// The seat of a player in a game that is on, or the refusal that fits.
rules::Result<int> Table::playing_seat(const PlayerId& player) const {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    const auto seat = seat_of(player);
    if (!seat)
        return refuse(errc::not_seated, "only the seated players can do this");
    if (status_ == TableStatus::Waiting)
        return refuse(errc::not_started, "the game has not started");
    if (status_ == TableStatus::Finished)
        return refuse(errc::game_over, "the game is over");
    if (has_left(*seat))
        return refuse(errc::game_over, "you have left this game");
    return *seat;
}

// Draw offers do not apply to games of more than two players (issue 14); takebacks there go
// through request_group_takeback.
rules::Result<int> Table::two_player_seat(const PlayerId& player, std::string_view what) const {
    auto seat = playing_seat(player);
    if (seat && seat_count() > 2)
        return refuse(errc::not_allowed, std::string(what) + " are for games of two players, not " +
                                             std::to_string(seat_count()));
    return seat;
}

// --- draws ------------------------------------------------------------------------------------

Refusal Table::offer_draw(const PlayerId& player, TimePoint now) {
    const auto color = two_player_seat(player, "draw offers");
    if (!color)
        return color.error();
    if (draw_offer_ == other(*color))
        return accept_draw(player, now);
    if (draw_offer_ == *color)
        return std::nullopt; // already offered
    draw_offer_ = *color;
    emit(now, DrawOffered{*color});
    return std::nullopt;
}

Refusal Table::accept_draw(const PlayerId& player, TimePoint now) {
    const auto color = two_player_seat(player, "draw offers");
    if (!color)
        return color.error();
    if (draw_offer_ != other(*color))
        return refuse(errc::nothing_to_accept, "your opponent has not offered a draw");
    end_game(GameResult::draw("agreement"), now);
    return std::nullopt;
}

Refusal Table::decline_draw(const PlayerId& player, TimePoint now) {
    const auto color = two_player_seat(player, "draw offers");
    if (!color)
        return color.error();
    if (draw_offer_ != other(*color))
        return refuse(errc::nothing_to_accept, "your opponent has not offered a draw");
    draw_offer_.reset();
    emit(now, DrawDeclined{*color});
    return std::nullopt;
}

Refusal Table::claim_draw(const PlayerId& player, TimePoint now) {
    const auto color = two_player_seat(player, "draw claims");
    if (!color)
        return color.error();
    if (setup_.draw_rules != rules::DrawRules::Claim)
        return refuse(errc::nothing_to_claim, "draws by rule end this game by themselves");
    const auto claim = game_->claimable_draw();
    if (!claim)
        return refuse(errc::nothing_to_claim, "no draw can be claimed in this position");
    end_game(GameResult::draw(claim->reason), now);
    return std::nullopt;
}

// --- berserk (arena tournaments) ------------------------------------------------------------

Refusal Table::berserk(const PlayerId& player, bool restoring, TimePoint now) {
    const auto seat = playing_seat(player);
    if (!seat)
        return seat.error();
    if (clock_.is_berserk(*seat)) {
        if (restoring)
            return std::nullopt;
        return refuse(errc::not_allowed, "berserk already");
    }
    if (!restoring && has_moved(*seat))
        return refuse(errc::not_allowed, "berserk only before your first move");
    if (!setup_.time_control.has_total())
        return refuse(errc::not_allowed, "berserk needs a clock with a total time");
    clock_.berserk(*seat);
    emit(now, Berserked{.seat = *seat, .clocks = clock_view(now)});
    return std::nullopt;
}

// --- resign, abort ----------------------------------------------------------------------------

Refusal Table::resign(const PlayerId& player, TimePoint now) {
    const auto seat = playing_seat(player);
    if (!seat)
        return seat.error();
    return leave_game(*seat, "resign", now);
}

Refusal Table::abort(const PlayerId& player, TimePoint now) {
    const auto color = playing_seat(player);
    if (!color)
        return color.error();
    if (moves_.size() >= opening_moves())
        return refuse(errc::not_allowed, seat_count() == 2
                                             ? "both sides have moved: resign or offer a draw"
                                             : "every player has moved: the game is on");
    end_game(GameResult::aborted("abort"), now);
    return std::nullopt;
}

// --- takebacks (casual games only) -----------------------------------------------------------

Refusal Table::request_takeback(const PlayerId& player, TimePoint now) {
    if (seat_count() > 2) {
        const auto seat = playing_seat(player);
        if (!seat)
            return seat.error();
        return request_group_takeback(*seat, now);
    }
    const auto color = two_player_seat(player, "takebacks");
    if (!color)
        return color.error();
    if (setup_.rated)
        return refuse(errc::not_allowed, "no takebacks in rated games");
    if (takeback_by_ == other(*color))
        return accept_takeback(player, now);
    if (takeback_by_ == *color)
        return std::nullopt; // already asked
    // Back to the requester's last move: one ply if the opponent has not replied yet, else two.
    const int plies = game_->seat_to_move() == *color ? 2 : 1;
    if (moves_.size() < static_cast<std::size_t>(plies))
        return refuse(errc::not_allowed, "you have no move to take back");
    takeback_by_ = *color;
    takeback_plies_ = plies;
    // The opponent is the one who answers (docs/protocol.md 7.6: `waiting` at every table).
    takeback_waiting_ = {other(*color)};
    takeback_accepted_.clear();
    emit(now, TakebackRequested{*color, plies, takeback_waiting_});
    return std::nullopt;
}

Refusal Table::accept_takeback(const PlayerId& player, TimePoint now) {
    if (seat_count() > 2) {
        const auto seat = playing_seat(player);
        if (!seat)
            return seat.error();
        return answer_group_takeback(*seat, true, now);
    }
    const auto color = two_player_seat(player, "takebacks");
    if (!color)
        return color.error();
    if (takeback_by_ != other(*color))
        return refuse(errc::nothing_to_accept, "your opponent has not asked for a takeback");
    return take_back(now);
}

Refusal Table::decline_takeback(const PlayerId& player, TimePoint now) {
    if (seat_count() > 2) {
        const auto seat = playing_seat(player);
        if (!seat)
            return seat.error();
        return answer_group_takeback(*seat, false, now);
    }
    const auto color = two_player_seat(player, "takebacks");
    if (!color)
        return color.error();
    if (takeback_by_ != other(*color))
        return refuse(errc::nothing_to_accept, "your opponent has not asked for a takeback");
    takeback_by_.reset();
    emit(now, TakebackDeclined{*color});
    return std::nullopt;
}

// Past two seats (issue 14: "a takeback only in casual games with all players agreeing"): the
// board goes back to just before the requester's own last move, so every move since goes too.
// A leave or a finish since then is not undone by anything, so the takeback is refused.
Refusal Table::request_group_takeback(int seat, TimePoint now) {
    if (setup_.rated)
        return refuse(errc::not_allowed, "no takebacks in rated games");
    if (!still_playing(*game_, seat))
        return refuse(errc::not_allowed, "you have finished: you have no move to take back");
    if (takeback_by_ == seat)
        return std::nullopt; // already asked
    if (takeback_by_)
        return refuse(errc::not_allowed, "seat " + std::to_string(*takeback_by_) +
                                             " has asked for a takeback: answer that first");
    std::vector<int> movers;
    if (auto replayed = replay(moves_.size(), &movers); !replayed)
        return replayed.error();
    const auto mine = std::find(movers.rbegin(), movers.rend(), seat);
    if (mine == movers.rend())
        return refuse(errc::not_allowed, "you have no move to take back");
    const auto from = static_cast<std::size_t>(movers.rend() - mine - 1); // its ply
    if (std::any_of(leaves_.begin(), leaves_.end(), [from](const RecordedLeave& leave) {
            return static_cast<std::size_t>(leave.ply) > from;
        }))
        return refuse(errc::not_allowed,
                      "a player has left since your last move, and a leave is not taken back");
    auto before = replay(from);
    if (!before)
        return before.error();
    std::vector<int> waiting;
    for (int s = 0; s < seat_count(); ++s) {
        if (s == seat || has_left(s))
            continue;
        if (!still_playing(*game_, s)) {
            if (still_playing(*before.value().game, s))
                return refuse(errc::not_allowed, "a player has finished since your last move, "
                                                 "and a finish is not taken back");
            continue;
        }
        waiting.push_back(s);
    }
    takeback_by_ = seat;
    takeback_plies_ = static_cast<int>(moves_.size() - from);
    takeback_waiting_ = waiting;
    takeback_accepted_.clear();
    emit(now,
         TakebackRequested{.by = seat, .plies = takeback_plies_, .waiting = std::move(waiting)});
    return std::nullopt;
}

Refusal Table::answer_group_takeback(int seat, bool accept, TimePoint now) {
    const bool asked = takeback_by_ && *takeback_by_ != seat;
    if (!asked || !(contains(takeback_waiting_, seat) || contains(takeback_accepted_, seat)))
        return refuse(errc::nothing_to_accept, "nobody has asked you for a takeback");
    if (!accept) {
        takeback_by_.reset();
        emit(now, TakebackDeclined{seat});
        return std::nullopt;
    }
    if (!contains(takeback_waiting_, seat))
        return std::nullopt; // accepted already
    std::erase(takeback_waiting_, seat);
    takeback_accepted_.insert(
        std::upper_bound(takeback_accepted_.begin(), takeback_accepted_.end(), seat), seat);
    if (takeback_waiting_.empty())
        return take_back(now);
    emit(now, TakebackAccepted{
                  .by = seat, .accepted = takeback_accepted_, .waiting = takeback_waiting_});
    return std::nullopt;
}

// A fresh game from the start position with the first `plies` moves replayed, and the leaves
// stored up to there retired where they happened (rules/game.h): Game has no undo, so a
// takeback or a withdrawn move rebuilds (and learns the cells of what is now the last move).
rules::Result<Table::Replayed> Table::replay(std::size_t plies, std::vector<int>* movers) const {
    auto game = context_.make_game(setup_.variant, game_->start_position(), game_options());
    if (!game)
        return game.error();
    Replayed out{.game = std::move(game).value(), .last_move = std::nullopt, .last_mover = 0};
    std::size_t leave = 0;
    for (std::size_t i = 0; i < plies; ++i) {
        if (!retire_stored(*out.game, i, leave))
            return refuse(errc::internal_error, "the game does not replay its leaves");
        out.last_mover = out.game->seat_to_move();
        if (movers)
            movers->push_back(out.last_mover);
        auto played = out.game->play(moves_[i].move);
        if (!played)
            return refuse(errc::internal_error, "the game does not replay");
        if (i + 1 == plies)
            out.last_move = std::move(played).value();
    }
    if (!retire_stored(*out.game, plies, leave))
        return refuse(errc::internal_error, "the game does not replay its leaves");
    return out;
}

Refusal Table::take_back(TimePoint now) {
    const auto plies = static_cast<std::size_t>(takeback_plies_);
    auto rebuilt = replay(moves_.size() - plies);
    if (!rebuilt)
        return rebuilt.error();
    game_ = std::move(rebuilt.value().game);
    last_move_ = std::move(rebuilt.value().last_move);
    moves_.resize(moves_.size() - plies);
    moves_display_.resize(moves_display_.size() - plies);
    if (clock_.running())
        clock_.switch_to(game_->seat_to_move(), now);
    // Back before both first moves: the clock waits again and the first-move window reopens.
    if (moves_.size() < opening_moves())
        clock_.stop(now);
    last_mover_ = rebuilt.value().last_mover;
    turn_started_ = now;
    takeback_by_.reset();
    draw_offer_.reset();
    last_move_event_.reset();
    last_move_sent_.clear(); // a move taken back is no longer the one a resend may repeat
    std::vector<std::string> moves;
    for (const auto& m : moves_)
        moves.push_back(m.move);
    emit(now, TakebackDone{.plies_undone = static_cast<int>(plies),
                           .ply = static_cast<int>(moves_.size()),
                           .moves = std::move(moves),
                           .last_move = last_move_,
                           .position = game_->position(),
                           .board = game_->board(),
                           .legal_moves = game_->legal_move_views(),
                           .clocks = clock_view(now)});
    return std::nullopt;
}

// The last move could not be stored, so nobody saw it: the table goes back to before it (the
// game replayed without it, the clock as it was, stopped at the move's arrival so the storage
// time is charged to nobody) and its events (the move, an offer it withdrew, an end it caused)
// leave the history. Only the caller ending the game follows, so offers need no restoring.
bool Table::withdraw_last_move() {
    assert(last_move_event_ && !moves_.empty() && "a move to withdraw was just played");
    if (!last_move_event_ || moves_.empty())
        return false;
    auto rebuilt = replay(moves_.size() - 1);
    if (!rebuilt)
        return false;
    const std::uint64_t before = last_move_event_->version - 1;
    const TimePoint arrived = moves_.back().at;
    game_ = std::move(rebuilt.value().game);
    last_move_ = std::move(rebuilt.value().last_move);
    moves_.pop_back();
    moves_display_.pop_back();
    // Leaves after the withdrawn move go with it (their events follow it in the history).
    std::erase_if(leaves_, [this](const RecordedLeave& leave) {
        return static_cast<std::size_t>(leave.ply) > moves_.size();
    });
    clock_ = GameClock::restore(setup_.time_control, clock_before_move_, context_.limits.lag);
    clock_.stop(arrived);
    last_mover_ = rebuilt.value().last_mover;
    status_ = TableStatus::Playing; // back from Finished, if the move had ended the game
    ++summary_revision_;
    result_.reset();
    last_move_event_.reset();
    last_move_sent_.clear();
    log_.withdraw_after(before, game_->board());
    std::erase_if(produced_, [before](const EventPtr& e) { return e->version > before; });
    return true;
}

// --- rematch ----------------------------------------------------------------------------------

Refusal Table::offer_rematch(const PlayerId& player, TimePoint now) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    const auto seat = seat_of(player);
    if (!seat)
        return refuse(errc::not_seated, "only the players can ask for a rematch");
    if (status_ != TableStatus::Finished)
        return refuse(errc::not_allowed, "a rematch follows a finished game");
    if (std::any_of(seats_.begin(), seats_.end(), [](const auto& s) { return s->left; }))
        return refuse(errc::not_allowed, "a player has left the table");
    if (rematch_offers_[*seat])
        return std::nullopt;
    rematch_offers_[*seat] = true;
    if (std::all_of(rematch_offers_.begin(), rematch_offers_.end(), [](bool b) { return b; })) {
        start_rematch(now);
        return std::nullopt;
    }
    emit(now, RematchOffered{*seat});
    return std::nullopt;
}

Refusal Table::decline_rematch(const PlayerId& player, TimePoint now) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    const auto seat = seat_of(player);
    if (!seat)
        return refuse(errc::not_seated, "only the players can answer a rematch");
    const bool offered =
        std::any_of(rematch_offers_.begin(), rematch_offers_.end(), [](bool b) { return b; });
    if (status_ != TableStatus::Finished || !offered || rematch_offers_[*seat])
        return refuse(errc::nothing_to_accept, "nobody else has offered a rematch");
    rematch_offers_.clear();
    emit(now, RematchDeclined{*seat});
    return std::nullopt;
}

// All agreed: the same players, each a seat further round the board (for two: colours
// swapped), a fresh game from the same start.
void Table::start_rematch(TimePoint now) {
    auto game = context_.make_game(setup_.variant, setup_.start_position, game_options());
    if (!game)
        return; // the setup made a game before; the factory cannot refuse it now
    std::rotate(seats_.begin(), seats_.begin() + 1, seats_.end());
    for (auto& seat : seats_)
        seat->abandonment_announced = false;
    game_ = std::move(game).value();
    ++game_number_;
    moves_.clear();
    moves_display_.clear();
    leaves_.clear(); // everyone who was seated plays the rematch
    last_move_.reset();
    result_.reset();
    last_move_event_.reset();
    last_move_sent_.clear();
    rematch_offers_.clear();
    start_game(now);
}

// --- connections ------------------------------------------------------------------------------

Refusal Table::set_connected(const PlayerId& player, bool connected, TimePoint now) {
    Seat* seat = seat_for(player);
    if (!seat)
        return refuse(errc::not_seated, "only seated players have a connection status");
    if (seat->connected == connected)
        return std::nullopt;
    seat->connected = connected;
    seat->abandonment_announced = false;
    seat->disconnected_since = connected ? std::nullopt : std::optional<TimePoint>(now);
    std::optional<TimePoint> claimable_at;
    const int index = *seat_of(player);
    const bool in_game = status_ == TableStatus::Playing ? still_in_game(index) : !has_left(index);
    if (const auto grace = claim_grace(); grace && !connected && in_game)
        claimable_at = now + *grace;
    emit(now, ConnectionChanged{index, connected, claimable_at});
    return std::nullopt;
}

Refusal Table::claim_abandonment(const PlayerId& player, AbandonmentClaim claim, TimePoint now) {
    const auto color = playing_seat(player);
    if (!color)
        return color.error();
    if (seat_count() > 2) {
        if (claim == AbandonmentClaim::Draw)
            return refuse(errc::not_allowed,
                          "past two players an abandonment claim takes the absent out of the game; "
                          "there is no draw to claim");
        return claim_abandonment_of_others(*color, now);
    }
    const Seat& opponent = *seats_[other(*color)];
    const auto grace = claim_grace();
    if (!grace)
        return refuse(errc::not_allowed, "in correspondence games the move limit decides");
    if (opponent.connected || !opponent.disconnected_since)
        return refuse(errc::not_allowed, "your opponent is connected");
    if (now < *opponent.disconnected_since + *grace)
        return refuse(errc::too_early, "your opponent may still come back");
    if (claim == AbandonmentClaim::Win)
        end_game(GameResult::win(*color, "abandonment"), now);
    else
        end_game(GameResult::draw("abandonment"), now);
    return std::nullopt;
}

} // namespace lobby
