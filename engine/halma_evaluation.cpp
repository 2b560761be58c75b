#include "engine/halma_evaluation.h"

#include <algorithm>
#include <vector>

namespace engine::halma {
namespace {

using rules::halma::Board;
using rules::halma::CellSet;

// Steps from the nearest cell of `sources` to every cell, over the empty board.
std::array<std::uint8_t, rules::halma::max_cells> distances_from(const Board& board,
                                                                 const CellSet& sources) {
    std::array<std::uint8_t, rules::halma::max_cells> distance{};
    distance.fill(0xff);
    std::vector<int> queue;
    for (int c = 0; c < board.cells; ++c)
        if (sources.test(static_cast<std::size_t>(c))) {
            distance[static_cast<std::size_t>(c)] = 0;
            queue.push_back(c);
        }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int c = queue[head];
        for (int d = 0; d < board.directions; ++d) {
            const int n = board.step(c, d);
            if (n == rules::halma::no_cell || distance[static_cast<std::size_t>(n)] != 0xff)
                continue;
            distance[static_cast<std::size_t>(n)] =
                static_cast<std::uint8_t>(distance[static_cast<std::size_t>(c)] + 1);
            queue.push_back(n);
        }
    }
    return distance;
}

} // namespace

Race::Race(const rules::halma::Layout& layout) : layout_(&layout) {
    const Board& board = *layout.board;
    for (int seat = 0; seat < layout.players(); ++seat) {
        const auto s = static_cast<std::size_t>(seat);
        const auto from_home = distances_from(board, layout.home[s]);
        int apex = rules::halma::no_cell;
        for (int c = 0; c < board.cells; ++c)
            if (layout.in_goal(seat, c) &&
                (apex == rules::halma::no_cell || from_home[static_cast<std::size_t>(c)] >
                                                      from_home[static_cast<std::size_t>(apex)]))
                apex = c;
        CellSet apex_cell;
        apex_cell.set(static_cast<std::size_t>(apex));
        apex_[s] = distances_from(board, apex_cell);
    }
}

int Race::cost(const rules::halma::Position& position, int seat) const {
    for (std::size_t i = 0; i < position.finished_count; ++i)
        if (position.finished[i] == seat)
            return finished_cost + 1000 * static_cast<int>(i);
    const auto s = static_cast<std::size_t>(seat);
    const auto owner = static_cast<std::uint8_t>(seat + 1);
    int sum = 0;
    int nearest = 255;
    int farthest = 0;
    int in_goal = 0;
    int at_home = 0;
    for (int c = 0; c < layout_->board->cells; ++c) {
        if (position.cell[static_cast<std::size_t>(c)] != owner)
            continue;
        const int d = apex_[s][static_cast<std::size_t>(c)];
        sum += d;
        nearest = std::min(nearest, d);
        farthest = std::max(farthest, d);
        if (layout_->in_goal(seat, c))
            ++in_goal;
        else if (layout_->in_home(seat, c))
            ++at_home;
    }
    return 10 * sum + 8 * std::max(0, farthest - nearest - 5) + 25 * at_home - 3 * in_goal;
}

} // namespace engine::halma
