#include "rules/chess/notation.h"

#include "rules/chess/fen.h"
#include "rules/text.h"

#include <optional>

namespace rules::chess {
namespace {

constexpr std::string_view san_letters = "PNBRQK";

bool is_file(char c) {
    return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
    return c >= '1' && c <= '8';
}

std::optional<PieceType> promotion_from_letter(char c) {
    switch (c) {
    case 'N':
    case 'n':
        return PieceType::Knight;
    case 'B':
    case 'b':
        return PieceType::Bishop;
    case 'R':
    case 'r':
        return PieceType::Rook;
    case 'Q':
    case 'q':
        return PieceType::Queen;
    default:
        return std::nullopt;
    }
}

bool is_capture(const Position& p, Move move) {
    return move.kind() == MoveKind::EnPassant || (p.by_color[p.side ^ 1] & bit(move.to()));
}

// What a SAN string asks for; unset parts match anything.
struct SanPattern {
    bool castle = false;
    bool castle_king_side = false;
    PieceType piece = PieceType::Pawn;
    int from_file = -1;
    int from_rank = -1;
    bool capture = false;
    int to = no_square;
    std::optional<PieceType> promotion;
};

// Drops what follows a move but does not name it: check and mate signs, "!?"-style glyphs
// and a trailing "e.p.".
std::string_view strip_suffixes(std::string_view text) {
    while (!text.empty()) {
        const char c = text.back();
        if (c == '+' || c == '#' || c == '!' || c == '?') {
            text.remove_suffix(1);
        } else if (text.size() > 4 && text.substr(text.size() - 4) == "e.p.") {
            text.remove_suffix(4);
            while (!text.empty() && text.back() == ' ')
                text.remove_suffix(1);
        } else {
            break;
        }
    }
    return text;
}

std::optional<SanPattern> parse_san(std::string_view s) {
    SanPattern pattern;
    if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
        pattern.castle = true;
        pattern.castle_king_side = s.size() == 3;
        return pattern;
    }
    if (s.size() >= 3 && (s[s.size() - 2] == '=') && promotion_from_letter(s.back())) {
        pattern.promotion = promotion_from_letter(s.back());
        s.remove_suffix(2);
    } else if (s.size() >= 3 && promotion_from_letter(s.back()) && s.back() >= 'A' &&
               s.back() <= 'Z' && is_rank(s[s.size() - 2])) { // lenient "e8Q"
        pattern.promotion = promotion_from_letter(s.back());
        s.remove_suffix(1);
    }
    if (s.size() < 2 || !is_file(s[s.size() - 2]) || !is_rank(s.back()))
        return std::nullopt;
    pattern.to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
    s.remove_suffix(2);
    if (!s.empty() && s.front() >= 'A' && s.front() <= 'Z') {
        const std::size_t type = san_letters.find(s.front());
        if (type == std::string_view::npos || type == 0)
            return std::nullopt;
        pattern.piece = static_cast<PieceType>(type);
        s.remove_prefix(1);
    }
    if (!s.empty() && (s.back() == 'x' || s.back() == ':')) {
        pattern.capture = true;
        s.remove_suffix(1);
    }
    if (!s.empty() && is_file(s.front())) {
        pattern.from_file = s.front() - 'a';
        s.remove_prefix(1);
    }
    if (!s.empty() && is_rank(s.front())) {
        pattern.from_rank = s.front() - '1';
        s.remove_prefix(1);
    }
    if (!s.empty())
        return std::nullopt;
    if (pattern.promotion && pattern.piece != PieceType::Pawn)
        return std::nullopt;
    return pattern;
}

bool san_matches(const Position& p, Move move, const SanPattern& pattern) {
    if (pattern.castle)
        return move.kind() == MoveKind::Castling &&
               (move.to() > move.from()) == pattern.castle_king_side;
    if (move.kind() == MoveKind::Castling || move.to() != pattern.to)
        return false;
    if (p.type_on(move.from()) != pattern.piece)
        return false;
    if (pattern.from_file >= 0 && file_of(move.from()) != pattern.from_file)
        return false;
    if (pattern.from_rank >= 0 && rank_of(move.from()) != pattern.from_rank)
        return false;
    const bool capture = is_capture(p, move);
    if (pattern.capture && !capture)
        return false;
    // A pawn written without its file ("e4") only pushes.
    if (pattern.piece == PieceType::Pawn && pattern.from_file < 0 && capture)
        return false;
    if (pattern.promotion)
        return move.kind() == MoveKind::Promotion && move.promotion() == *pattern.promotion;
    return true; // a promotion with no piece named matches all four: reported as ambiguous
}

bool looks_like_uci(std::string_view s) {
    return (s.size() == 4 || (s.size() == 5 && promotion_from_letter(s[4]))) && is_file(s[0]) &&
           is_rank(s[1]) && is_file(s[2]) && is_rank(s[3]);
}

bool uci_matches(Move move, std::string_view s) {
    if (move.from() != make_square(s[0] - 'a', s[1] - '1') ||
        move.to() != make_square(s[2] - 'a', s[3] - '1'))
        return false;
    if (s.size() == 5)
        return move.kind() == MoveKind::Promotion &&
               move.promotion() == promotion_from_letter(s[4]);
    return true;
}

} // namespace

void assign_uci(Move move, std::string& out) {
    // Straight into a short string: a table writes one per legal move on every move (issue 11).
    const char text[5] = {
        static_cast<char>('a' + file_of(move.from())), static_cast<char>('1' + rank_of(move.from())),
        static_cast<char>('a' + file_of(move.to())), static_cast<char>('1' + rank_of(move.to())),
        static_cast<char>(san_letters[static_cast<std::size_t>(move.promotion())] - 'A' + 'a')};
    out.assign(text, move.kind() == MoveKind::Promotion ? 5 : 4);
}

std::string uci(Move move) {
    std::string text;
    assign_uci(move, text);
    return text;
}

std::string san(const Position& p, Move move) {
    MoveList legal;
    generate_legal(p, legal);
    return san(p, move, legal);
}

std::string san(const Position& p, Move move, const MoveList& legal) {
    std::string text;
    const int from = move.from();
    const int to = move.to();
    if (move.kind() == MoveKind::Castling) {
        text = to > from ? "O-O" : "O-O-O";
    } else {
        const PieceType type = p.type_on(from);
        const bool capture = is_capture(p, move);
        if (type == PieceType::Pawn) {
            if (capture)
                text += static_cast<char>('a' + file_of(from));
        } else {
            text += san_letters[static_cast<std::size_t>(type)];
            bool clash = false, same_file = false, same_rank = false;
            for (const Move other : legal) {
                if (other.to() != to || other.from() == from || p.type_on(other.from()) != type)
                    continue;
                clash = true;
                same_file |= file_of(other.from()) == file_of(from);
                same_rank |= rank_of(other.from()) == rank_of(from);
            }
            if (clash && (!same_file || same_rank))
                text += static_cast<char>('a' + file_of(from));
            if (clash && same_file)
                text += static_cast<char>('1' + rank_of(from));
        }
        if (capture)
            text += 'x';
        text += square_name(to);
        if (move.kind() == MoveKind::Promotion) {
            text += '=';
            text += san_letters[static_cast<std::size_t>(move.promotion())];
        }
    }
    Position next = p;
    next.play(move);
    if (next.in_check()) {
        MoveList replies;
        generate_legal(next, replies);
        text += replies.size ? '+' : '#';
    }
    return text;
}

namespace {

// Long algebraic with a hyphen ("e2-e4", "Ng1-f3", "e7-e8=Q") reads as the same move without it.
std::string drop_square_hyphen(std::string_view text) {
    std::string s(text);
    const std::size_t hyphen = s.find('-');
    if (hyphen != std::string::npos && hyphen >= 2 && hyphen + 1 < s.size() &&
        is_file(s[hyphen - 2]) && is_rank(s[hyphen - 1]) && is_file(s[hyphen + 1]))
        s.erase(hyphen, 1);
    return s;
}

} // namespace

Result<Move> read_move(const Position& position, std::string_view text) {
    MoveList list;
    generate_legal(position, list);
    return read_move(position, text, list);
}

Result<Move> read_move(const Position& position, std::string_view text, const MoveList& list) {
    const std::string written(trim(text));
    const std::string without_hyphen = drop_square_hyphen(strip_suffixes(written));
    const std::string_view s = without_hyphen;
    MoveList found; // the legal moves the text names: more than one is ambiguous
    if (looks_like_uci(s)) {
        for (const Move move : list)
            if (uci_matches(move, s))
                found.moves[found.size++] = move;
    } else if (const auto pattern = parse_san(s)) {
        for (const Move move : list)
            if (san_matches(position, move, *pattern))
                found.moves[found.size++] = move;
    } else {
        return Error{"bad_move_syntax",
                     "'" + written +
                         "' is not a move in UCI (e2e4, e7e8q) or SAN (Nf3, O-O, "
                         "e8=Q) notation"};
    }
    if (found.size == 1)
        return found.moves[0];
    if (found.size == 0)
        return Error{"illegal_move", written + " is not legal here"};
    std::string options;
    for (const Move move : found)
        options += (options.empty() ? "" : ", ") + san(position, move, list);
    return Error{"ambiguous_move", written + " could be any of " + options};
}

} // namespace rules::chess
