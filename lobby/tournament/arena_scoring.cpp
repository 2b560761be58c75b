#include "lobby/tournament/arena_scoring.h"

namespace lobby::tournament {

ArenaGameScore score_arena_game(int streak_before, ArenaGameOutcome outcome, bool berserk,
                                int own_moves, int plies) {
    ArenaGameScore score;
    score.on_fire = streak_before >= 2;
    const int factor = score.on_fire ? 2 : 1;
    switch (outcome) {
    case ArenaGameOutcome::Win:
        score.points = 2 * factor;
        score.berserk_bonus = berserk && own_moves >= arena_berserk_min_moves;
        if (score.berserk_bonus)
            score.points += 1;
        score.streak_after = streak_before + 1;
        break;
    case ArenaGameOutcome::Draw:
        score.quick_draw = plies < arena_quick_draw_plies;
        score.points = score.quick_draw ? 0 : factor;
        break;
    case ArenaGameOutcome::Loss:
        break;
    }
    return score;
}

} // namespace lobby::tournament
