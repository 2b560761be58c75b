#pragma once
// Move notation of Turkish draughts. Every square is playable, so squares are named by
// coordinates, a1-h8 as in board.h (a1 is White's bottom left):
//   quiet move   "a3-a4"       capture "d4xd6"      full capture path "d4xd6xf6"
// The short capture form is written unless another legal move shares its origin and
// destination; then the full path of landing squares is written. On input the separators
// "-", "x" and ":" are all accepted, as is none at all ("a3a4"), and letters in either case.

#include "rules/result.h"
#include "rules/turkish/movegen.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rules::turkish {

std::string square_name(int square);
std::optional<int> parse_square(std::string_view text); // "a1".."h8", lowercase only

// A legal move, the paths that play it (see MoveWithPaths) and its canonical notation.
struct LegalMove {
    Move move;
    std::vector<MovePath> paths;
    std::string notation;
};

// The legal moves, each with its canonical notation.
std::vector<LegalMove> legal_moves_with_notation(const Position& position);

// The squares a move string names, in order (at least two), or a "bad_move_syntax" error.
Result<std::vector<int>> parse_move_squares(std::string_view text);

// Whether `squares` names `move`: origin and destination for two squares, else a full path.
bool names_move(const std::vector<int>& squares, const LegalMove& move);

} // namespace rules::turkish
