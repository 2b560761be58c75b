#pragma once
// FEN (Forsyth-Edwards Notation, PGN standard section 16.1), read strictly and written in
// canonical form.

#include "rules/chess/position.h"
#include "rules/result.h"

#include <string>
#include <string_view>

namespace rules::chess {

inline constexpr std::string_view start_fen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Reads a FEN. Anything malformed or impossible is an Error with code "bad_fen" whose detail
// says what to fix; nothing is silently repaired.
Result<Position> parse_fen(std::string_view fen);

// Writes the canonical FEN. The en passant field names the square only when an en passant
// capture is actually legal, so equal positions have equal FENs.
std::string write_fen(const Position& position);

std::string square_name(int square);

} // namespace rules::chess
