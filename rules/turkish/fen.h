#pragma once
// Position strings for Turkish draughts, in the shape of PDN 3.0 draughts FEN but with
// coordinates, since every square is playable. See the grammar above parse_position().

#include "rules/result.h"
#include "rules/turkish/board.h"

#include <string>
#include <string_view>

namespace rules::turkish {

// Reads a position string strictly; a bad one is an Error "bad_fen" saying what is wrong.
Result<Position> parse_position(std::string_view text);

// The canonical string: "W:W" then White's pieces, ":B" then Black's, each list in square
// order a1, b1, ..., h8, kings prefixed with K.
std::string write_position(const Position& position);

} // namespace rules::turkish
