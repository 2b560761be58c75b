#include "engine/chess_evaluation.h"

#include <algorithm>

namespace engine {
namespace {

using rules::chess::Bitboard;
using rules::chess::PieceType;
namespace c = rules::chess;

// Middlegame and endgame material (pawn = 100 in the middlegame): the usual textbook scale,
// with rooks and pawns gaining in the endgame as the board empties.
constexpr int material_mg[6] = {100, 320, 330, 490, 950, 0};
constexpr int material_eg[6] = {120, 300, 320, 530, 980, 0};
// Game phase: 24 with all pieces on the board, 0 with pawns and kings only.
constexpr int phase_weight[6] = {0, 1, 1, 2, 4, 0};

// Distance from the centre of the board, 0 (d4, e4, d5, e5) to 3 (corners, edges).
constexpr int centre_distance(int square) {
    const int f = c::file_of(square);
    const int r = c::rank_of(square);
    const int df = f < 4 ? 3 - f : f - 4;
    const int dr = r < 4 ? 3 - r : r - 4;
    return df > dr ? df : dr;
}

// Piece-square values for White (square from White's side); Black's are mirrored. Built from
// a few principles rather than tables: knights and bishops want the centre, pawns want to
// advance (the centre pawns first), rooks want the seventh rank, the king hides on its wing
// in the middlegame and walks to the centre in the endgame.
struct SquareTables {
    int mg[6][64] = {};
    int eg[6][64] = {};
    constexpr SquareTables() {
        for (int s = 0; s < 64; ++s) {
            const int f = c::file_of(s);
            const int r = c::rank_of(s);
            const int d = centre_distance(s);
            const bool centre_file = f == 3 || f == 4;
            mg[0][s] = r == 0 || r == 7 ? 0
                                        : (r - 1) * 4 + (centre_file && r >= 2 ? 12 : 0) +
                                              (centre_file && r == 1 ? -8 : 0);
            eg[0][s] = r == 0 || r == 7 ? 0 : (r - 1) * (r - 1) * 4;
            mg[1][s] = 20 - 12 * d - (r == 0 ? 8 : 0);
            eg[1][s] = 15 - 10 * d;
            mg[2][s] = 12 - 6 * d - (r == 0 ? 6 : 0);
            eg[2][s] = 10 - 5 * d;
            mg[3][s] =
                (r == 6 ? 18 : 0) + (centre_file && r == 0 ? 6 : 0) - (f == 0 || f == 7 ? 2 : 0);
            eg[3][s] = r == 6 ? 10 : 0;
            mg[4][s] = 4 - 3 * d;
            eg[4][s] = 12 - 6 * d;
            const bool wing = f <= 2 || f >= 6;
            mg[5][s] = (r == 0 ? (wing ? 25 : 0) : -18 * r) - (f == 3 || f == 4 ? 10 : 0);
            eg[5][s] = 30 - 14 * d - (r == 0 || r == 7 ? 8 : 0);
        }
    }
};
constexpr SquareTables tables;

constexpr Bitboard file_mask(int f) {
    return c::file_a << f;
}

// Squares in front of a pawn on its own and the neighbouring files: no enemy pawn there
// makes it passed.
Bitboard passed_span(int color, int square) {
    const int f = c::file_of(square);
    Bitboard files = file_mask(f);
    if (f > 0)
        files |= file_mask(f - 1);
    if (f < 7)
        files |= file_mask(f + 1);
    const int r = c::rank_of(square);
    const Bitboard ahead = color == c::white ? (r == 7 ? 0 : ~Bitboard{0} << (8 * (r + 1)))
                                             : (Bitboard{1} << (8 * r)) - 1;
    return files & ahead;
}

struct Score {
    int mg = 0;
    int eg = 0;
};

Score pawn_structure(const c::Position& p, int color) {
    Score s;
    const Bitboard own = p.pieces(color, PieceType::Pawn);
    const Bitboard enemy = p.pieces(color ^ 1, PieceType::Pawn);
    for (Bitboard b = own; b;) {
        const int sq = c::pop_lsb(b);
        const int f = c::file_of(sq);
        const int advance = color == c::white ? c::rank_of(sq) : 7 - c::rank_of(sq);
        if (!(passed_span(color, sq) & enemy)) {
            s.mg += 5 + advance * advance;
            s.eg += 10 + advance * advance * 3;
        }
        Bitboard neighbours = 0;
        if (f > 0)
            neighbours |= file_mask(f - 1);
        if (f < 7)
            neighbours |= file_mask(f + 1);
        if (!(own & neighbours)) {
            s.mg -= 10;
            s.eg -= 12;
        }
    }
    for (int f = 0; f < 8; ++f) {
        const int on_file = c::popcount(own & file_mask(f));
        if (on_file > 1) {
            s.mg -= 12 * (on_file - 1);
            s.eg -= 20 * (on_file - 1);
        }
    }
    for (Bitboard b = p.pieces(color, PieceType::Rook); b;) {
        const Bitboard file = file_mask(c::file_of(c::pop_lsb(b)));
        if (!(file & own))
            s.mg += (file & enemy) ? 10 : 20;
    }
    if (c::popcount(p.pieces(color, PieceType::Bishop)) >= 2) {
        s.mg += 30;
        s.eg += 45;
    }
    return s;
}

// Mobility: squares each piece attacks that are neither its own pieces nor attacked by enemy
// pawns, counted from a typical number so that an average piece scores about zero.
Score mobility(const c::Position& p, int color) {
    constexpr int typical[6] = {0, 4, 6, 6, 12, 0};
    constexpr int weight_mg[6] = {0, 4, 4, 2, 1, 0};
    constexpr int weight_eg[6] = {0, 4, 5, 4, 2, 0};
    const Bitboard occupied = p.occupied();
    const Bitboard enemy_pawns = p.pieces(color ^ 1, PieceType::Pawn);
    const Bitboard pawn_guarded =
        color == c::white ? ((enemy_pawns & ~c::file_a) >> 9) | ((enemy_pawns & ~c::file_h) >> 7)
                          : ((enemy_pawns & ~c::file_a) << 7) | ((enemy_pawns & ~c::file_h) << 9);
    const Bitboard allowed = ~p.by_color[color] & ~pawn_guarded;
    Score s;
    for (int t = 1; t <= 4; ++t) {
        for (Bitboard b = p.pieces(color, static_cast<PieceType>(t)); b;) {
            const int sq = c::pop_lsb(b);
            const Bitboard attacks = t == 1   ? c::knight_attacks(sq)
                                     : t == 2 ? c::bishop_attacks(sq, occupied)
                                     : t == 3 ? c::rook_attacks(sq, occupied)
                                              : c::queen_attacks(sq, occupied);
            const int count = c::popcount(attacks & allowed) - typical[t];
            s.mg += weight_mg[t] * count;
            s.eg += weight_eg[t] * count;
        }
    }
    return s;
}

// The pawns in front of a king on its wing (the three files around it, two ranks ahead):
// a middlegame term, worth nothing once the queens and rooks are gone (tapered).
int king_shelter(const c::Position& p, int color) {
    const int king = p.king_square(color);
    const int rank = c::rank_of(king);
    if (rank != (color == c::white ? 0 : 7))
        return -15;
    const int f = c::file_of(king);
    Bitboard files = file_mask(f);
    if (f > 0)
        files |= file_mask(f - 1);
    if (f < 7)
        files |= file_mask(f + 1);
    const Bitboard near_ranks = color == c::white ? (c::rank_1 << 8) | (c::rank_1 << 16)
                                                  : (c::rank_1 << 48) | (c::rank_1 << 40);
    return 12 * std::min(3, c::popcount(p.pieces(color, PieceType::Pawn) & files & near_ranks));
}

} // namespace

int chess_piece_value(PieceType type) {
    return type == PieceType::None ? 0 : material_mg[int(type)];
}

int evaluate_chess(const c::Position& p) {
    int mg = 0;
    int eg = 0;
    int phase = 0;
    for (int color = 0; color < 2; ++color) {
        const int sign = color == c::white ? 1 : -1;
        for (int t = 0; t < 6; ++t) {
            for (Bitboard b = p.pieces(color, static_cast<PieceType>(t)); b;) {
                const int sq = c::pop_lsb(b);
                const int own = color == c::white ? sq : sq ^ 56; // mirrored for Black
                mg += sign * (material_mg[t] + tables.mg[t][own]);
                eg += sign * (material_eg[t] + tables.eg[t][own]);
                phase += phase_weight[t];
            }
        }
        const Score s = pawn_structure(p, color);
        const Score m = mobility(p, color);
        mg += sign * (s.mg + m.mg + king_shelter(p, color));
        eg += sign * (s.eg + m.eg);
    }
    if (phase > 24)
        phase = 24;
    const int white_view = (mg * phase + eg * (24 - phase)) / 24;
    constexpr int tempo = 10;
    return (p.side == c::white ? white_view : -white_view) + tempo;
}

} // namespace engine
