#include "rules/chess/material.h"

namespace rules::chess {
namespace {

bool only_same_coloured_bishops(const Position& p) {
    const Bitboard kings = p.by_type[int(PieceType::King)];
    const Bitboard others = p.occupied() & ~kings;
    if (others != p.by_type[int(PieceType::Bishop)])
        return false;
    return !(others & dark_squares) || !(others & ~dark_squares);
}

} // namespace

bool insufficient_material(const Position& p) {
    const Bitboard kings = p.by_type[int(PieceType::King)];
    const Bitboard others = p.occupied() & ~kings;
    const Bitboard minors = p.by_type[int(PieceType::Knight)] | p.by_type[int(PieceType::Bishop)];
    if (!more_than_one(others) && (others & ~minors) == 0)
        return true; // K v K, K+minor v K
    return only_same_coloured_bishops(p);
}

bool can_checkmate(const Position& p, int color) {
    const Bitboard kings = p.by_type[int(PieceType::King)];
    const Bitboard ours = p.by_color[color] & ~kings;
    const Bitboard theirs = p.by_color[color ^ 1] & ~kings;
    if (!ours)
        return false;
    if (!theirs && !more_than_one(ours) && (ours & p.by_type[int(PieceType::Knight)]))
        return false;
    return !only_same_coloured_bishops(p);
}

} // namespace rules::chess
