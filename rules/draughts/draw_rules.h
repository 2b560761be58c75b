#pragma once
// The draw rules of the diagonal variants, each a named counter with its article. Threefold
// repetition (the same position with the same side to move for the third time) holds in
// every variant; the counters below depend on Rules::draws.
//
// FMJD (international, brazilian, antidraughts), FMJD Official Rules, draw articles:
//   "25-move": 25 successive moves of each player with kings only, no capture, no man moved.
//   "16-move": three kings, two kings and a man, or a king and two men against a lone king:
//              drawn after 16 moves of each player.
//   "5-move":  two kings, a king and a man, or one king against a lone king: drawn after
//              5 moves of each player.
// Russian (FShR / FMJD-64 rules, draw section):
//   "15-move":       15 successive moves of each player with kings only, no capture.
//   "3-kings":       three or more kings against a lone king: drawn if not won within 15
//                    moves from when that balance arose.
//   "long-diagonal": three pieces with at least one king against a lone king that stands on
//                    the long diagonal (a1-h8): drawn if not won within 5 moves.
//   "30-move":       both sides have kings, 4 or 5 pieces on the board, balance unchanged
//                    (no capture, no crowning) for 30 moves of each player.
//   "60-move":       the same with 6 or 7 pieces, for 60 moves of each player.
// English (EDA laws, the 40-move rule):
//   "40-move":       40 moves of each player with no capture and no man moved.
// Spanish (FEDA):
//   "12-move":       three kings against a lone king: drawn if not won within 12 moves.
// Every counter is kept in plies (one move of each player = 2 plies).

#include "rules/draughts/board.h"
#include "rules/draughts/variants.h"

#include <optional>
#include <string>

namespace rules::draughts {

struct DrawCounters {
    int kings_only_plies = 0; // since the last capture or man move
    int balance_plies = 0;    // since the last capture or crowning (the balance of forces)
};

// Updates the counters for a move: whether it captured, moved a man, and crowned.
DrawCounters advance(DrawCounters counters, bool captured, bool man_moved, bool crowned);

// The name of a draw rule that holds in `position`, if any. `repetitions` is how many times
// the position (with the same side to move) has occurred, this time included.
std::optional<std::string> draw_rule_holding(const Rules& rules, const Position& position,
                                             const DrawCounters& counters, int repetitions);

} // namespace rules::draughts
