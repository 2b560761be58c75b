#pragma once
// The static evaluation of a chess position: material and piece-square values tapered
// between middlegame and endgame by the material left, plus a few structural terms (bishop
// pair, passed, doubled and isolated pawns, rooks on open files, mobility, the king's pawn
// shelter).

#include "rules/chess/position.h"

namespace engine {

// In hundredths of a pawn, for the side to move.
int evaluate_chess(const rules::chess::Position& position);

// Material value of a piece type (pawn 100), for move ordering.
int chess_piece_value(rules::chess::PieceType type);

} // namespace engine
