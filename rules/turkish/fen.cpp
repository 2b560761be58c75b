#include "rules/turkish/fen.h"

#include "rules/text.h"
#include "rules/turkish/notation.h"

#include <bit>

namespace rules::turkish {
namespace {

Error bad_fen(std::string_view text, std::string_view why) {
    return Error{"bad_fen", join({"\"", text, "\": ", why})};
}

// One side's list after its colour letter: "Kd4,a2,b2" (may be empty).
std::optional<std::string> read_pieces(std::string_view list, Color colour, Position& position) {
    Bitboard& pieces = colour == Color::White ? position.white : position.black;
    while (!list.empty()) {
        const auto comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        if (comma != std::string_view::npos && list.empty())
            return "the list ends with a comma";
        const bool king = !item.empty() && item.front() == 'K';
        if (king)
            item.remove_prefix(1);
        const auto square = parse_square(item);
        if (!square)
            return join({"\"", item, "\" is not a square a1-h8"});
        if (position.occupied() & bit(*square))
            return join({"square ", item, " is given twice"});
        if (!king && (crowning_row(colour) & bit(*square)))
            return join(
                {"a man on ", item, " stands on its crowning row (write K", item, " for a king)"});
        pieces |= bit(*square);
        if (king)
            position.kings |= bit(*square);
    }
    if (std::popcount(pieces) > 16)
        return "a side has more than 16 pieces";
    return std::nullopt;
}

} // namespace

// Grammar (strict: no spaces, fields in this shape only):
//   position := side ":" section ":" section
//   side     := "W" | "B"                          the side to move
//   section  := ("W" | "B") [piece ("," piece)*]   each colour exactly once, either order
//   piece    := ["K"] square                       K marks a king
//   square   := "a".."h" "1".."8"                  a1 is White's bottom left
// Example, the start: "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,
// g6,h6,a7,b7,c7,d7,e7,f7,g7,h7" (one line). A man may not stand on its crowning row (White's
// on rank 8, Black's on rank 1): it would have been crowned. At most 16 pieces a side.
Result<Position> parse_position(std::string_view text) {
    if (text.empty())
        return bad_fen(text, "empty position string");
    Position position;
    if (text.size() < 2 || (text[0] != 'W' && text[0] != 'B') || text[1] != ':')
        return bad_fen(text, "it must start with the side to move, \"W:\" or \"B:\"");
    position.side = text[0] == 'W' ? Color::White : Color::Black;
    std::string_view rest = text.substr(2);
    const auto colon = rest.find(':');
    if (colon == std::string_view::npos)
        return bad_fen(text, "expected two sections, \":W...\" and \":B...\"");
    const std::string_view first = rest.substr(0, colon);
    const std::string_view second = rest.substr(colon + 1);
    if (first.empty() || second.empty() || second.find(':') != std::string_view::npos)
        return bad_fen(text, "expected exactly two sections, \":W...\" and \":B...\"");
    if (!((first[0] == 'W' && second[0] == 'B') || (first[0] == 'B' && second[0] == 'W')))
        return bad_fen(text, "the sections must be one \"W...\" and one \"B...\"");
    for (const auto section : {first, second}) {
        const Color colour = section[0] == 'W' ? Color::White : Color::Black;
        if (const auto why = read_pieces(section.substr(1), colour, position))
            return bad_fen(text, *why);
    }
    return position;
}

std::string write_position(const Position& position) {
    std::string text = position.side == Color::White ? "W" : "B";
    for (const Color colour : {Color::White, Color::Black}) {
        text += colour == Color::White ? ":W" : ":B";
        Bitboard pieces = position.pieces(colour);
        bool first = true;
        while (pieces) {
            const int square = pop_lowest(pieces);
            if (!first)
                text += ',';
            first = false;
            if (position.kings & bit(square))
                text += 'K';
            text += square_name(square);
        }
    }
    return text;
}

} // namespace rules::turkish
