#pragma once
// The counts at which chess's draw rules hold, written once for the game (chess_game.cpp,
// which ends or offers the draw) and the engine's search (search_core.cpp), from the FIDE Laws
// of Chess (2023). Plies are half-moves: "50 moves by each player" is 100 plies.

namespace rules::chess {

// FIDE 9.3: the last 50 moves by each player without a pawn move or capture; claimed.
inline constexpr int fifty_move_plies = 100;
// FIDE 9.6.2: 75 moves by each player without a pawn move or capture; the game is drawn.
inline constexpr int seventy_five_move_plies = 150;
// FIDE 9.2: the same position for at least the third time; claimed.
inline constexpr int threefold_occurrences = 3;
// FIDE 9.6.1: the same position for at least the fifth time; the game is drawn.
inline constexpr int fivefold_occurrences = 5;

} // namespace rules::chess
