#pragma once
// Reads the squares a player or a record names in a move: numeric PDN ("32-28", "28x19",
// "28x19x10", ":" also separates captures) or algebraic squares as Russian and Czech records
// write them ("c3-d4", "d4:b6", "d6xb4xd2", or "a3b4" with no separator). Trailing move
// marks ("!", "?", "*", "+") are ignored. Which legal move the squares name is decided by the
// game, which compares them with its generated moves.

#include "rules/draughts/variants.h"
#include "rules/result.h"

#include <string_view>
#include <vector>

namespace rules::draughts {

// Internal squares in the order written (at least two), or "bad_move_syntax" with a reason.
Result<std::vector<int>> read_move_squares(const Rules& rules, std::string_view text);

} // namespace rules::draughts
