#pragma once
// Arena scoring (issue 38, after lichess's arena tournaments), for every game family:
//   - a win 2, a draw 1, a loss 0;
//   - two wins in a row start a streak: while it lasts a win counts 4 and a draw 2; it ends
//     with the first game that is not a win;
//   - berserk (a player halved their own clock before their first move): a win with at least
//     7 moves of the berserk player's own earns one more point;
//   - a draw in fewer than 10 moves (fewer than 20 plies in all, as lichess counts it) scores
//     nothing, streak or not, and ends the streak.
// Pure.

#include <cstdint>

namespace lobby::tournament {

enum class ArenaGameOutcome : std::uint8_t { Win, Draw, Loss }; // for the player scored

struct ArenaGameScore {
    int points = 0;
    int streak_after = 0; // wins in a row after this game
    bool on_fire = false; // the game was played on a streak (points doubled)
    bool berserk_bonus = false;
    bool quick_draw = false;
};

inline constexpr int arena_quick_draw_plies = 20;
inline constexpr int arena_berserk_min_moves = 7;

// `streak_before`: wins in a row before this game; `own_moves`: moves the player made;
// `plies`: moves of both sides.
ArenaGameScore score_arena_game(int streak_before, ArenaGameOutcome outcome, bool berserk,
                                int own_moves, int plies);

} // namespace lobby::tournament
