#include "rules/draughts/fen.h"

#include "rules/draughts/squares.h"

#include <cctype>
#include <optional>
#include <vector>

namespace rules::draughts {
namespace {

Error bad_fen(std::string detail) {
    return Error{"bad_fen", std::move(detail)};
}

// A square number: one to three digits, no sign and no leading zero (PDN writes "5", never
// "05"; reading is strict, see fen.h).
std::optional<int> parse_number(std::string_view text) {
    if (text.empty() || text.size() > 3 || text.front() == '0')
        return std::nullopt;
    int n = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

// A square written as a number (the variant's numbering) or, on 8 x 8, algebraically.
std::optional<int> parse_square(const Rules& rules, std::string_view text) {
    if (const auto n = parse_number(text))
        return square_from_number(rules, *n);
    if (rules.board_size == 8)
        return square_from_algebraic(rules, text);
    return std::nullopt;
}

std::string quoted(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '\'';
    out.append(text);
    out += '\'';
    return out;
}

struct Placement {
    Bits men = 0;
    Bits kings = 0;
};

// Reads one colour's list ("31-50", "K5,12", …) into the board.
std::optional<Error> read_pieces(const Rules& rules, std::string_view list, Placement& out,
                                 Bits& occupied) {
    const int n = rules.board_size;
    while (!list.empty()) {
        const auto comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        if (item.empty() || (comma != std::string_view::npos && list.empty()))
            return bad_fen("empty square in a piece list");
        const bool king = item.front() == 'K';
        if (king)
            item.remove_prefix(1);
        const auto dash = item.find('-');
        const auto first = parse_square(rules, item.substr(0, dash));
        const auto last =
            dash == std::string_view::npos ? first : parse_square(rules, item.substr(dash + 1));
        if (!first || !last)
            return bad_fen(quoted(item) + " is not a square here");
        const int a = square_number(rules, *first);
        const int b = square_number(rules, *last);
        if (a > b)
            return bad_fen("range " + quoted(item) + " runs backwards");
        for (int number = a; number <= b; ++number) {
            const int square = *square_from_number(rules, number);
            const Bits b_ = bit(square_to_bit(n, square));
            if ((occupied & b_) != 0)
                return bad_fen("square " + std::to_string(number) + " is given twice");
            occupied |= b_;
            (king ? out.kings : out.men) |= b_;
        }
    }
    return std::nullopt;
}

} // namespace

// Frisian: one side's king-move count, "<count>[<square>]" (fen.h), into the position.
std::optional<Error> read_king_moves(const Rules& rules, std::string_view text, bool white,
                                     Position& p) {
    const std::string side = white ? "White" : "Black";
    if (text.empty() || text[0] < '0' || text[0] - '0' > rules.same_king_moves)
        return bad_fen("a king-move count is a number from 0 to " +
                       std::to_string(rules.same_king_moves) + ", then its king's square");
    const int moves = text[0] - '0';
    if (moves == 0) {
        if (text.size() != 1)
            return bad_fen("a king-move count of 0 names no square");
        return std::nullopt;
    }
    const auto number = parse_number(text.substr(1));
    const auto square = number ? square_from_number(rules, *number) : std::nullopt;
    if (!square)
        return bad_fen("the king-move count of " + side + " names no square");
    const int b = square_to_bit(rules.board_size, *square);
    if (((white ? p.white : p.black) & p.kings & bit(b)) == 0)
        return bad_fen("the king-move count of " + side + " names square " +
                       std::to_string(*number) + ", where " + side + " has no king");
    if (((white ? p.white : p.black) & ~p.kings) == 0)
        return bad_fen(side + " has only kings, so its king moves are not counted");
    (white ? p.white_king_moves : p.black_king_moves) = static_cast<std::uint8_t>(moves);
    (white ? p.white_king : p.black_king) = static_cast<std::uint8_t>(b);
    return std::nullopt;
}

// ":+<black count>[<square>]+<white count>[<square>]", lidraughts' order (fen.h).
std::optional<Error> read_king_move_field(const Rules& rules, std::string_view field, Position& p) {
    const auto second = field.find('+', 1);
    if (field.empty() || field[0] != '+' || second == std::string_view::npos)
        return bad_fen("the king-move field is '+<Black's count>[square]+<White's "
                       "count>[square]'");
    if (auto error = read_king_moves(rules, field.substr(1, second - 1), false, p))
        return error;
    return read_king_moves(rules, field.substr(second + 1), true, p);
}

void write_king_moves(const Rules& rules, int moves, int king_bit, std::string& out) {
    out += '+';
    out += std::to_string(moves);
    if (moves != 0)
        out += std::to_string(square_number(rules, bit_to_square(rules.board_size, king_bit)));
}

Position start_position(const Rules& rules) {
    const int n = rules.board_size;
    const int half = n / 2;
    const int pieces = pieces_per_side(rules); // 4 rows on 10 x 10, 3 on 8 x 8, Frysk! 1
    Position p;
    for (int s = 0; s < pieces; ++s)
        p.black |= bit(square_to_bit(n, s));
    for (int s = n * half - pieces; s < n * half; ++s)
        p.white |= bit(square_to_bit(n, s));
    p.black_to_move = rules.black_moves_first;
    return p;
}

Result<Position> read_fen(const Rules& rules, std::string_view fen) {
    if (!fen.empty() && fen.back() == '.')
        fen.remove_suffix(1);
    if (fen.size() < 2 || (fen[0] != 'W' && fen[0] != 'B') || fen[1] != ':')
        return bad_fen("a draughts FEN starts with the side to move, W or B, and a colon");
    Position p;
    p.black_to_move = fen[0] == 'B';
    std::string_view rest = fen.substr(2);
    bool seen_white = false;
    bool seen_black = false;
    Bits occupied = 0;
    for (int field = 0; field < 2; ++field) {
        const auto colon = rest.find(':');
        std::string_view part = rest.substr(0, colon);
        rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
        if (colon == std::string_view::npos && field == 0)
            return bad_fen("expected two piece fields, W… and B…, separated by ':'");
        if (colon != std::string_view::npos && field == 1 &&
            (rules.same_king_moves == 0 || rest.empty() || rest.front() != '+'))
            return bad_fen("unexpected text after the piece fields");
        if (part.empty() || (part[0] != 'W' && part[0] != 'B'))
            return bad_fen("each piece field starts with its colour, W or B");
        const bool white = part[0] == 'W';
        if ((white && seen_white) || (!white && seen_black))
            return bad_fen(std::string("the colour ") + part[0] + " is given twice");
        (white ? seen_white : seen_black) = true;
        Placement placed;
        if (auto error = read_pieces(rules, part.substr(1), placed, occupied))
            return *error;
        if ((placed.men & crown_row(rules.board_size, white)) != 0)
            return bad_fen(std::string(white ? "a white" : "a black") +
                           " man stands on the row where it would have been crowned");
        const int pieces = count(placed.men | placed.kings);
        if (pieces > pieces_per_side(rules))
            return bad_fen(std::string(white ? "White" : "Black") + " has " +
                           std::to_string(pieces) + " pieces; a side has at most " +
                           std::to_string(pieces_per_side(rules)) +
                           " in this game, as many as it starts with");
        (white ? p.white : p.black) = placed.men | placed.kings;
        p.kings |= placed.kings;
        if (colon == std::string_view::npos)
            break;
    }
    if (!seen_white || !seen_black)
        return bad_fen("both colours' piece fields are required");
    if (!rest.empty()) {
        if (auto error = read_king_move_field(rules, rest, p))
            return *error;
    }
    if (rules.crowning_wins && (p.white & p.kings) != 0 && (p.black & p.kings) != 0)
        return bad_fen("both sides have a king, but the first king made ends this game");
    return p;
}

std::string write_fen(const Rules& rules, const Position& position) {
    const int n = rules.board_size;
    const int squares = n * n / 2;
    std::string out(1, position.black_to_move ? 'B' : 'W');
    for (const bool white : {true, false}) {
        out += white ? ":W" : ":B";
        const Bits mine = white ? position.white : position.black;
        // kind of each federation number: 0 empty, 1 man, 2 king
        std::vector<int> kind(static_cast<std::size_t>(squares + 2), 0);
        for (int s = 0; s < squares; ++s) {
            const Bits b = bit(square_to_bit(n, s));
            if ((mine & b) != 0)
                kind[static_cast<std::size_t>(square_number(rules, s))] =
                    (position.kings & b) != 0 ? 2 : 1;
        }
        bool first = true;
        for (int number = 1; number <= squares; ++number) {
            const int k = kind[static_cast<std::size_t>(number)];
            if (k == 0)
                continue;
            if (!first)
                out += ',';
            first = false;
            if (k == 2) {
                out += 'K';
                out += std::to_string(number);
                continue;
            }
            int last = number;
            while (kind[static_cast<std::size_t>(last + 1)] == 1)
                ++last;
            if (last - number >= 2) {
                out += std::to_string(number);
                out += '-';
                out += std::to_string(last);
                number = last;
            } else {
                out += std::to_string(number);
            }
        }
    }
    if (position.white_king_moves != 0 || position.black_king_moves != 0) {
        out += ':';
        write_king_moves(rules, position.black_king_moves, position.black_king, out);
        write_king_moves(rules, position.white_king_moves, position.white_king, out);
    }
    return out;
}

} // namespace rules::draughts
