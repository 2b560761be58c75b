#include "rules/draughts/squares.h"

namespace rules::draughts {
namespace {

bool mirrored(const Rules& rules) {
    return rules.numbering != Numbering::Standard;
}

} // namespace

int square_number(const Rules& rules, int square) {
    const int half = rules.board_size / 2;
    const int row = square / half;
    const int k = square % half;
    switch (rules.numbering) {
    case Numbering::Standard:
        return square + 1;
    case Numbering::Italian:
        return row * half + (half - 1 - k) + 1;
    case Numbering::Spanish:
        return (rules.board_size - 1 - row) * half + k + 1;
    }
    return square + 1;
}

std::optional<int> square_from_number(const Rules& rules, int number) {
    const int half = rules.board_size / 2;
    const int squares = rules.board_size * half;
    if (number < 1 || number > squares)
        return std::nullopt;
    const int n = number - 1;
    switch (rules.numbering) {
    case Numbering::Standard:
        return n;
    case Numbering::Italian:
        return (n / half) * half + (half - 1 - n % half);
    case Numbering::Spanish:
        return (rules.board_size - 1 - n / half) * half + n % half;
    }
    return std::nullopt;
}

int display_column(const Rules& rules, int square) {
    const int standard = standard_column(rules.board_size, square);
    return mirrored(rules) ? rules.board_size - 1 - standard : standard;
}

bool on_long_diagonal(const Rules& rules, int square) {
    const int n = rules.board_size;
    return standard_column(n, square) == n - 1 - square / (n / 2);
}

int square_cell(const Rules& rules, int square) {
    return (square / (rules.board_size / 2)) * rules.board_size + display_column(rules, square);
}

std::string algebraic_name(const Rules& rules, int square) {
    const int row = square / (rules.board_size / 2);
    std::string name(1, static_cast<char>('a' + display_column(rules, square)));
    name += std::to_string(rules.board_size - row);
    return name;
}

std::optional<int> square_from_algebraic(const Rules& rules, std::string_view name) {
    if (name.size() < 2 || name.size() > 3 || name[1] == '0') // no rank 0, no leading zero
        return std::nullopt;
    const int col = name[0] - 'a';
    int rank = 0;
    for (std::size_t i = 1; i < name.size(); ++i) {
        if (name[i] < '0' || name[i] > '9')
            return std::nullopt;
        rank = rank * 10 + (name[i] - '0');
    }
    const int n = rules.board_size;
    if (col < 0 || col >= n || rank < 1 || rank > n)
        return std::nullopt;
    const int row = n - rank;
    const int standard = mirrored(rules) ? n - 1 - col : col;
    if ((row + standard) % 2 == 0)
        return std::nullopt; // a square no piece stands on
    return row * (n / 2) + standard / 2;
}

} // namespace rules::draughts
