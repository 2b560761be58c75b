#pragma once
// Legal move generation (FIDE Laws, article 3): every move the side to move may make, legal by
// construction. The king never steps onto an attacked square, a pinned piece moves only along
// its pin, and in check only the moves that capture the checker, block it, or move the king
// are produced (3.9: a move may not leave one's own king in check).

#include "rules/chess/position.h"

namespace rules::chess {

// No position has more than 218 legal moves.
struct MoveList {
    Move moves[256];
    int size = 0;

    const Move* begin() const { return moves; }
    const Move* end() const { return moves + size; }
};

// Fills `list` with the legal moves of the side to move.
void generate_legal(const Position& position, MoveList& list);

// True when the side to move has an en passant capture that is legal (FIDE 3.7.3.1).
bool has_legal_en_passant(const Position& position);
// The same, read from the position's legal moves when they are at hand.
bool has_en_passant(const MoveList& legal);

} // namespace rules::chess
