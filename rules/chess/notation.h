#pragma once
// Move notation both ways: UCI long algebraic ("e2e4", "e7e8q", castling as the king's move
// "e1g1"; in Chess960 as the king taking its own rook, "f1h1", position.h) and Standard
// Algebraic Notation (PGN standard 8.2.3: "Nbd7", "exd6", "e8=Q+", "O-O-O#"; Chess960 castling
// is O-O towards the h-file and O-O-O towards the a-file, Guidelines II.3). A string is read only
// by matching it against the legal moves, so the reader can never accept a move the generator would
// not make.

#include "rules/chess/move_generator.h"
#include "rules/chess/position.h"
#include "rules/result.h"

#include <string>
#include <string_view>

namespace rules::chess {

std::string uci(Move move);
// The same into `out`, in place of what it held (at most five characters: no allocation).
void assign_uci(Move move, std::string& out);

// SAN of a legal move in `position`, with the minimal disambiguation and the check (+) or
// checkmate (#) suffix.
std::string san(const Position& position, Move move);
// The same with the legal moves of `position` given: a caller naming many moves of one
// position (every legal move, for a table's picker) generates them once, not once per move.
std::string san(const Position& position, Move move, const MoveList& legal);

// Finds the one legal move that `text` names, written as UCI or SAN (also the lenient forms
// people type: "0-0", "e8Q", "exd6e.p.", annotations like "!?" after the move). Errors:
// "bad_move_syntax", "illegal_move", "ambiguous_move".
Result<Move> read_move(const Position& position, std::string_view text);
// The same with the legal moves of `position` given (a game keeps its position's list).
Result<Move> read_move(const Position& position, std::string_view text, const MoveList& legal);

} // namespace rules::chess
