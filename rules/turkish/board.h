#pragma once
// Turkish draughts geometry: all 64 squares of an 8x8 board in one 64-bit word.
//
//     a  b  c  d  e  f  g  h
//  8 56 57 58 59 60 61 62 63   <- White crowns here
//  7 48 ...                 55
//  ...
//  2  8  9 10 11 12 13 14 15
//  1  0  1  2  3  4  5  6  7   <- Black crowns here
//
// Square index = rank * 8 + file, a1 = 0 (White's bottom left), h8 = 63. Pieces move
// orthogonally only, so the four directions below are the whole geometry.

#include "rules/color.h"
#include "rules/game.h"

#include <array>
#include <bit>
#include <cstdint>

namespace rules::turkish {

using Bitboard = std::uint64_t;

enum class Direction : std::uint8_t { North, East, South, West };
inline constexpr std::array<Direction, 4> all_directions{Direction::North, Direction::East,
                                                         Direction::South, Direction::West};

constexpr Direction reverse(Direction d) {
    return static_cast<Direction>((static_cast<int>(d) + 2) % 4);
}

constexpr Bitboard bit(int square) {
    return Bitboard{1} << square;
}
constexpr int file_of(int square) {
    return square % 8;
}
constexpr int rank_of(int square) {
    return square / 8;
}

inline constexpr Bitboard file_a = 0x0101010101010101ULL;
inline constexpr Bitboard file_h = file_a << 7;
inline constexpr Bitboard rank_1 = 0xFFULL;
inline constexpr Bitboard rank_8 = rank_1 << 56;

// The neighbour of `square` one step in `d`, or -1 off the board.
constexpr int neighbour(int square, Direction d) {
    switch (d) {
    case Direction::North:
        return square < 56 ? square + 8 : -1;
    case Direction::South:
        return square >= 8 ? square - 8 : -1;
    case Direction::East:
        return file_of(square) < 7 ? square + 1 : -1;
    case Direction::West:
        return file_of(square) > 0 ? square - 1 : -1;
    }
    return -1;
}

// neighbours[d][square], the table form of neighbour() for the inner loops.
inline constexpr auto neighbours = [] {
    std::array<std::array<std::int8_t, 64>, 4> table{};
    for (const Direction d : all_directions)
        for (int s = 0; s < 64; ++s)
            table[static_cast<int>(d)][static_cast<std::size_t>(s)] =
                static_cast<std::int8_t>(neighbour(s, d));
    return table;
}();

constexpr int step(int square, Direction d) {
    return neighbours[static_cast<std::size_t>(d)][static_cast<std::size_t>(square)];
}

// A position: who stands where and who moves. A value; copying one per move is cheap.
struct Position {
    Bitboard white = 0;
    Bitboard black = 0;
    Bitboard kings = 0; // subset of white | black
    Color side = Color::White;

    Bitboard own() const { return side == Color::White ? white : black; }
    Bitboard enemy() const { return side == Color::White ? black : white; }
    Bitboard occupied() const { return white | black; }
    Bitboard empty() const { return ~(white | black); }
    Bitboard pieces(Color c) const { return c == Color::White ? white : black; }

    friend bool operator==(const Position&, const Position&) = default;
};

// The direction a man of `c` moves forward (rule 1 in movegen.h).
constexpr Direction forward(Color c) {
    return c == Color::White ? Direction::North : Direction::South;
}

// The three directions a man of `c` moves and captures in: forward and sideways, never
// backward or diagonally (rules 1 and 3 in movegen.h; [W], [G] 7 and 9). The one place the
// man's geometry is written: quiet moves, captures and their counts all read it.
constexpr std::array<Direction, 3> man_directions(Color c) {
    return {forward(c), Direction::East, Direction::West};
}

// The row on which a man of `c` is crowned: the opponent's back row.
constexpr Bitboard crowning_row(Color c) {
    return c == Color::White ? rank_8 : rank_1;
}

// Rows 2 and 3 for White, 6 and 7 for Black; rows 1 and 8 empty; White to move.
constexpr Position start_position() {
    return Position{
        .white = 0xFFFFULL << 8, .black = 0xFFFFULL << 40, .kings = 0, .side = Color::White};
}

inline int pop_lowest(Bitboard& b) {
    const int square = std::countr_zero(b);
    b &= b - 1;
    return square;
}

} // namespace rules::turkish
