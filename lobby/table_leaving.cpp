#include "lobby/table.h"

#include <cassert>

namespace lobby {

// A player leaves a game that is on: resigned ("resign") or out of time ("flag"). In a game of
// two the other player wins. In a game of more, issue 14 wants the seat taken out while the
// others play on (its pieces stay as obstacles, it places behind everyone still playing); that
// is the rules' to do (a `retire(seat)` on rules::Game, not there yet), so until then such a
// departure is refused and nothing changes.
Refusal Table::leave_game(int seat, std::string reason, TimePoint now) {
    if (seat_count() > 2)
        return refuse(errc::not_allowed, std::string(leaving_unsupported));
    end_game(GameResult{.kind = win_of(1 - seat), .reason = std::move(reason)}, now);
    return std::nullopt;
}

// The seat to move is out of time. Two players: the other wins, or draws when it could not
// have won (FIDE 6.9; the rules' can_win). More players: leave_game cannot take the seat out
// yet, and a flag cannot wait (the timer would fire for ever), so the game stops, aborted with
// reason "flag", and changes no rating; GameEnded's clocks show whose time ran out.
void Table::end_by_flag(TimePoint now) {
    const int flagged = clock_.to_move();
    if (seat_count() > 2) {
        end_game(GameResult{.kind = GameResult::Kind::Aborted, .reason = "flag"}, now);
        return;
    }
    if (!game_->can_win(color_of_seat(1 - flagged))) {
        end_game(GameResult{.kind = GameResult::Kind::Draw, .reason = "flag-vs-insufficient"}, now);
        return;
    }
    [[maybe_unused]] const Refusal refused = leave_game(flagged, "flag", now);
    assert(!refused && "either player of two can leave");
}

} // namespace lobby
