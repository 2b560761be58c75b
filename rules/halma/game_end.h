#pragma once
// When a game of the halma family ends, and the finishing order that is its result.
//
// The game goes on while two or more players are still playing: players who finish or leave
// (Game::retire) are skipped, and so is a player who has no move (it passes). It ends when
//   "finished"    at most one player is still playing and at least one has finished;
//   "retired"     at most one player is still playing and nobody has finished: the others all
//                 left (the one still playing places first);
//   "move-limit"  Layout::move_limit moves have been played in all;
//   "no-moves"    no player still playing has a move.
// Finished players place in the order they finished. The players still playing follow, ranked
// by their distance to their goal: the sum over their pieces of the steps to the nearest goal
// cell on an empty board; equal sums share a place. Players who left come last, the last to
// leave best.

#include "rules/game.h"
#include "rules/halma/layout.h"
#include "rules/halma/position.h"

#include <optional>

namespace rules::halma {

// The distance of `seat` to its goal as the ranking measures it.
int goal_distance(const Layout& layout, const Position& position, int seat);

// The outcome if the game is over in `position`, else nullopt.
std::optional<Outcome> game_end(const Layout& layout, const Position& position);

// Whether the seat to move may play: the game is not over.
inline bool game_goes_on(const Layout& layout, const Position& position) {
    return !game_end(layout, position).has_value();
}

} // namespace rules::halma
