#pragma once
// A variant's rules laid out on its board: each seat's home and goal, and each cell's distance
// to each goal. Built once per variant and shared by every game of it.

#include "rules/halma/board.h"
#include "rules/halma/variants.h"

#include <array>
#include <cstdint>
#include <memory>

namespace rules::halma {

struct Layout {
    Rules rules;
    const Board* board = nullptr;
    std::array<CellSet, max_seats> home{}; // where the seat starts
    std::array<CellSet, max_seats> goal{}; // the region across the centre
    // Steps (on an empty board) from each cell to the nearest cell of each seat's goal.
    std::array<std::array<std::uint8_t, max_cells>, max_seats> distance{};
    std::uint32_t move_limit = 0; // moves in all: rules.moves_per_player * rules.players

    int players() const { return rules.players; }
    bool in_goal(int seat, int cell) const {
        return goal[static_cast<std::size_t>(seat)].test(static_cast<std::size_t>(cell));
    }
    bool in_home(int seat, int cell) const {
        return home[static_cast<std::size_t>(seat)].test(static_cast<std::size_t>(cell));
    }
};

std::shared_ptr<const Layout> make_layout(const Rules& rules);

// The layout of a standard variant, built on first use (all six at once).
std::shared_ptr<const Layout> layout_of(VariantId id);

} // namespace rules::halma
