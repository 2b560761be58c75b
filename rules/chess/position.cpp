#include "rules/chess/position.h"

namespace rules::chess {
namespace {

// Rights kept when a move starts from or lands on a square: a king or rook that moves, or a
// rook that is captured, takes its rights away (FIDE 3.8.2.1).
struct CastlingMasks {
    std::uint8_t keep[64];
    constexpr CastlingMasks() : keep{} {
        for (auto& k : keep)
            k = 15;
        keep[make_square(4, 0)] = 15 & ~(white_king_side | white_queen_side);
        keep[make_square(0, 0)] = 15 & ~white_queen_side;
        keep[make_square(7, 0)] = 15 & ~white_king_side;
        keep[make_square(4, 7)] = 15 & ~(black_king_side | black_queen_side);
        keep[make_square(0, 7)] = 15 & ~black_queen_side;
        keep[make_square(7, 7)] = 15 & ~black_king_side;
    }
};
constexpr CastlingMasks castling_masks;

} // namespace

PieceType Position::type_on(int square) const {
    const Bitboard b = bit(square);
    for (int t = 0; t < 6; ++t)
        if (by_type[t] & b)
            return static_cast<PieceType>(t);
    return PieceType::None;
}

std::array<char, 64> Position::letters() const {
    constexpr char upper[] = "PNBRQK";
    std::array<char, 64> out;
    out.fill('.');
    for (int type = 0; type < 6; ++type) {
        const char letter = upper[type];
        for (Bitboard b = by_type[type] & by_color[white]; b;)
            out[static_cast<std::size_t>(pop_lsb(b))] = letter;
        for (Bitboard b = by_type[type] & by_color[black]; b;)
            out[static_cast<std::size_t>(pop_lsb(b))] = static_cast<char>(letter - 'A' + 'a');
    }
    return out;
}

int Position::color_on(int square) const {
    if (by_color[white] & bit(square))
        return white;
    if (by_color[black] & bit(square))
        return black;
    return -1;
}

Bitboard Position::attackers(int square, int by, Bitboard occupied) const {
    const Bitboard them = by_color[by];
    const Bitboard queens = by_type[int(PieceType::Queen)];
    return them & ((knight_attacks(square) & by_type[int(PieceType::Knight)]) |
                   (king_attacks(square) & by_type[int(PieceType::King)]) |
                   (pawn_attacks(by ^ 1, square) & by_type[int(PieceType::Pawn)]) |
                   (bishop_attacks(square, occupied) & (by_type[int(PieceType::Bishop)] | queens)) |
                   (rook_attacks(square, occupied) & (by_type[int(PieceType::Rook)] | queens)));
}

std::uint8_t Position::castling_after(int from, int to, PieceType moving) const {
    if (!chess960)
        return static_cast<std::uint8_t>(castling & castling_masks.keep[from] &
                                         castling_masks.keep[to]);
    // Chess960: king and rooks start on squares of their own (FIDE Laws, Guidelines II.2), so
    // the rights lost are found from the king that moves and the rooks each right names.
    std::uint8_t kept = castling;
    if (moving == PieceType::King)
        kept &= side == white ? std::uint8_t{black_king_side | black_queen_side}
                              : std::uint8_t{white_king_side | white_queen_side};
    for (int right = 0; right < castling_right_count; ++right)
        if (castling_rook[static_cast<std::size_t>(right)] == from ||
            castling_rook[static_cast<std::size_t>(right)] == to)
            kept &= static_cast<std::uint8_t>(~(1 << right));
    return kept;
}

// Chess960 castling (FIDE Laws, Guidelines II.3.2): the king may land where its rook stood and
// either piece may stay where it is, so both leave the board before both are put back.
void Position::play_chess960_castling(Move move) {
    const int us = side;
    const bool king_side = move.to() > move.from();
    const Bitboard before = bit(move.from()) | bit(move.to());
    const int king_to = castled_king_square(us, king_side);
    const int rook_to = castled_rook_square(us, king_side);
    Bitboard& kings = by_type[int(PieceType::King)];
    Bitboard& rooks = by_type[int(PieceType::Rook)];
    kings = (kings & ~bit(move.from())) | bit(king_to);
    rooks = (rooks & ~bit(move.to())) | bit(rook_to);
    by_color[us] = (by_color[us] & ~before) | bit(king_to) | bit(rook_to);
    if (halfmove_clock < max_halfmove_clock)
        ++halfmove_clock;
    en_passant = no_square;
    castling &= us == white ? std::uint8_t{black_king_side | black_queen_side}
                            : std::uint8_t{white_king_side | white_queen_side};
    if (us == black && fullmove_number < max_fullmove_number)
        ++fullmove_number;
    side = us ^ 1;
}

void Position::play(Move move) {
    if (move.kind() == MoveKind::Castling && chess960)
        return play_chess960_castling(move);
    const int us = side;
    const int them = us ^ 1;
    const int from = move.from();
    const int to = move.to();
    const PieceType moving = type_on(from);
    const Bitboard from_to = bit(from) | bit(to);

    if (halfmove_clock < max_halfmove_clock)
        ++halfmove_clock;
    if (move.kind() == MoveKind::EnPassant) {
        const int victim = to + (us == white ? -8 : 8);
        by_type[int(PieceType::Pawn)] ^= bit(victim);
        by_color[them] ^= bit(victim);
    } else if (by_color[them] & bit(to)) {
        by_type[int(type_on(to))] ^= bit(to);
        by_color[them] ^= bit(to);
        halfmove_clock = 0;
    }
    by_type[int(moving)] ^= from_to;
    by_color[us] ^= from_to;

    if (move.kind() == MoveKind::Promotion) {
        by_type[int(PieceType::Pawn)] ^= bit(to);
        by_type[int(move.promotion())] ^= bit(to);
    } else if (move.kind() == MoveKind::Castling) {
        const bool king_side = to > from;
        const int rook_from = king_side ? to + 1 : to - 2;
        const int rook_to = king_side ? to - 1 : to + 1;
        const Bitboard rook_move = bit(rook_from) | bit(rook_to);
        by_type[int(PieceType::Rook)] ^= rook_move;
        by_color[us] ^= rook_move;
    }

    en_passant = no_square;
    if (moving == PieceType::Pawn) {
        halfmove_clock = 0;
        if ((from ^ to) == 16)
            en_passant = (from + to) / 2;
    }
    castling = castling_after(from, to, moving);
    if (us == black && fullmove_number < max_fullmove_number)
        ++fullmove_number;
    side = them;
}

Position start_position() {
    ensure_attack_tables();
    Position p;
    constexpr PieceType back_rank[8] = {PieceType::Rook,   PieceType::Knight, PieceType::Bishop,
                                        PieceType::Queen,  PieceType::King,   PieceType::Bishop,
                                        PieceType::Knight, PieceType::Rook};
    for (int file = 0; file < 8; ++file) {
        p.put(white, back_rank[file], make_square(file, 0));
        p.put(white, PieceType::Pawn, make_square(file, 1));
        p.put(black, PieceType::Pawn, make_square(file, 6));
        p.put(black, back_rank[file], make_square(file, 7));
    }
    p.castling = white_king_side | white_queen_side | black_king_side | black_queen_side;
    return p;
}

} // namespace rules::chess
