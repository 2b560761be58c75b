#include "rules/turkish/notation.h"

#include "rules/text.h"

#include <algorithm>

namespace rules::turkish {
namespace {

std::string path_text(const MovePath& path, bool capture, bool full) {
    const char separator = capture ? 'x' : '-';
    std::string text = square_name(path.squares.front());
    if (full) {
        for (std::size_t i = 1; i < path.squares.size(); ++i)
            text += separator + square_name(path.squares[i]);
    } else {
        text += separator + square_name(path.squares.back());
    }
    return text;
}

} // namespace

std::string square_name(int square) {
    return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}

std::optional<int> parse_square(std::string_view text) {
    if (text.size() != 2)
        return std::nullopt;
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return std::nullopt;
    return (text[1] - '1') * 8 + (text[0] - 'a');
}

std::vector<LegalMove> legal_moves_with_notation(const Position& position) {
    std::vector<LegalMove> moves;
    for (auto& generated : generate_move_paths(position))
        moves.push_back(LegalMove{generated.move, std::move(generated.paths), {}});
    for (auto& move : moves) {
        const bool shared_ends = std::any_of(moves.begin(), moves.end(), [&](const LegalMove& m) {
            return &m != &move && m.move.from == move.move.from && m.move.to == move.move.to;
        });
        move.notation = path_text(move.paths.front(), move.move.captured != 0, shared_ends);
    }
    return moves;
}

Result<std::vector<int>> parse_move_squares(std::string_view text) {
    const auto bad = [&](std::string_view why) {
        return Error{"bad_move_syntax", join({"\"", text, "\" is not a move: ", why})};
    };
    std::vector<int> squares;
    std::size_t i = 0;
    while (i < text.size()) {
        if (!squares.empty() &&
            (text[i] == '-' || text[i] == 'x' || text[i] == 'X' || text[i] == ':')) {
            ++i;
            if (i == text.size())
                return bad("it ends with a separator");
        }
        if (i + 2 > text.size())
            return bad("expected a square such as e3");
        const char file = static_cast<char>(text[i] | 0x20); // either case
        const std::string name{file, text[i + 1]};
        const auto square = parse_square(name);
        if (!square)
            return bad(join({"\"", text.substr(i, 2), "\" is not a square"}));
        squares.push_back(*square);
        i += 2;
    }
    if (squares.size() < 2)
        return bad("a move names at least two squares, as in c3-c4");
    return squares;
}

bool names_move(const std::vector<int>& squares, const LegalMove& move) {
    if (squares.size() == 2)
        return squares[0] == move.move.from && squares[1] == move.move.to;
    return std::any_of(move.paths.begin(), move.paths.end(), [&](const MovePath& path) {
        return path.squares.size() == squares.size() &&
               std::equal(squares.begin(), squares.end(), path.squares.begin());
    });
}

} // namespace rules::turkish
