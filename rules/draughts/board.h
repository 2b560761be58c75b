#pragma once
// The bitboard layout shared by every diagonal variant: the playable squares of an N x N
// board in one 64-bit word with one "ghost" bit after every two rows, so that the four
// diagonal steps are plain shifts by N/2 and N/2 + 1 (the layout of the engines Scan and
// Kingsrow). Internal square s (0-based, row 0 = Black's side, left to right as White sees
// a standard board) lives at bit s + s / N. Ghost bits are never set.
//
//   10 x 10: bits  0.. 4 row 0 | 5.. 9 row 1 | 10 ghost | 11..15 row 2 | 16..20 row 3 | 21 ghost
//            ... up to bit 53 (square 49).        8 x 8: ghosts at 8, 17, 26; last bit 34.
//
// How internal squares map to each federation's numbers and to the grid is in notation.h.

#include <array>
#include <bit>
#include <cstdint>

namespace rules::draughts {

using Bits = std::uint64_t;

// The four diagonal directions, then the four orthogonal ones, along which only Frisian
// pieces capture (an orthogonal step goes to the next playing square: two rows up or down,
// two columns left or right). Up is toward row 0 (White's forward direction).
enum Direction : int {
    UpLeft = 0,
    UpRight = 1,
    DownLeft = 2,
    DownRight = 3,
    Up = 4,
    Left = 5,
    Right = 6,
    Down = 7
};

constexpr int opposite_direction(int d) {
    return d < 4 ? 3 - d : 11 - d;
}

// Internal square <-> bit index of the layout above.
constexpr int square_to_bit(int size, int square) {
    return square + square / size;
}
constexpr int bit_to_square(int size, int b) {
    return b - b / (size + 1);
}

// The column of an internal square on the standard board as White sees it (0 = White's left):
// 2k + 1 on even rows, 2k on odd rows, k = square % (size / 2) (the boards are drawn in
// squares.h; the mirrored ones show column c at size - 1 - c).
constexpr int standard_column(int size, int square) {
    const int half = size / 2;
    return 2 * (square % half) + ((square / half) % 2 == 0 ? 1 : 0);
}

// The row on which a side's men are crowned: the far row, internal row 0 for White and row
// size - 1 for Black (FMJD art. 3.5; the same in every variant of the family). The move
// generator reads it from Geometry, the FEN reader (which refuses a man standing there) for
// the board size of the variant.
constexpr Bits crown_row(int size, bool white) {
    const int half = size / 2;
    const int first = white ? 0 : size * half - half;
    Bits b = 0;
    for (int s = first; s < first + half; ++s)
        b |= Bits{1} << square_to_bit(size, s);
    return b;
}

template <int N> struct Geometry {
    static constexpr int size = N;
    static constexpr int half = N / 2;
    static constexpr int squares = N * N / 2;
    static constexpr int bit_count = squares + squares / N; // last bit + 1 (no trailing ghost)

    static constexpr int bit_of(int square) { return square_to_bit(N, square); }
    static constexpr int square_of(int bit) { return bit_to_square(N, bit); }
    static constexpr int row_of_square(int square) { return square / half; }

    // Shift of each direction in bits.
    static constexpr std::array<int, 4> shift{-(half + 1), -half, half, half + 1};

    static constexpr Bits valid = [] {
        Bits b = 0;
        for (int s = 0; s < squares; ++s)
            b |= Bits{1} << bit_of(s);
        return b;
    }();
    static constexpr Bits white_crown_row = crown_row(N, true);
    static constexpr Bits black_crown_row = crown_row(N, false);

    // next[bit][direction]: the bit one step away, or -1 off the board. The orthogonal steps
    // are found on the grid (row, column), where the bit shifts would wrap around a row.
    static constexpr std::array<std::array<std::int8_t, 8>, 64> next = [] {
        std::array<std::array<std::int8_t, 8>, 64> t{};
        for (auto& row : t)
            row.fill(-1);
        constexpr int row_step[4] = {-2, 0, 0, 2};
        constexpr int column_step[4] = {0, -2, 2, 0};
        for (int s = 0; s < squares; ++s) {
            const int b = bit_of(s);
            for (int d = 0; d < 4; ++d) {
                const int n = b + shift[static_cast<std::size_t>(d)];
                if (n >= 0 && n < 64 && ((valid >> n) & 1U) != 0)
                    t[static_cast<std::size_t>(b)][static_cast<std::size_t>(d)] =
                        static_cast<std::int8_t>(n);
            }
            const int row = row_of_square(s);
            const int column = standard_column(N, s);
            for (int d = 0; d < 4; ++d) {
                const int r = row + row_step[d];
                const int c = column + column_step[d];
                if (r >= 0 && r < N && c >= 0 && c < N)
                    t[static_cast<std::size_t>(b)][static_cast<std::size_t>(4 + d)] =
                        static_cast<std::int8_t>(bit_of(r * half + c / 2));
            }
        }
        return t;
    }();

    // Moves every bit one step in direction d, dropping bits that leave the board.
    static constexpr Bits step(Bits b, int d) {
        const int s = shift[static_cast<std::size_t>(d)];
        return (s < 0 ? b >> -s : b << s) & valid;
    }
};

constexpr Bits bit(int b) {
    return Bits{1} << b;
}
constexpr int lowest_bit(Bits b) {
    return std::countr_zero(b);
}
constexpr int count(Bits b) {
    return std::popcount(b);
}

// The most pieces one side may have on an N x N board: as many as it starts with, on the rows
// from its edge up to the two empty middle rows (20 on 10 x 10, 12 on 8 x 8). No move adds a
// piece, so no game reaches more; the FEN reader refuses more (fen.cpp), and the capture path
// arrays (movegen.h) rely on it: one capture takes each enemy piece at most once.
constexpr int max_pieces_per_side(int board_size) {
    return (board_size / 2 - 1) * (board_size / 2);
}

// A position: who stands where and who is to move. Captured pieces leave at the end of the
// move, so a position between moves never holds them.
struct Position {
    Bits white = 0;
    Bits black = 0;
    Bits kings = 0;
    bool black_to_move = false;
    // Frisian (Rules::same_king_moves): per side, how many non-capturing moves in a row the
    // king on `*_king` (a bit index) has made; 0 (and the bit 0) when the rule does not count.
    std::uint8_t white_king_moves = 0;
    std::uint8_t white_king = 0;
    std::uint8_t black_king_moves = 0;
    std::uint8_t black_king = 0;

    friend bool operator==(const Position&, const Position&) = default;
};

} // namespace rules::draughts
