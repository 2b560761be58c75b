#pragma once
// perft: the number of leaf nodes of the legal move tree to a given depth. The correctness
// test of every move generator and the benchmark of its speed.

#include "rules/result.h"
#include "rules/variant.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rules {

struct PerftOptions {
    int depth = 1;
    bool divide = false;          // also count per root move
    bool keep_duplicates = false; // draughts: count captures that differ only in path separately
};

struct PerftReport {
    std::uint64_t nodes = 0;
    std::vector<std::pair<std::string, std::uint64_t>> divide; // root move, count
};

// `position` empty means the start position.
Result<PerftReport> perft(VariantId id, std::string_view position, const PerftOptions& options);

} // namespace rules
