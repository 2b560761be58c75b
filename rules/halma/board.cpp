#include "rules/halma/board.h"

#include <cassert>

namespace rules::halma {
namespace {

// The star on a 17 x 25 grid: row r holds its holes two columns apart, centred on column 12.
// Rows 0-3 and 13-16 are the top and bottom points (1 to 4 holes), rows 4-12 the big
// triangles' overlap: 13, 12, 11, 10, 9, 10, 11, 12, 13 holes.
constexpr int star_rows = 17;
constexpr int star_cols = 25;
constexpr std::array<int, star_rows> star_row_width = {1,  2,  3,  4,  13, 12, 11, 10, 9,
                                                       10, 11, 12, 13, 4,  3,  2,  1};
// Neighbours on the star grid: east, west, north-east, north-west, south-east, south-west.
constexpr std::array<std::array<int, 2>, 6> star_steps = {
    {{0, 2}, {0, -2}, {-1, 1}, {-1, -1}, {1, 1}, {1, -1}}};
// The square: the four orthogonal and the four diagonal neighbours, as (rank, file).
constexpr std::array<std::array<int, 2>, 8> square_steps = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
constexpr int square_side = 16;

// A letter and a number: "e13", "p16".
std::string cell_name(char letter, int number) {
    std::string name(1, letter);
    name += std::to_string(number);
    return name;
}

// Fills the neighbour table from a grid that maps (row, col) to a cell or no_cell.
template <std::size_t N>
void link(Board& board, const std::vector<int>& grid, int rows, int cols,
          const std::array<std::array<int, 2>, N>& steps) {
    board.neighbour.assign(static_cast<std::size_t>(board.cells), {});
    for (int cell = 0; cell < board.cells; ++cell) {
        const int at = board.view_cell[static_cast<std::size_t>(cell)];
        for (std::size_t d = 0; d < max_directions; ++d) {
            auto& slot = board.neighbour[static_cast<std::size_t>(cell)][d];
            slot = static_cast<std::int16_t>(no_cell);
            if (d >= N)
                continue;
            const int row = at / cols + steps[d][0];
            const int col = at % cols + steps[d][1];
            if (row >= 0 && row < rows && col >= 0 && col < cols)
                slot = static_cast<std::int16_t>(grid[static_cast<std::size_t>(row * cols + col)]);
        }
    }
}

Board build_star() {
    Board board{.shape = Shape::Star,
                .directions = 6,
                .corner_count = 6,
                .view_rows = star_rows,
                .view_cols = star_cols};
    std::vector<int> grid(static_cast<std::size_t>(star_rows * star_cols), no_cell);
    for (int row = 0; row < star_rows; ++row) {
        const int width = star_row_width[static_cast<std::size_t>(row)];
        for (int i = 0; i < width; ++i) {
            const int col = 12 - (width - 1) + 2 * i;
            grid[static_cast<std::size_t>(row * star_cols + col)] = board.cells++;
            board.view_cell.push_back(row * star_cols + col);
            board.names.push_back(cell_name(static_cast<char>('a' + row), i + 1));
        }
    }
    assert(board.cells == 121);
    link(board, grid, star_rows, star_cols, star_steps);
    return board;
}

// Square cells are numbered rank by rank from a1: cell = (rank - 1) * 16 + file index.
Board build_square() {
    Board board{.shape = Shape::Square,
                .cells = square_side * square_side,
                .directions = 8,
                .corner_count = 4,
                .view_rows = square_side,
                .view_cols = square_side};
    std::vector<int> grid(static_cast<std::size_t>(board.cells));
    for (int cell = 0; cell < board.cells; ++cell) {
        const int rank = cell / square_side;
        const int file = cell % square_side;
        const int at = (square_side - 1 - rank) * square_side + file; // rank 16 on top
        board.view_cell.push_back(at);
        grid[static_cast<std::size_t>(at)] = cell;
        board.names.push_back(cell_name(static_cast<char>('a' + file), rank + 1));
    }
    // The grid's rows run from rank 16 down, so a step of +1 rank is -1 row.
    constexpr std::array<std::array<int, 2>, 8> view_steps = [] {
        auto steps = square_steps;
        for (auto& s : steps)
            s[0] = -s[0];
        return steps;
    }();
    link(board, grid, square_side, square_side, view_steps);
    return board;
}

// Which star point a cell lies in, or -1 for the central hexagon.
int star_point(int row, int col) {
    if (row <= 3)
        return 0;
    if (row >= 13)
        return 3;
    if (row <= 7) {
        if (col > 16 + (row - 4))
            return 1;
        if (col < 8 - (row - 4))
            return 5;
    }
    if (row >= 9) {
        if (col > 16 + (12 - row))
            return 2;
        if (col < 8 - (12 - row))
            return 4;
    }
    return -1;
}

} // namespace

std::optional<int> Board::cell_named(std::string_view name) const {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<int>(i);
    return std::nullopt;
}

const Board& star_board() {
    static const Board board = build_star();
    return board;
}

const Board& square_board() {
    static const Board board = build_square();
    return board;
}

const Board& board_of(Shape shape) {
    return shape == Shape::Star ? star_board() : square_board();
}

CellSet corner_region(const Board& board, int corner, int pieces) {
    CellSet region;
    if (board.shape == Shape::Star) {
        for (int cell = 0; cell < board.cells; ++cell) {
            const int at = board.view_cell[static_cast<std::size_t>(cell)];
            if (star_point(at / board.view_cols, at % board.view_cols) == corner)
                region.set(static_cast<std::size_t>(cell));
        }
        return region;
    }
    // A yard of k rows seen from its corner: cells (x, y), both below k, with x + y <= k.
    // k = 5 gives 5 + 5 + 4 + 3 + 2 = 19 cells, k = 4 gives 4 + 4 + 3 + 2 = 13.
    const int k = pieces == 19 ? 5 : 4;
    for (int x = 0; x < k; ++x) {
        for (int y = 0; y < k && x + y <= k; ++y) {
            const int file = (corner == 2 || corner == 3) ? square_side - 1 - x : x;
            const int rank = (corner == 1 || corner == 2) ? square_side - 1 - y : y;
            region.set(static_cast<std::size_t>(rank * square_side + file));
        }
    }
    return region;
}

int opposite_corner(const Board& board, int corner) {
    return (corner + board.corner_count / 2) % board.corner_count;
}

} // namespace rules::halma
