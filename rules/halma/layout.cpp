#include "rules/halma/layout.h"

#include "rules/families.h"

#include <vector>

namespace rules::halma {
namespace {

// Breadth-first search over steps from every goal cell at once.
std::array<std::uint8_t, max_cells> distances_to(const Board& board, const CellSet& goal) {
    std::array<std::uint8_t, max_cells> distance{};
    distance.fill(0xFF);
    std::vector<int> queue;
    for (int cell = 0; cell < board.cells; ++cell) {
        if (goal.test(static_cast<std::size_t>(cell))) {
            distance[static_cast<std::size_t>(cell)] = 0;
            queue.push_back(cell);
        }
    }
    for (std::size_t next = 0; next < queue.size(); ++next) {
        const int cell = queue[next];
        for (int d = 0; d < board.directions; ++d) {
            const int n = board.step(cell, d);
            if (n == no_cell || distance[static_cast<std::size_t>(n)] != 0xFF)
                continue;
            distance[static_cast<std::size_t>(n)] =
                static_cast<std::uint8_t>(distance[static_cast<std::size_t>(cell)] + 1);
            queue.push_back(n);
        }
    }
    return distance;
}

} // namespace

std::shared_ptr<const Layout> make_layout(const Rules& rules) {
    auto layout = std::make_shared<Layout>();
    layout->rules = rules;
    layout->board = &board_of(rules.shape);
    const Board& board = *layout->board;
    for (std::size_t seat = 0; seat < static_cast<std::size_t>(rules.players); ++seat) {
        const int corner = rules.seat_corner[seat];
        layout->home[seat] = corner_region(board, corner, rules.pieces);
        layout->goal[seat] = corner_region(board, opposite_corner(board, corner), rules.pieces);
        layout->distance[seat] = distances_to(board, layout->goal[seat]);
    }
    layout->move_limit = static_cast<std::uint32_t>(rules.moves_per_player * rules.players);
    return layout;
}

const Rules& rules_of(VariantId id) {
    switch (id) {
    case VariantId::ChineseCheckers3:
        return chinese_checkers_3;
    case VariantId::ChineseCheckers4:
        return chinese_checkers_4;
    case VariantId::ChineseCheckers6:
        return chinese_checkers_6;
    case VariantId::Halma2:
        return halma_2;
    case VariantId::Halma4:
        return halma_4;
    default:
        return chinese_checkers_2;
    }
}

std::shared_ptr<const Layout> layout_of(VariantId id) {
    static const std::array<std::shared_ptr<const Layout>, 6> layouts = {
        make_layout(chinese_checkers_2),
        make_layout(chinese_checkers_3),
        make_layout(chinese_checkers_4),
        make_layout(chinese_checkers_6),
        make_layout(halma_2),
        make_layout(halma_4)};
    for (const auto& layout : layouts)
        if (layout->rules.id == id)
            return layout;
    return layouts[0];
}

void ensure_layouts() {
    (void)layout_of(VariantId::ChineseCheckers2); // builds every variant's layout and both boards
}

} // namespace rules::halma
