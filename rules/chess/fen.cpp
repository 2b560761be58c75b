// The six FEN fields, separated by single spaces:
//   1. piece placement, rank 8 first, ranks separated by '/', files a to h: PNBRQK for White,
//      pnbrqk for Black, a digit 1-8 for that many empty squares (two digits never touch);
//   2. side to move, "w" or "b";
//   3. castling rights, "-" or some of "KQkq" in that order; for Chess960, X-FEN or
//      Shredder-FEN (fen.h: CastlingRules);
//   4. en passant target square, "-" or the square a pawn has just skipped (rank 3 or 6);
//   5. halfmove clock: plies since the last capture or pawn move, from 0 to max_halfmove_clock.
//      It is not compared with the fullmove number: a set-up position (a puzzle, a study)
//      need not have come from the start, and collections write "... w KQkq - 1 1" (issue 34);
//   6. fullmove number, from 1 to max_fullmove_number (999999999), incremented after Black's
//      move. Both counters stop at their largest values (position.h), so every FEN written is
//      read back.
// Both counters are plain decimal: digits only, no sign, no leading zero ("-0", "01" refused).
// Beyond the syntax, a position must be one a game can reach: one king each, no pawn on the
// first or last rank, at most 8 pawns and 16 pieces a side, no more promoted pieces than
// missing pawns, castling rights only with king and rook at home, and the side that just moved
// not in check.
#include "rules/chess/fen.h"

#include "rules/chess/move_generator.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <optional>
#include <vector>

namespace rules::chess {
namespace {

Error bad_fen(std::string detail) {
    return Error{"bad_fen", std::move(detail)};
}

constexpr std::string_view piece_letters = "PNBRQK";

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos)
            return parts;
        start = end + 1;
    }
}

std::optional<Error> read_placement(std::string_view field, Position& p) {
    const auto ranks = split(field, '/');
    if (ranks.size() != 8)
        return bad_fen("the placement must have 8 ranks separated by '/', found " +
                       std::to_string(ranks.size()));
    for (int i = 0; i < 8; ++i) {
        const int rank = 7 - i;
        int file = 0;
        bool last_was_digit = false;
        for (const char c : ranks[static_cast<std::size_t>(i)]) {
            const std::string where = "rank " + std::to_string(rank + 1);
            if (c >= '1' && c <= '8') {
                if (last_was_digit)
                    return bad_fen(where + " has two digits in a row; write their sum");
                file += c - '0';
                last_was_digit = true;
                continue;
            }
            last_was_digit = false;
            const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
            const std::size_t type = piece_letters.find(upper);
            if (type == std::string_view::npos)
                return bad_fen(std::string("'") + c + "' on " + where +
                               " is not a piece letter (PNBRQK for White, pnbrqk for Black) "
                               "or a digit 1-8");
            if (file < 8)
                p.put(c == upper ? white : black, static_cast<PieceType>(type),
                      make_square(file, rank));
            ++file;
        }
        if (file != 8)
            return bad_fen("rank " + std::to_string(rank + 1) + " describes " +
                           std::to_string(file) + " squares instead of 8");
    }
    return std::nullopt;
}

std::optional<Error> check_material(const Position& p) {
    constexpr std::array<const char*, 2> names{"White", "Black"};
    for (int c = 0; c < 2; ++c) {
        const std::string side = names[static_cast<std::size_t>(c)];
        const int kings = popcount(p.pieces(c, PieceType::King));
        if (kings != 1)
            return bad_fen(side + " must have exactly one king, found " + std::to_string(kings));
        const int pawns = popcount(p.pieces(c, PieceType::Pawn));
        if (pawns > 8)
            return bad_fen(side + " has " + std::to_string(pawns) + " pawns; at most 8");
        if (popcount(p.by_color[c]) > 16)
            return bad_fen(side + " has more than 16 pieces");
        // Every piece beyond the starting set came from a promoted pawn.
        int promoted = 0;
        constexpr std::array<int, 4> start_count{2, 2, 2, 1}; // N B R Q
        for (int t = 1; t <= 4; ++t)
            promoted += std::max(0, popcount(p.pieces(c, static_cast<PieceType>(t))) -
                                        start_count[static_cast<std::size_t>(t - 1)]);
        if (promoted > 8 - pawns)
            return bad_fen(side + " has " + std::to_string(promoted) +
                           " pieces beyond the starting set but only " + std::to_string(8 - pawns) +
                           " missing pawns to have promoted");
    }
    if (p.by_type[int(PieceType::Pawn)] & (rank_1 | rank_8))
        return bad_fen("a pawn stands on the first or last rank, which no pawn can reach");
    return std::nullopt;
}

std::optional<Error> read_castling(std::string_view field, Position& p) {
    if (field == "-")
        return std::nullopt;
    constexpr std::string_view order = "KQkq";
    std::size_t next = 0;
    for (const char c : field) {
        const std::size_t index = order.find(c);
        if (index == std::string_view::npos)
            return bad_fen(std::string("castling field has '") + c +
                           "'; use '-' or letters from KQkq");
        if (index < next)
            return bad_fen("castling rights must be written once each, in the order KQkq");
        next = index + 1;
        p.castling = static_cast<std::uint8_t>(p.castling | (1 << index));
    }
    if (field.empty())
        return bad_fen("castling field is empty; use '-' for none");
    struct Need {
        CastlingRight right;
        int color;
        int rook;
        const char* text;
    };
    constexpr std::array<Need, 4> needs{
        {{white_king_side, white, 7, "K needs the white king on e1 and a white rook on h1"},
         {white_queen_side, white, 0, "Q needs the white king on e1 and a white rook on a1"},
         {black_king_side, black, 63, "k needs the black king on e8 and a black rook on h8"},
         {black_queen_side, black, 56, "q needs the black king on e8 and a black rook on a8"}}};
    for (const Need& need : needs) {
        if (!(p.castling & need.right))
            continue;
        const int king_home = need.color == white ? 4 : 60;
        if (!(p.pieces(need.color, PieceType::King) & bit(king_home)) ||
            !(p.pieces(need.color, PieceType::Rook) & bit(need.rook)))
            return bad_fen(std::string("castling right ") + need.text);
    }
    return std::nullopt;
}

// The outermost rook of `color` on its first rank on one side of `king` (the rook X-FEN's
// K or Q names), or no_square.
int outermost_rook(const Position& p, int color, int king, bool king_side) {
    const int rank = color == white ? 0 : 7;
    Bitboard rooks = p.pieces(color, PieceType::Rook) & (rank_1 << (8 * rank));
    rooks &= king_side ? ~((bit(king) << 1) - 1) : bit(king) - 1;
    if (!rooks)
        return no_square;
    return king_side ? 63 - std::countl_zero(rooks) : lsb(rooks);
}

// The castling field of a Chess960 position (fen.h: CastlingRules::Chess960).
std::optional<Error> read_chess960_castling(std::string_view field, Position& p) {
    p.chess960 = true;
    if (field == "-")
        return std::nullopt;
    if (field.empty())
        return bad_fen("castling field is empty; use '-' for none");
    const bool xfen = field.find_first_of("KQkq") != std::string_view::npos;
    int next = 0;
    for (const char c : field) {
        const int color = c >= 'a' && c <= 'z' ? black : white;
        const char upper = color == black ? static_cast<char>(c - 'a' + 'A') : c;
        const std::string side = color == white ? "white" : "black";
        const int rank = color == white ? 0 : 7;
        const int king = p.king_square(color);
        if (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H'))
            return bad_fen(std::string("castling field has '") + c +
                           "'; use '-', KQkq (X-FEN) or the castling rooks' files, A-H for White "
                           "and a-h for Black (Shredder-FEN)");
        if (rank_of(king) != rank)
            return bad_fen(std::string("castling right '") + c + "' needs the " + side +
                           " king on its first rank");
        int rook = no_square;
        bool king_side = upper == 'K';
        if (upper == 'K' || upper == 'Q') {
            rook = outermost_rook(p, color, king, king_side);
            if (rook == no_square)
                return bad_fen(std::string("castling right '") + c + "' needs a " + side +
                               " rook on its first rank towards the " + (king_side ? "h" : "a") +
                               "-file from the king");
        } else {
            rook = make_square(upper - 'A', rank);
            if (!(p.pieces(color, PieceType::Rook) & bit(rook)))
                return bad_fen(std::string("castling right '") + c + "' needs a " + side +
                               " rook on " + square_name(rook));
            king_side = rook > king;
            if (xfen && outermost_rook(p, color, king, king_side) == rook)
                return bad_fen(
                    std::string("castling right '") + c + "': X-FEN writes " +
                    (king_side ? (color == white ? "K" : "k") : (color == white ? "Q" : "q")) +
                    " for the outermost rook, and a Shredder-FEN has no KQkq");
        }
        const int right = 2 * color + (king_side ? 0 : 1);
        if (right < next)
            return bad_fen("castling rights must be written once each: White's before Black's, "
                           "each side's king side (towards the h-file) first");
        next = right + 1;
        p.castling = static_cast<std::uint8_t>(p.castling | (1 << right));
        p.castling_rook[static_cast<std::size_t>(right)] = static_cast<std::uint8_t>(rook);
    }
    p.shredder_fen = !xfen;
    // Black's pieces start opposite White's (Guidelines II.2.3): king and rooks that have not
    // moved stand on the same files.
    const auto white_rights = p.castling & (white_king_side | white_queen_side);
    const auto black_rights = p.castling & (black_king_side | black_queen_side);
    if (white_rights && black_rights &&
        file_of(p.king_square(white)) != file_of(p.king_square(black)))
        return bad_fen("both sides keep castling rights, so neither king has moved, but they "
                       "stand on different files; Chess960 starts them opposite each other");
    for (int right = 0; right < 2; ++right) {
        const int black_right = right + 2;
        if ((p.castling & (1 << right)) && (p.castling & (1 << black_right)) &&
            file_of(p.castling_rook[static_cast<std::size_t>(right)]) !=
                file_of(p.castling_rook[static_cast<std::size_t>(black_right)]))
            return bad_fen(std::string("both sides keep castling rights on the ") +
                           (right == 0 ? "king" : "queen") +
                           " side with rooks on different files; Chess960 starts them opposite "
                           "each other");
    }
    return std::nullopt;
}

// Writes the castling field of a Chess960 position: X-FEN or Shredder-FEN, as it was read.
char* write_chess960_castling(const Position& p, char* at) {
    if (!p.castling)
        *at++ = '-';
    for (int right = 0; right < castling_right_count; ++right) {
        if (!(p.castling & (1 << right)))
            continue;
        const int color = right / 2;
        const bool king_side = right % 2 == 0;
        const int rook = p.castling_rook[static_cast<std::size_t>(right)];
        char letter = static_cast<char>('A' + file_of(rook));
        if (!p.shredder_fen && outermost_rook(p, color, p.king_square(color), king_side) == rook)
            letter = king_side ? 'K' : 'Q';
        *at++ = color == white ? letter : static_cast<char>(letter - 'A' + 'a');
    }
    return at;
}

std::optional<Error> read_en_passant(std::string_view field, Position& p) {
    if (field == "-")
        return std::nullopt;
    if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
        return bad_fen("en passant field '" + std::string(field) + "' is not '-' or a square");
    const int square = make_square(field[0] - 'a', field[1] - '1');
    const int them = p.side ^ 1;
    const int expected_rank = p.side == white ? 5 : 2;
    if (rank_of(square) != expected_rank)
        return bad_fen("en passant square " + std::string(field) + " must be on rank " +
                       std::to_string(expected_rank + 1) + " when " +
                       (p.side == white ? "White" : "Black") + " is to move");
    const int pawn = square + (p.side == white ? -8 : 8);
    const int origin = square + (p.side == white ? 8 : -8);
    if (!(p.pieces(them, PieceType::Pawn) & bit(pawn)))
        return bad_fen("en passant square " + std::string(field) + " has no " +
                       (them == white ? "white" : "black") + " pawn on " + square_name(pawn) +
                       " that could just have moved two squares");
    if (p.occupied() & (bit(square) | bit(origin)))
        return bad_fen("en passant square " + std::string(field) + " needs " + std::string(field) +
                       " and " + square_name(origin) + " empty, as the pawn just crossed them");
    p.en_passant = square;
    return std::nullopt;
}

// A counter in plain decimal: digits only (no sign), no leading zero, from `low` to `high`.
std::optional<Error> read_counter(std::string_view field, const char* name, int low, int high,
                                  int& value) {
    const bool plain =
        !field.empty() && (field == "0" || field.front() != '0') &&
        std::all_of(field.begin(), field.end(), [](char c) { return c >= '0' && c <= '9'; });
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (!plain || ec != std::errc{} || end != field.data() + field.size() || value < low ||
        value > high)
        return bad_fen(std::string(name) + " '" + std::string(field) +
                       "' must be a whole number from " + std::to_string(low) + " to " +
                       std::to_string(high));
    return std::nullopt;
}

std::optional<Error> read_fields(const std::vector<std::string_view>& fields, Position& p,
                                 CastlingRules rules) {
    if (auto error = read_placement(fields[0], p))
        return error;
    if (auto error = check_material(p))
        return error;
    if (fields[1] != "w" && fields[1] != "b")
        return bad_fen("side to move '" + std::string(fields[1]) + "' must be 'w' or 'b'");
    p.side = fields[1] == "w" ? white : black;
    if (auto error = rules == CastlingRules::Chess960 ? read_chess960_castling(fields[2], p)
                                                      : read_castling(fields[2], p))
        return error;
    if (auto error = read_en_passant(fields[3], p))
        return error;
    if (auto error =
            read_counter(fields[5], "fullmove number", 1, max_fullmove_number, p.fullmove_number))
        return error;
    if (auto error =
            read_counter(fields[4], "halfmove clock", 0, max_halfmove_clock, p.halfmove_clock))
        return error;
    if (p.en_passant != no_square && p.halfmove_clock != 0)
        return bad_fen("an en passant square means a pawn just moved, so the halfmove clock "
                       "must be 0");
    const int them = p.side ^ 1;
    if (p.attackers(p.king_square(them), p.side, p.occupied()))
        return bad_fen(std::string(them == white ? "White" : "Black") +
                       " is in check but it is not their move");
    const int checkers = popcount(p.checkers());
    if (checkers > 2)
        return bad_fen("the king to move is attacked by " + std::to_string(checkers) +
                       " pieces; no move can give more than a double check");
    return std::nullopt;
}

} // namespace

std::string square_name(int square) {
    return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}

Result<Position> parse_fen(std::string_view fen, CastlingRules rules) {
    ensure_attack_tables();
    while (!fen.empty() && (fen.back() == ' ' || fen.back() == '\n' || fen.back() == '\r'))
        fen.remove_suffix(1);
    while (!fen.empty() && fen.front() == ' ')
        fen.remove_prefix(1);
    if (fen.empty())
        return bad_fen("the FEN is empty");
    const auto fields = split(fen, ' ');
    for (const auto field : fields)
        if (field.empty())
            return bad_fen("FEN fields must be separated by single spaces");
    if (fields.size() != 6)
        return bad_fen("a FEN has 6 fields (placement, side, castling, en passant, halfmove "
                       "clock, fullmove number), found " +
                       std::to_string(fields.size()));
    Position p;
    if (auto error = read_fields(fields, p, rules))
        return *error;
    return p;
}

// Written into a buffer on the stack and copied once into a string of its size: a table writes
// one a move (issue 11), and appending a character at a time checks the string's room each time.
std::string write_fen(const Position& p) {
    const auto pieces = p.letters();
    // 71 for the board, 10 for side, castling and en passant with their spaces, then a space
    // and a counter twice, each of at most 11 characters (an int, its sign included): 105.
    std::array<char, 112> fen;
    char* at = fen.data();
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const char letter = pieces[static_cast<std::size_t>(make_square(file, rank))];
            if (letter == '.') {
                ++empty;
                continue;
            }
            if (empty)
                *at++ = static_cast<char>('0' + empty);
            empty = 0;
            *at++ = letter;
        }
        if (empty)
            *at++ = static_cast<char>('0' + empty);
        if (rank)
            *at++ = '/';
    }
    *at++ = ' ';
    *at++ = p.side == white ? 'w' : 'b';
    *at++ = ' ';
    if (p.chess960) {
        at = write_chess960_castling(p, at);
    } else {
        if (!p.castling)
            *at++ = '-';
        constexpr std::string_view castling_letters = "KQkq";
        for (std::size_t i = 0; i < 4; ++i)
            if (p.castling & (1 << i))
                *at++ = castling_letters[i];
    }
    *at++ = ' ';
    if (has_legal_en_passant(p)) {
        *at++ = static_cast<char>('a' + file_of(p.en_passant));
        *at++ = static_cast<char>('1' + rank_of(p.en_passant));
    } else {
        *at++ = '-';
    }
    *at++ = ' ';
    constexpr std::size_t int_digits = 11; // "-2147483648"
    at = std::to_chars(at, at + int_digits, p.halfmove_clock).ptr;
    *at++ = ' ';
    at = std::to_chars(at, at + int_digits, p.fullmove_number).ptr;
    return {fen.data(), at};
}

} // namespace rules::chess
