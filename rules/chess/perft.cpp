#include "rules/chess/perft.h"

#include "rules/chess/chess960.h"
#include "rules/chess/move_generator.h"
#include "rules/chess/notation.h"
#include "rules/families.h"

namespace rules::chess {

std::uint64_t count_leaves(const Position& position, int depth) {
    if (depth == 0)
        return 1;
    MoveList list;
    generate_legal(position, list);
    if (depth == 1)
        return static_cast<std::uint64_t>(list.size);
    std::uint64_t nodes = 0;
    for (const Move move : list) {
        Position next = position;
        next.play(move);
        nodes += count_leaves(next, depth - 1);
    }
    return nodes;
}

Result<PerftReport> chess_perft(VariantId variant, std::string_view fen,
                                const PerftOptions& options) {
    auto position = start_of(variant, fen);
    if (!position.ok())
        return position.error();
    if (options.depth < 0)
        return Error{"bad_depth", "depth must be 0 or more"};
    PerftReport report;
    if (!options.divide || options.depth == 0) {
        report.nodes = count_leaves(*position, options.depth);
        return report;
    }
    MoveList list;
    generate_legal(*position, list);
    for (const Move move : list) {
        Position next = *position;
        next.play(move);
        const std::uint64_t nodes = count_leaves(next, options.depth - 1);
        report.divide.emplace_back(uci(move), nodes);
        report.nodes += nodes;
    }
    return report;
}

} // namespace rules::chess
