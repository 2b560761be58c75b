#pragma once
// The two boards of the halma family: the 121-hole star of Chinese checkers and the 16 x 16
// square of Halma. A board is a table built once: cell names, neighbours in each direction,
// where each cell is drawn, and the corner regions where the players start and finish.
// The names and the diagram are in rules/halma/README.md.

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rules::halma {

enum class Shape : std::uint8_t { Star, Square };

inline constexpr int max_cells = 256;
inline constexpr int max_directions = 8;
inline constexpr int max_seats = 6;
inline constexpr int no_cell = -1;

using CellSet = std::bitset<max_cells>;

struct Board {
    Shape shape = Shape::Star;
    int cells = 0;
    int directions = 0;   // 6 on the star, 8 on the square (orthogonal and diagonal)
    int corner_count = 0; // 6 star points, 4 square corners; clockwise, see corner_region()
    int view_rows = 0;    // the BoardView grid (rules/game.h)
    int view_cols = 0;
    std::vector<int> view_cell{};     // cell -> row * view_cols + col
    std::vector<std::string> names{}; // cell -> its name
    std::vector<std::array<std::int16_t, max_directions>> neighbour{}; // no_cell: off the board

    int step(int cell, int direction) const {
        return neighbour[static_cast<std::size_t>(cell)][static_cast<std::size_t>(direction)];
    }
    const std::string& name(int cell) const { return names[static_cast<std::size_t>(cell)]; }
    std::optional<int> cell_named(std::string_view name) const;
};

const Board& star_board();
const Board& square_board();
const Board& board_of(Shape shape);

// The cells of a corner region. Star: the point `corner` (0 top, 1 upper right, 2 lower right,
// 3 bottom, 4 lower left, 5 upper left), ten holes. Square: the yard in corner `corner`
// (0 at a1, 1 at a16, 2 at p16, 3 at p1) holding `pieces` (19 or 13) cells.
CellSet corner_region(const Board& board, int corner, int pieces);

// The corner across the centre.
int opposite_corner(const Board& board, int corner);

} // namespace rules::halma
