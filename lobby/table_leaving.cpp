#include "lobby/table.h"

#include <algorithm>
#include <cassert>

namespace lobby {

bool Table::has_left(int seat) const {
    return leave_of(seat) != nullptr;
}

// The rules know who has finished: retire refuses such a seat ("bad_seat", rules/game.h), so a
// copy of the game is asked. Two seats: the game ends when either is out.
bool Table::still_in_game(int seat) const {
    if (has_left(seat))
        return false;
    return seat_count() == 2 || game_->clone()->retire(seat).ok();
}

const RecordedLeave* Table::leave_of(int seat) const {
    const auto found =
        std::find_if(leaves_.begin(), leaves_.end(),
                     [seat](const RecordedLeave& leave) { return leave.seat == seat; });
    return found == leaves_.end() ? nullptr : &*found;
}

// A player leaves a game that is on: resigned ("resign"), out of time ("flag") or claimed absent
// ("abandonment"). In a game of two the other player wins. In a game of more (issue 14) the rules
// take the seat out (Game::retire: its pieces stay as obstacles, turns skip it, it places behind
// everyone still playing) and the others play on: its clock stands still for good, and if it was
// to move the next seat's time starts now. The leave is kept beside the moves (not a move) for a
// rebuilt game to replay; the game ends when the rules say so, ranked by their places.
Refusal Table::leave_game(int seat, std::string reason, TimePoint now) {
    if (seat_count() == 2) {
        end_game(GameResult::win(1 - seat, std::move(reason)), now);
        return std::nullopt;
    }
    const bool was_to_move = game_->seat_to_move() == seat;
    const bool had_moved = has_moved(seat);
    auto outcome = game_->retire(seat);
    if (!outcome)
        return refuse(outcome.error().code == errc::game_over ? errc::game_over : errc::not_allowed,
                      outcome.error().detail);
    const int next = game_->seat_to_move();
    const bool over = outcome.value().over();
    if (was_to_move && !over) {
        if (clock_.running())
            clock_.switch_to(next, now);
        turn_started_ = now;
    }
    if (!over)
        opening_after_leave(had_moved, now);
    takeback_by_.reset(); // a leave cannot be taken back: an asked takeback is off
    const int ply = static_cast<int>(moves_.size());
    leaves_.push_back(RecordedLeave{.seat = seat, .ply = ply, .reason = reason, .at = now});
    emit(now, PlayerRetired{.seat = seat,
                            .reason = std::move(reason),
                            .ply = ply,
                            .next = next,
                            .legal_moves =
                                over ? std::vector<rules::MoveView>{} : game_->legal_move_views(),
                            .clocks = clock_view(now)});
    if (over)
        end_game(result_of(outcome.value()), now);
    return std::nullopt;
}

// The first moves go round once in turn order from first_seat_, nobody moving twice: a seat has
// moved once the opening is over, or when it comes no later in that round than the last mover.
bool Table::has_moved(int seat) const {
    if (moves_.size() >= opening_moves())
        return true;
    const auto round = [this](int s) { return (s - first_seat_ + seat_count()) % seat_count(); };
    return !moves_.empty() && round(seat) <= round(last_mover_);
}

void Table::opening_after_leave(bool had_moved, TimePoint at) {
    if (had_moved)
        return;
    ++unmoved_leavers_;
    if (!clock_.running() && moves_.size() >= opening_moves())
        clock_.start(game_->seat_to_move(), at);
}

bool Table::retire_stored(rules::Game& game, std::size_t ply, std::size_t& next) const {
    for (; next < leaves_.size() && static_cast<std::size_t>(leaves_[next].ply) == ply; ++next)
        if (!game.retire(leaves_[next].seat))
            return false;
    return true;
}

// The seat to move is out of time. Two players: the other wins, or draws when it could not
// have won (FIDE 6.9; the rules' can_win). More players: the seat leaves the game and the others
// play on (leave_game). Should the rules refuse that (they take out any seat still playing of a
// game that is on), the flag cannot wait, so the game stops, aborted with reason "flag".
void Table::end_by_flag(TimePoint now) {
    const int flagged = clock_.to_move();
    if (seat_count() > 2) {
        if (leave_game(flagged, "flag", now))
            end_game(GameResult::aborted("flag"), now);
        return;
    }
    if (!game_->can_win(1 - flagged)) {
        end_game(GameResult::draw("flag-vs-insufficient"), now);
        return;
    }
    [[maybe_unused]] const Refusal refused = leave_game(flagged, "flag", now);
    assert(!refused && "either player of two can leave");
}

// A player still in a game of more than two claims the game of the absent: each seat still in
// whose grace has run out leaves it ("abandonment"), as long as the game goes on.
Refusal Table::claim_abandonment_of_others(int claimant, TimePoint now) {
    const auto grace = claim_grace();
    if (!grace)
        return refuse(errc::not_allowed, "in correspondence games the move limit decides");
    std::vector<int> absent;
    bool waiting = false;
    for (int i = 0; i < seat_count(); ++i) {
        const Seat& seat = *seats_[i];
        if (i == claimant || seat.connected || !seat.disconnected_since || !still_in_game(i))
            continue;
        if (now < *seat.disconnected_since + *grace)
            waiting = true;
        else
            absent.push_back(i);
    }
    if (absent.empty())
        return waiting
                   ? refuse(errc::too_early, "the absent players may still come back")
                   : refuse(errc::not_allowed, "every other player still in the game is connected");
    for (const int seat : absent) {
        if (status_ != TableStatus::Playing)
            break;
        if (auto refused = leave_game(seat, "abandonment", now))
            return refused; // the rules take out any seat still in: not reached
    }
    return std::nullopt;
}

} // namespace lobby
