#pragma once
// Draws by material: positions where no sequence of legal moves can end in checkmate.

#include "rules/chess/position.h"

namespace rules::chess {

// FIDE 5.2.2 / 9.6 (dead position), the cases decided by material alone: king against king,
// king and one minor piece against king, and positions whose only pieces besides the kings
// are bishops all standing on squares of one colour (K+B v K+B with same-coloured bishops,
// and any number of such bishops on either side).
bool insufficient_material(const Position& position);

// FIDE 6.9: whether `color` could still checkmate by any series of legal moves, whatever the
// opponent plays. False exactly in these cases, all of which are proofs of impossibility:
//   - `color` has a bare king;
//   - `color` has king and one knight (nothing else) and the opponent a bare king: no mate
//     can be built with a single knight and no enemy piece to block a flight square;
//   - every piece on the board besides the kings is a bishop and all stand on squares of one
//     colour: a same-coloured bishop checks only from that colour, the checked king always
//     has a flight square of the other colour, and no piece of the other colour exists that
//     could block it (promotion is impossible without pawns); this includes king and bishop
//     against a bare king.
// Positions made dead by blocked pawns or similar structures are not recognised and count as
// winnable, the safe side for a flag fall decision being to let the arbiter rule.
bool can_checkmate(const Position& position, int color);

} // namespace rules::chess
