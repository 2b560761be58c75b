#pragma once
// A position of the halma family: who stands where, whose turn it is, how many moves have
// been played (for the move limit), who has finished and who has left, each in order. A value,
// copied per move.

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
    std::uint8_t left_mask = 0; // bit s: seat s has left (resigned, out of time, abandoned)
    std::uint8_t left_count = 0;
    std::array<std::uint8_t, max_seats> left{}; // seats in the order they left
    std::uint32_t ply = 0;                      // moves played since the game began

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
    bool has_left(int seat) const { return ((left_mask >> seat) & 1) != 0; }
    // Neither finished nor left: the seat still takes turns and can still place by its race.
    bool playing(int seat) const { return !has_left(seat) && !has_finished(seat); }
    int playing_count(int players) const { return players - finished_count - left_count; }

    friend bool operator==(const Position&, const Position&) = default;
};

// Every seat's pieces on its home region, the first seat to move, nothing played.
Position start_position(const Layout& layout);

} // namespace rules::halma
