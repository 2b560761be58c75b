#pragma once
// The move generator of each variant behind one small table of functions, so the game and
// perft pick a variant's compiled generator once and then call it directly.

#include "rules/draughts/movegen.h"

#include <cstdint>
#include <vector>

namespace rules::draughts {

struct Engine {
    const Rules* rules;
    void (*generate)(const Position&, std::vector<TracedMove>&, GenerateOptions);
    Position (*apply)(const Position&, const Move&);
    // Leaf nodes at `depth`; the last ply is counted in bulk.
    std::uint64_t (*perft)(const Position&, int depth, bool keep_duplicates);
    // The moves without their paths, one per distinct result: what a search needs.
    void (*generate_moves)(const Position&, std::vector<Move>&, GenerateOptions);
};

// nullptr for chess and Turkish draughts.
const Engine* engine_of(VariantId id);

} // namespace rules::draughts
