#pragma once
// Moves in PDN notation with the variant's square numbers (squares.h): "32-28" for a step,
// "28x19" for a capture, and the full path "28x19x10" (every landing square) only when
// another legal move shares the origin and destination.

#include "rules/draughts/movegen.h"

#include <string>
#include <vector>

namespace rules::draughts {

std::string short_notation(const Rules& rules, const Move& move);
std::string path_notation(const Rules& rules, const TracedMove& move);

// The canonical notation of each move of a legal move list, in the same order.
std::vector<std::string> canonical_notations(const Rules& rules,
                                             const std::vector<TracedMove>& moves);

} // namespace rules::draughts
