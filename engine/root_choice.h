#pragma once
// The seeded choice among the best root moves that makes a level play like a person of its
// strength: every move the search scored exactly within the level's margin of the best is a
// candidate, weighted by exp((score - best) / temperature), and one is drawn with a
// generator seeded by the request. A forced win is never traded for a slower one and a move
// that loses by force is never chosen when another does not.

#include "engine/level.h"
#include "engine/search.h"

#include <cstdint>
#include <string>
#include <vector>

namespace engine {

struct RootPick {
    int index = 0; // into the root move list
    int score = 0;
    std::string log; // "candidates e2e4 31, d2d4 25; seed 7 drew 0.62: d2d4"
};

// `scores` best first (SearchReport::scores); `names` the notation of each root move.
RootPick pick_root_move(const std::vector<RootScore>& scores, const std::vector<std::string>& names,
                        const LevelSettings& settings, std::uint64_t seed);

} // namespace engine
