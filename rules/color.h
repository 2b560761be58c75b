#pragma once
// The two sides of a two-player board, for the families whose own rules speak of White and
// Black (Turkish draughts' side to move, the names a two-player table shows). The shared
// rules::Game interface names players by seat instead (rules/game.h): seat 0 is White.

#include <cstdint>

namespace rules {

enum class Color : std::uint8_t { White, Black };

constexpr Color opposite(Color c) {
    return c == Color::White ? Color::Black : Color::White;
}

// The seat of a colour in a two-player game, and back.
constexpr int seat_of_color(Color c) {
    return c == Color::White ? 0 : 1;
}
constexpr Color color_of_seat(int seat) {
    return seat == 0 ? Color::White : Color::Black;
}

} // namespace rules
