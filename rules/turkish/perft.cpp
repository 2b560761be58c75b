// perft for Turkish draughts: leaves of the legal move tree, the last ply counted in bulk.
// Duplicates (paths with the same origin, destination and taken set) are merged unless
// options.keep_duplicates; then each path counts.
#include "rules/families.h"
#include "rules/turkish/fen.h"
#include "rules/turkish/notation.h"

namespace rules::turkish {
namespace {

// One move buffer per remaining ply, reused: no allocation once warm.
struct PerftSearch {
    bool keep_duplicates = false;
    std::vector<std::vector<Move>> buffers;

    std::uint64_t count(const Position& position, int depth) {
        if (depth == 0)
            return 1;
        auto& moves = buffers[static_cast<std::size_t>(depth - 1)];
        if (depth == 1)
            return count_moves(position, keep_duplicates, moves);
        generate_moves(position, moves);
        std::uint64_t nodes = 0;
        for (const Move& move : moves) {
            const std::uint64_t below = count(apply_move(position, move), depth - 1);
            nodes += keep_duplicates ? below * move.paths : below;
        }
        return nodes;
    }
};

} // namespace

Result<PerftReport> turkish_perft(std::string_view fen, const PerftOptions& options) {
    if (options.depth < 0)
        return Error{"bad_depth", "depth must be 0 or more"};
    auto position = fen.empty() ? Result<Position>(start_position()) : parse_position(fen);
    if (!position.ok())
        return position.error();
    PerftSearch search{options.keep_duplicates, {}};
    search.buffers.resize(static_cast<std::size_t>(options.depth) + 1);
    for (auto& buffer : search.buffers)
        buffer.reserve(64);
    PerftReport report;
    if (!options.divide || options.depth == 0) {
        report.nodes = search.count(*position, options.depth);
        return report;
    }
    for (const auto& move : legal_moves_with_notation(*position)) {
        std::uint64_t below = search.count(apply_move(*position, move.move), options.depth - 1);
        if (options.keep_duplicates)
            below *= move.move.paths;
        report.divide.emplace_back(move.notation, below);
        report.nodes += below;
    }
    return report;
}

} // namespace rules::turkish
