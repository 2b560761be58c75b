#pragma once
// Counting the leaves of the legal move tree: the correctness check of the move generator
// against published counts, and its benchmark.

#include "rules/chess/position.h"

#include <cstdint>

namespace rules::chess {

// Leaf nodes `depth` plies below `position`; the last ply is counted, not played.
std::uint64_t count_leaves(const Position& position, int depth);

} // namespace rules::chess
