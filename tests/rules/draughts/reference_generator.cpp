#include "tests/rules/draughts/reference_generator.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace draughts_reference {
namespace {

constexpr int size = 10;

struct Step {
    int dr;
    int dc;
};

// Diagonal steps, then the orthogonal ones: two rows or two columns is the next playing square.
constexpr std::array<Step, 8> steps{
    {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-2, 0}, {2, 0}, {0, -2}, {0, 2}}};

int cell_of_number(int number) {
    const int row = (number - 1) / 5;
    const int k = (number - 1) % 5;
    return row * size + (row % 2 == 0 ? 2 * k + 1 : 2 * k);
}

bool on_board(int row, int col) {
    return row >= 0 && row < size && col >= 0 && col < size;
}

bool white_piece(char c) {
    return c == 'w' || c == 'W';
}
bool black_piece(char c) {
    return c == 'b' || c == 'B';
}
bool is_king(char c) {
    return c == 'W' || c == 'B';
}

int side_of(bool black) {
    return black ? 1 : 0;
}

bool has_men(const Board& b, bool black) {
    const char man = black ? 'b' : 'w';
    return std::find(b.cell.begin(), b.cell.end(), man) != b.cell.end();
}

int parse_int(std::string_view text) {
    if (text.empty())
        throw std::invalid_argument("empty number");
    int n = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            throw std::invalid_argument("bad number");
        n = n * 10 + (c - '0');
    }
    return n;
}

void read_list(std::string_view list, bool black, Board& b) {
    while (!list.empty()) {
        const auto comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        const bool king = !item.empty() && item.front() == 'K';
        if (king)
            item.remove_prefix(1);
        const auto dash = item.find('-');
        const int first = parse_int(item.substr(0, dash));
        const int last = dash == std::string_view::npos ? first : parse_int(item.substr(dash + 1));
        for (int n = first; n <= last; ++n)
            b.cell[static_cast<std::size_t>(cell_of_number(n))] =
                black ? (king ? 'B' : 'b') : (king ? 'W' : 'w');
    }
}

// "+<count>[<square>]" into one side's counter.
void read_counter(std::string_view text, Board& b, int side) {
    const int count = parse_int(text.substr(0, 1));
    b.king_moves[static_cast<std::size_t>(side)] = count;
    b.king_cell[static_cast<std::size_t>(side)] =
        count == 0 ? -1 : cell_of_number(parse_int(text.substr(1)));
}

struct Finder {
    const Board& board;
    Kind kind;
    bool black;
    int from = 0;
    bool king = false;
    std::vector<std::pair<Move, int>> found; // the move, and the cell of the last piece taken

    bool enemy(char c) const { return black ? white_piece(c) : black_piece(c); }
    bool empty(int cell) const {
        return cell == from || board.cell[static_cast<std::size_t>(cell)] == '.';
    }
    int directions() const { return kind == Kind::Frisian ? 8 : 4; }

    // Every capture that lands on `cell`, having taken `taken`; a path that cannot go on is
    // a finished capture.
    void search(int cell, std::vector<int>& taken, int last_over) {
        bool went_on = false;
        for (int d = 0; d < directions(); ++d) {
            const Step s = steps[static_cast<std::size_t>(d)];
            int row = cell / size + s.dr;
            int col = cell % size + s.dc;
            if (king)
                while (on_board(row, col) && empty(row * size + col)) {
                    row += s.dr;
                    col += s.dc;
                }
            if (!on_board(row, col))
                continue;
            const int over = row * size + col;
            if (!enemy(board.cell[static_cast<std::size_t>(over)]) ||
                std::find(taken.begin(), taken.end(), over) != taken.end())
                continue;
            taken.push_back(over);
            for (int r = row + s.dr, c = col + s.dc; on_board(r, c) && empty(r * size + c);
                 r += s.dr, c += s.dc) {
                went_on = true;
                search(r * size + c, taken, over);
                if (!king)
                    break;
            }
            taken.pop_back();
        }
        if (!went_on && !taken.empty()) {
            Move m{from, cell, taken, false};
            std::sort(m.captured.begin(), m.captured.end());
            const int crown_row = black ? size - 1 : 0;
            m.crowns = !king && cell / size == crown_row;
            found.emplace_back(std::move(m), last_over);
        }
    }
};

} // namespace

Board from_fen(std::string_view fen) {
    Board b;
    b.cell.fill('.');
    if (fen.size() < 2 || fen[1] != ':')
        throw std::invalid_argument("bad fen");
    b.black_to_move = fen[0] == 'B';
    std::string_view rest = fen.substr(2);
    int field = 0;
    while (!rest.empty()) {
        const auto colon = rest.find(':');
        const std::string_view part = rest.substr(0, colon);
        rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
        if (field < 2) {
            read_list(part.substr(1), part.front() == 'B', b);
        } else {
            const auto second = part.find('+', 1);
            read_counter(part.substr(1, second - 1), b, 1);
            read_counter(part.substr(second + 1), b, 0);
        }
        ++field;
    }
    return b;
}

std::vector<Move> legal_moves(const Board& b, Kind kind) {
    std::vector<Move> out;
    if (kind == Kind::Breakthrough &&
        std::any_of(b.cell.begin(), b.cell.end(), [](char c) { return is_king(c); }))
        return out;
    const bool black = b.black_to_move;
    // Captures: every finished path of every piece, with what decides precedence.
    struct Ranked {
        Move move;
        int pieces;
        int kings_taken;
        bool by_king;
    };
    std::vector<Ranked> captures;
    for (int cell = 0; cell < size * size; ++cell) {
        const char c = b.cell[static_cast<std::size_t>(cell)];
        if (black ? !black_piece(c) : !white_piece(c))
            continue;
        Finder f{b, kind, black, cell, is_king(c), {}};
        std::vector<int> taken;
        f.search(cell, taken, -1);
        for (auto& [m, last_over] : f.found) {
            if (kind == Kind::Killer && f.king &&
                is_king(b.cell[static_cast<std::size_t>(last_over)])) {
                // The landing must be the square just behind the last piece taken.
                const int dr = m.to / size - last_over / size;
                const int dc = m.to % size - last_over % size;
                if (dr < -1 || dr > 1 || dc < -1 || dc > 1)
                    continue;
            }
            int kings = 0;
            for (const int t : m.captured)
                kings += is_king(b.cell[static_cast<std::size_t>(t)]) ? 1 : 0;
            captures.push_back({m, static_cast<int>(m.captured.size()), kings, f.king});
        }
    }
    if (!captures.empty()) {
        // True when a ranks above b.
        const auto above = [kind](const Ranked& a, const Ranked& r) {
            if (kind != Kind::Frisian)
                return a.pieces > r.pieces;
            // Frisian value: n kings are worth more than 2n - 1 men and less than 2n men, so
            // two men outweigh a king and the count of "two per king" decides, fewer kings
            // breaking a tie; then a king's capture ranks above a man's.
            const int a_value = a.pieces + a.kings_taken;
            const int r_value = r.pieces + r.kings_taken;
            if (a_value != r_value)
                return a_value > r_value;
            if (a.kings_taken != r.kings_taken)
                return a.kings_taken < r.kings_taken;
            return a.by_king && !r.by_king;
        };
        const Ranked* best = &captures.front();
        for (const Ranked& r : captures)
            if (above(r, *best))
                best = &r;
        for (const Ranked& r : captures) {
            if (above(*best, r))
                continue;
            const bool duplicate = std::any_of(out.begin(), out.end(), [&](const Move& m) {
                return m.from == r.move.from && m.to == r.move.to && m.captured == r.move.captured;
            });
            if (!duplicate)
                out.push_back(r.move);
        }
        return out;
    }
    const int side = side_of(black);
    const bool men_left = has_men(b, black);
    for (int cell = 0; cell < size * size; ++cell) {
        const char c = b.cell[static_cast<std::size_t>(cell)];
        if (black ? !black_piece(c) : !white_piece(c))
            continue;
        const int row = cell / size;
        const int col = cell % size;
        if (!is_king(c)) {
            const int dr = black ? 1 : -1;
            for (const int dc : {-1, 1}) {
                if (!on_board(row + dr, col + dc))
                    continue;
                const int to = (row + dr) * size + col + dc;
                if (b.cell[static_cast<std::size_t>(to)] == '.')
                    out.push_back({cell, to, {}, row + dr == (black ? size - 1 : 0)});
            }
            continue;
        }
        if (kind == Kind::Frisian && men_left &&
            b.king_cell[static_cast<std::size_t>(side)] == cell &&
            b.king_moves[static_cast<std::size_t>(side)] >= 3)
            continue; // a fourth quiet move in a row with this king
        for (int d = 0; d < 4; ++d) {
            const Step s = steps[static_cast<std::size_t>(d)];
            for (int r = row + s.dr, cl = col + s.dc;
                 on_board(r, cl) && b.cell[static_cast<std::size_t>(r * size + cl)] == '.';
                 r += s.dr, cl += s.dc)
                out.push_back({cell, r * size + cl, {}, false});
        }
    }
    return out;
}

Board apply(const Board& b, const Move& m, Kind kind) {
    Board next = b;
    const char piece = b.cell[static_cast<std::size_t>(m.from)];
    const bool was_king = is_king(piece);
    next.cell[static_cast<std::size_t>(m.from)] = '.';
    for (const int t : m.captured)
        next.cell[static_cast<std::size_t>(t)] = '.';
    char placed = piece;
    if (m.crowns)
        placed = b.black_to_move ? 'B' : 'W';
    next.cell[static_cast<std::size_t>(m.to)] = placed;
    next.black_to_move = !b.black_to_move;
    if (kind == Kind::Frisian) {
        const auto me = static_cast<std::size_t>(side_of(b.black_to_move));
        const auto them = static_cast<std::size_t>(side_of(!b.black_to_move));
        if (was_king && m.captured.empty() && has_men(next, b.black_to_move)) {
            next.king_moves[me] = b.king_cell[me] == m.from ? b.king_moves[me] + 1 : 1;
            next.king_cell[me] = m.to;
        } else {
            next.king_moves[me] = 0;
            next.king_cell[me] = -1;
        }
        const bool counted_king_taken =
            std::find(m.captured.begin(), m.captured.end(), b.king_cell[them]) != m.captured.end();
        if (counted_king_taken || !has_men(next, !b.black_to_move)) {
            next.king_moves[them] = 0;
            next.king_cell[them] = -1;
        }
    }
    return next;
}

std::uint64_t perft(const Board& b, Kind kind, int depth) {
    if (depth == 0)
        return 1;
    const auto moves = legal_moves(b, kind);
    if (depth == 1)
        return moves.size();
    std::uint64_t n = 0;
    for (const Move& m : moves)
        n += perft(apply(b, m, kind), kind, depth - 1);
    return n;
}

} // namespace draughts_reference
