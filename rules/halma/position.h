#pragma once
// A position of the halma family: who stands where, whose turn it is, how many moves have
// been played (for the move limit) and who has finished, in order. A value, copied per move.

#include "rules/halma/board.h"

#include <array>
#include <cstdint>

namespace rules::halma {

struct Layout;

inline constexpr std::uint8_t empty_cell = 0;

struct Position {
    std::array<std::uint8_t, max_cells> cell{}; // empty_cell, or the seat standing there + 1
    std::uint8_t to_move = 0;                   // seat, 0 moves first
    std::uint8_t finished_count = 0;
    std::array<std::uint8_t, max_seats> finished{}; // seats in the order they finished
    std::uint32_t ply = 0;                          // moves played since the game began

    bool empty(int c) const { return cell[static_cast<std::size_t>(c)] == empty_cell; }
    bool holds(int c, int seat) const {
        return cell[static_cast<std::size_t>(c)] == static_cast<std::uint8_t>(seat + 1);
    }
    bool has_finished(int seat) const {
        for (std::size_t i = 0; i < finished_count; ++i)
            if (finished[i] == seat)
                return true;
        return false;
    }

    friend bool operator==(const Position&, const Position&) = default;
};

// Every seat's pieces on its home region, the first seat to move, nothing played.
Position start_position(const Layout& layout);

} // namespace rules::halma
