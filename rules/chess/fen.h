#pragma once
// FEN (Forsyth-Edwards Notation, PGN standard section 16.1), read strictly and written in
// canonical form.

#include "rules/chess/position.h"
#include "rules/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace rules::chess {

inline constexpr std::string_view start_fen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Which castling a FEN describes. Standard: the field is "-" or some of "KQkq", king and rooks
// on e1/a1/h1 (e8/a8/h8). Chess960 (FIDE Laws, Guidelines II): the field is X-FEN (K and Q for
// the outermost rook on that side of the king, the rook's file letter, "A"-"H" for White and
// "a"-"h" for Black, for a rook nearer the king) or Shredder-FEN (file letters only), White's
// rights first and each side's king side (towards the h-file) first; the position read plays
// Chess960 castling (Position::chess960).
enum class CastlingRules : std::uint8_t { Standard, Chess960 };

// Reads a FEN. Anything malformed or impossible is an Error with code "bad_fen" whose detail
// says what to fix; nothing is silently repaired.
Result<Position> parse_fen(std::string_view fen, CastlingRules rules = CastlingRules::Standard);

// Writes the canonical FEN. The en passant field names the square only when an en passant
// capture is actually legal, so equal positions have equal FENs. A Chess960 position writes
// its castling rights in the notation they were read in: X-FEN (the standard form for every
// start position, "KQkq") or Shredder-FEN.
std::string write_fen(const Position& position);

std::string square_name(int square);

} // namespace rules::chess
