#include "rules/draughts/move_input.h"

#include "rules/draughts/squares.h"

#include <string>

namespace rules::draughts {
namespace {

Error bad_syntax(std::string_view text, std::string_view why) {
    std::string detail;
    detail += '\'';
    detail.append(text);
    detail += "' is not a move: ";
    detail.append(why);
    return Error{"bad_move_syntax", detail};
}

bool is_separator(char c) {
    return c == '-' || c == 'x' || c == 'X' || c == ':';
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_file(char c) {
    return c >= 'a' && c <= 'j';
}

} // namespace

Result<std::vector<int>> read_move_squares(const Rules& rules, std::string_view text) {
    const std::string_view original = text;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '!' ||
                             text.back() == '?' || text.back() == '*' || text.back() == '+'))
        text.remove_suffix(1);
    if (text.empty())
        return bad_syntax(original, "it is empty");
    if (text.size() > 120)
        return bad_syntax(original.substr(0, 20), "it is too long");
    std::vector<int> squares;
    std::size_t i = 0;
    bool need_square = true;
    while (i < text.size()) {
        const char c = text[i];
        if (is_separator(c)) {
            if (need_square)
                return bad_syntax(original, "a separator without a square before it");
            need_square = true;
            ++i;
            continue;
        }
        std::optional<int> square;
        std::size_t end = i;
        if (is_digit(c)) {
            while (end < text.size() && is_digit(text[end]))
                ++end;
            if (end - i > 3)
                return bad_syntax(original, "a square number is too long");
            if (c == '0')
                return bad_syntax(original, "square numbers start at 1, with no leading zero");
            int number = 0;
            for (std::size_t k = i; k < end; ++k)
                number = number * 10 + (text[k] - '0');
            square = square_from_number(rules, number);
        } else if (is_file(c)) {
            end = i + 1;
            while (end < text.size() && is_digit(text[end]))
                ++end;
            if (end == i + 1)
                return bad_syntax(original, "a column letter without a row");
            square = square_from_algebraic(rules, text.substr(i, end - i));
        } else {
            return bad_syntax(original, "unexpected character");
        }
        const bool algebraic = is_file(c);
        if (!need_square && !algebraic)
            return bad_syntax(original, "squares need a separator");
        if (!square) {
            std::string why = "'";
            why.append(text.substr(i, end - i));
            why += "' is not a playable square of this board";
            return bad_syntax(original, why);
        }
        squares.push_back(*square);
        need_square = false;
        i = end;
    }
    if (need_square)
        return bad_syntax(original, "it ends with a separator");
    if (squares.size() < 2)
        return bad_syntax(original, "a move names at least two squares");
    return squares;
}

} // namespace rules::draughts
