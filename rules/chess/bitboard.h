#pragma once
// Bitboards: one bit per square, a1 = bit 0, b1 = bit 1, …, h8 = bit 63. The attack tables
// every move generator needs (leapers precomputed, sliders by magic multiplication) live
// behind the functions below; build_attack_tables() must have run once before any of them is
// used (ensure_attack_tables() does that, thread-safe, from every entry point).

#include <bit>
#include <cstdint>

namespace rules::chess {

using Bitboard = std::uint64_t;

constexpr int no_square = 64;

constexpr Bitboard bit(int square) {
    return Bitboard{1} << square;
}
constexpr int file_of(int square) {
    return square & 7;
}
constexpr int rank_of(int square) {
    return square >> 3;
}
constexpr int make_square(int file, int rank) {
    return rank * 8 + file;
}
inline int lsb(Bitboard b) {
    return std::countr_zero(b);
}
inline int popcount(Bitboard b) {
    return std::popcount(b);
}
inline int pop_lsb(Bitboard& b) {
    const int square = lsb(b);
    b &= b - 1;
    return square;
}
constexpr bool more_than_one(Bitboard b) {
    return (b & (b - 1)) != 0;
}

constexpr Bitboard file_a = 0x0101010101010101ULL;
constexpr Bitboard file_h = file_a << 7;
constexpr Bitboard rank_1 = 0xFFULL;
constexpr Bitboard rank_8 = rank_1 << 56;
constexpr Bitboard dark_squares = 0xAA55AA55AA55AA55ULL; // a1 is dark

// One slider's lookup for one square: the relevant occupancy bits times the magic number,
// shifted, index the attack table.
struct Magic {
    Bitboard mask = 0;
    Bitboard magic = 0;
    const Bitboard* attacks = nullptr;
    unsigned shift = 0;

    unsigned index(Bitboard occupied) const {
        return static_cast<unsigned>(((occupied & mask) * magic) >> shift);
    }
};

struct AttackTables {
    Bitboard knight[64];
    Bitboard king[64];
    Bitboard pawn[2][64];     // [color][square]: the squares a pawn of that colour attacks
    Bitboard between[64][64]; // squares strictly between two aligned squares, else 0
    Bitboard line[64][64];    // the whole line through two aligned squares, else 0
    Magic rook[64];
    Magic bishop[64];
};

extern AttackTables tables;

void ensure_attack_tables();

inline Bitboard knight_attacks(int square) {
    return tables.knight[square];
}
inline Bitboard king_attacks(int square) {
    return tables.king[square];
}
inline Bitboard pawn_attacks(int color, int square) {
    return tables.pawn[color][square];
}
inline Bitboard between(int a, int b) {
    return tables.between[a][b];
}
inline Bitboard line_through(int a, int b) {
    return tables.line[a][b];
}
inline Bitboard rook_attacks(int square, Bitboard occupied) {
    const Magic& m = tables.rook[square];
    return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(int square, Bitboard occupied) {
    const Magic& m = tables.bishop[square];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(int square, Bitboard occupied) {
    return rook_attacks(square, occupied) | bishop_attacks(square, occupied);
}

} // namespace rules::chess
