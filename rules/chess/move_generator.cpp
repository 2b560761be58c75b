#include "rules/chess/move_generator.h"

#include <algorithm>

namespace rules::chess {
namespace {

constexpr Bitboard rank_of_bitboard(int rank) {
    return rank_1 << (8 * rank);
}

// Squares the pieces of `by` attack, for the king's moves: the king of the other side is taken
// off the board so it cannot hide behind itself from a slider.
Bitboard attacked_squares(const Position& p, int by, Bitboard occupied) {
    Bitboard attacked = 0;
    const Bitboard pawns = p.pieces(by, PieceType::Pawn);
    attacked |= by == white ? ((pawns & ~file_a) << 7) | ((pawns & ~file_h) << 9)
                            : ((pawns & ~file_a) >> 9) | ((pawns & ~file_h) >> 7);
    for (Bitboard b = p.pieces(by, PieceType::Knight); b;)
        attacked |= knight_attacks(pop_lsb(b));
    const Bitboard queens = p.pieces(by, PieceType::Queen);
    for (Bitboard b = p.pieces(by, PieceType::Bishop) | queens; b;)
        attacked |= bishop_attacks(pop_lsb(b), occupied);
    for (Bitboard b = p.pieces(by, PieceType::Rook) | queens; b;)
        attacked |= rook_attacks(pop_lsb(b), occupied);
    attacked |= king_attacks(p.king_square(by));
    return attacked;
}

// The pieces of `us` that stand alone between their king and an enemy slider.
Bitboard pinned_pieces(const Position& p, int us, int king) {
    const int them = us ^ 1;
    const Bitboard queens = p.pieces(them, PieceType::Queen);
    Bitboard snipers =
        (rook_attacks(king, p.by_color[them]) & (p.pieces(them, PieceType::Rook) | queens)) |
        (bishop_attacks(king, p.by_color[them]) & (p.pieces(them, PieceType::Bishop) | queens));
    const Bitboard occupied = p.occupied();
    Bitboard pinned = 0;
    while (snipers) {
        const Bitboard blockers = between(king, pop_lsb(snipers)) & occupied;
        if (blockers && !more_than_one(blockers))
            pinned |= blockers & p.by_color[us];
    }
    return pinned;
}

Move* add_targets(Move* out, int from, Bitboard targets) {
    while (targets)
        *out++ = Move::make(from, pop_lsb(targets));
    return out;
}

Move* add_promotions(Move* out, int from, int to) {
    *out++ = Move::make(from, to, MoveKind::Promotion, PieceType::Queen);
    *out++ = Move::make(from, to, MoveKind::Promotion, PieceType::Rook);
    *out++ = Move::make(from, to, MoveKind::Promotion, PieceType::Bishop);
    *out++ = Move::make(from, to, MoveKind::Promotion, PieceType::Knight);
    return out;
}

// An en passant capture takes two pawns off one rank at once, so the pin test above cannot
// see every exposure (3.7.3.1 with 3.9): the king is checked on the board after the capture.
bool en_passant_is_legal(const Position& p, int us, int king, int from, int to) {
    const int them = us ^ 1;
    const int victim = to + (us == white ? -8 : 8);
    const Bitboard occupied = (p.occupied() ^ bit(from) ^ bit(victim)) | bit(to);
    const Bitboard queens = p.pieces(them, PieceType::Queen);
    return !(rook_attacks(king, occupied) & (p.pieces(them, PieceType::Rook) | queens)) &&
           !(bishop_attacks(king, occupied) & (p.pieces(them, PieceType::Bishop) | queens));
}

template <int Us>
Move* generate_pawn_moves(const Position& p, Move* out, int king, Bitboard pinned,
                          Bitboard check_mask, Bitboard checkers) {
    constexpr int them = Us ^ 1;
    constexpr int up = Us == white ? 8 : -8;
    constexpr Bitboard promotion_rank = Us == white ? rank_8 : rank_1;
    constexpr Bitboard third_rank = rank_of_bitboard(Us == white ? 2 : 5);
    const Bitboard empty = ~p.occupied();
    const Bitboard enemies = p.by_color[them] & check_mask;
    const Bitboard pawns = p.pieces(Us, PieceType::Pawn);

    auto shift_up = [](Bitboard b) { return Us == white ? b << 8 : b >> 8; };
    auto allowed = [&](int from, int to) {
        return !(pinned & bit(from)) || (line_through(king, from) & bit(to));
    };

    const Bitboard single = shift_up(pawns) & empty;
    const Bitboard double_step = shift_up(single & third_rank) & empty & check_mask;
    for (Bitboard b = single & check_mask; b;) {
        const int to = pop_lsb(b);
        const int from = to - up;
        if (!allowed(from, to))
            continue;
        if (bit(to) & promotion_rank)
            out = add_promotions(out, from, to);
        else
            *out++ = Move::make(from, to);
    }
    for (Bitboard b = double_step; b;) {
        const int to = pop_lsb(b);
        if (allowed(to - 2 * up, to))
            *out++ = Move::make(to - 2 * up, to);
    }
    for (Bitboard b = pawns; b;) {
        const int from = pop_lsb(b);
        for (Bitboard t = pawn_attacks(Us, from) & enemies; t;) {
            const int to = pop_lsb(t);
            if (!allowed(from, to))
                continue;
            if (bit(to) & promotion_rank)
                out = add_promotions(out, from, to);
            else
                *out++ = Move::make(from, to);
        }
    }
    if (p.en_passant != no_square) {
        const int to = p.en_passant;
        const int victim = to - up;
        // In check, en passant answers it only by taking the checking pawn or blocking.
        if ((check_mask & bit(to)) || (checkers & bit(victim))) {
            for (Bitboard b = pawn_attacks(them, to) & pawns; b;) {
                const int from = pop_lsb(b);
                if (en_passant_is_legal(p, Us, king, from, to))
                    *out++ = Move::make(from, to, MoveKind::EnPassant);
            }
        }
    }
    return out;
}

// Castling (FIDE 3.8.2): rights intact, squares between king and rook empty, the king not in
// check and not crossing or landing on an attacked square.
template <int Us> Move* generate_castling(const Position& p, Move* out, Bitboard attacked) {
    constexpr int king = Us == white ? 4 : 60;
    constexpr std::uint8_t king_side = Us == white ? white_king_side : black_king_side;
    constexpr std::uint8_t queen_side = Us == white ? white_queen_side : black_queen_side;
    const Bitboard occupied = p.occupied();
    if ((p.castling & king_side) && !(occupied & (bit(king + 1) | bit(king + 2))) &&
        !(attacked & (bit(king + 1) | bit(king + 2))))
        *out++ = Move::make(king, king + 2, MoveKind::Castling);
    if ((p.castling & queen_side) &&
        !(occupied & (bit(king - 1) | bit(king - 2) | bit(king - 3))) &&
        !(attacked & (bit(king - 1) | bit(king - 2))))
        *out++ = Move::make(king, king - 2, MoveKind::Castling);
    return out;
}

// Chess960 castling (FIDE Laws, Guidelines II.3): king and rook end on the squares of
// standard chess (king g1 and rook f1, or king c1 and rook d1), whatever squares they start
// from. Every square between the king's start and end squares and between the rook's start and
// end squares, the end squares included, must be empty but for the castling king and rook; the
// king may not castle out of check (the caller asks only when not in check), nor cross or land
// on an attacked square. The sub-articles past II.3.2 that state these conditions could not be
// checked by number; the conditions are those of standard castling (3.8.2) read for any start.
template <int Us>
Move* generate_chess960_castling(const Position& p, Move* out, Bitboard attacked) {
    constexpr int them = Us ^ 1;
    const int king = p.king_square(Us);
    const Bitboard occupied = p.occupied();
    for (const bool king_side : {true, false}) {
        const int right = Us == white ? (king_side ? 0 : 1) : (king_side ? 2 : 3);
        if (!(p.castling & (1 << right)))
            continue;
        const int rook = p.castling_rook[static_cast<std::size_t>(right)];
        const int king_to = castled_king_square(Us, king_side);
        const int rook_to = castled_rook_square(Us, king_side);
        const Bitboard king_path = between(king, king_to) | bit(king_to);
        const Bitboard must_be_empty =
            (king_path | between(rook, rook_to) | bit(rook_to)) & ~(bit(king) | bit(rook));
        if ((occupied & must_be_empty) || (attacked & king_path))
            continue;
        // The rook may have stood between the king's end square and an enemy rook or queen on
        // the rank (king c1, rook b1, queen a1): after castling the king would be in check
        // (3.9), which `attacked`, computed with the rook in place, cannot show.
        const Bitboard after = (occupied ^ bit(king) ^ bit(rook)) | bit(king_to) | bit(rook_to);
        if (rook_attacks(king_to, after) &
            (p.pieces(them, PieceType::Rook) | p.pieces(them, PieceType::Queen)))
            continue;
        *out++ = Move::make(king, rook, MoveKind::Castling);
    }
    return out;
}

template <int Us> Move* generate(const Position& p, Move* out) {
    constexpr int them = Us ^ 1;
    const Bitboard us_bb = p.by_color[Us];
    const Bitboard occupied = p.occupied();
    const int king = p.king_square(Us);
    const Bitboard checkers = p.attackers(king, them, occupied);
    const Bitboard attacked = attacked_squares(p, them, occupied ^ bit(king));

    out = add_targets(out, king, king_attacks(king) & ~us_bb & ~attacked);
    if (more_than_one(checkers))
        return out; // double check: only the king may move

    const Bitboard check_mask = checkers ? between(king, lsb(checkers)) | checkers : ~Bitboard{0};
    const Bitboard targets = ~us_bb & check_mask;
    const Bitboard pinned = pinned_pieces(p, Us, king);

    out = generate_pawn_moves<Us>(p, out, king, pinned, check_mask, checkers);
    for (Bitboard b = p.pieces(Us, PieceType::Knight) & ~pinned; b;) {
        const int from = pop_lsb(b);
        out = add_targets(out, from, knight_attacks(from) & targets);
    }
    const Bitboard queens = p.pieces(Us, PieceType::Queen);
    for (Bitboard b = p.pieces(Us, PieceType::Bishop) | queens; b;) {
        const int from = pop_lsb(b);
        Bitboard t = bishop_attacks(from, occupied) & targets;
        if (pinned & bit(from))
            t &= line_through(king, from);
        out = add_targets(out, from, t);
    }
    for (Bitboard b = p.pieces(Us, PieceType::Rook) | queens; b;) {
        const int from = pop_lsb(b);
        Bitboard t = rook_attacks(from, occupied) & targets;
        if (pinned & bit(from))
            t &= line_through(king, from);
        out = add_targets(out, from, t);
    }
    if (!checkers && p.castling)
        out = p.chess960 ? generate_chess960_castling<Us>(p, out, attacked)
                         : generate_castling<Us>(p, out, attacked);
    return out;
}

} // namespace

void generate_legal(const Position& position, MoveList& list) {
    Move* end = position.side == white ? generate<white>(position, list.moves)
                                       : generate<black>(position, list.moves);
    list.size = static_cast<int>(end - list.moves);
}

bool has_legal_en_passant(const Position& position) {
    if (position.en_passant == no_square)
        return false;
    MoveList list;
    generate_legal(position, list);
    return has_en_passant(list);
}

bool has_en_passant(const MoveList& legal) {
    return std::any_of(legal.begin(), legal.end(),
                       [](Move move) { return move.kind() == MoveKind::EnPassant; });
}

} // namespace rules::chess
