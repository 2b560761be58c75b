#pragma once
// The static evaluation of Turkish draughts: material (a king, moving and taking at any
// distance along ranks and files, is worth several men), advancement, men on the rank before
// crowning, and the centre files.

#include "rules/turkish/board.h"

namespace engine {

// In hundredths of a man, for the side to move.
int evaluate_turkish(const rules::turkish::Position& position);

inline constexpr int turkish_king_value = 350;

} // namespace engine
