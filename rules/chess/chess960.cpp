#include "rules/chess/chess960.h"

#include "rules/chess/fen.h"

#include <array>

namespace rules::chess {
namespace {

// Where the two knights stand among the five squares left after the bishops and the queen
// (Scharnagl's numbering: the quotient 0-9 picks a row of this table).
constexpr std::array<std::array<int, 2>, 10> knight_places{
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

// Puts `piece` on the `index`-th empty file of `rank` (counted from the a-file).
void put_on_empty(std::array<char, 8>& rank, int index, char piece) {
    for (char& square : rank) {
        if (square != '.')
            continue;
        if (index-- == 0) {
            square = piece;
            return;
        }
    }
}

} // namespace

// Scharnagl's numbering: the number's remainders by 4, 4 and 6 place the bishop of the light
// squares (files b, d, f, h), that of the dark squares (a, c, e, g) and the queen (on the free
// squares from the a-file), the quotient left (0-9) the knights; the three squares left hold
// rook, king, rook, so the king stands between the rooks (II.2.1) and the bishops on squares of
// both colours (II.2.2). Black mirrors White (II.2.3).
Result<std::string> chess960_start_fen(int number) {
    if (number < 0 || number >= chess960_start_count)
        return Error{"bad_start_number",
                     "a Chess960 start position is numbered from 0 to 959, not " +
                         std::to_string(number)};
    std::array<char, 8> rank;
    rank.fill('.');
    int rest = number;
    rank[static_cast<std::size_t>(2 * (rest % 4) + 1)] = 'B';
    rest /= 4;
    rank[static_cast<std::size_t>(2 * (rest % 4))] = 'B';
    rest /= 4;
    put_on_empty(rank, rest % 6, 'Q');
    rest /= 6;
    const auto& knights = knight_places[static_cast<std::size_t>(rest)];
    // The second knight first: placing the first would shift the count of empty squares.
    put_on_empty(rank, knights[1], 'N');
    put_on_empty(rank, knights[0], 'N');
    put_on_empty(rank, 0, 'R');
    put_on_empty(rank, 0, 'K');
    put_on_empty(rank, 0, 'R');
    const std::string white_rank(rank.begin(), rank.end());
    std::string black_rank = white_rank;
    for (char& c : black_rank)
        c = static_cast<char>(c - 'A' + 'a');
    return black_rank + "/pppppppp/8/8/8/8/PPPPPPPP/" + white_rank + " w KQkq - 0 1";
}

Result<Position> start_of(VariantId variant, std::string_view fen) {
    if (variant != VariantId::Chess960)
        return fen.empty() ? Result<Position>(start_position()) : parse_fen(fen);
    return parse_fen(fen.empty() ? *chess960_start_fen(chess960_standard_number) : fen,
                     CastlingRules::Chess960);
}

} // namespace rules::chess
