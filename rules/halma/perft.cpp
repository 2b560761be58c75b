// perft for the halma family: leaves of the legal move tree, one move per origin and
// destination (every chain of hops to the same cell is one move); the last ply counted in
// bulk. A game that ends on the way (finished, move limit, no moves) is a node without moves.
#include "rules/families.h"
#include "rules/halma/fen.h"
#include "rules/halma/game_end.h"
#include "rules/halma/movegen.h"
#include "rules/text.h"

namespace rules::halma {
namespace {

// One move buffer per remaining ply, reused: no allocation once warm.
struct PerftSearch {
    const Layout& layout;
    std::vector<std::vector<Move>> buffers;

    std::uint64_t count(const Position& position, int depth) {
        if (depth == 0)
            return 1;
        if (position.playing_count(layout.players()) <= 1 || position.ply >= layout.move_limit)
            return 0;
        auto& moves = buffers[static_cast<std::size_t>(depth - 1)];
        generate_moves(layout, position, position.to_move, moves);
        if (depth == 1)
            return moves.size();
        std::uint64_t nodes = 0;
        for (const Move move : moves)
            nodes += count(apply_move(layout, position, move), depth - 1);
        return nodes;
    }
};

} // namespace

Result<PerftReport> halma_perft(VariantId id, std::string_view fen, const PerftOptions& options) {
    const auto layout = layout_of(id);
    auto position =
        fen.empty() ? Result<Position>(start_position(*layout)) : parse_position(*layout, fen);
    if (!position.ok())
        return position.error();
    PerftSearch search{*layout, {}};
    search.buffers.resize(static_cast<std::size_t>(options.depth) + 1);
    for (auto& buffer : search.buffers)
        buffer.reserve(256);
    PerftReport report;
    if (!options.divide || options.depth == 0) {
        report.nodes = search.count(*position, options.depth);
        return report;
    }
    std::vector<Move> roots;
    if (game_goes_on(*layout, *position))
        generate_moves(*layout, *position, position->to_move, roots);
    for (const Move move : roots) {
        const std::uint64_t below =
            search.count(apply_move(*layout, *position, move), options.depth - 1);
        report.divide.emplace_back(
            join({layout->board->name(move.from), "-", layout->board->name(move.to)}), below);
        report.nodes += below;
    }
    return report;
}

} // namespace rules::halma
