// Builds the attack tables once per process. Sliding attacks use "fancy" magic bitboards: for
// each square the occupancy bits that can block a slider (its mask) are multiplied by a magic
// number so that every blocker pattern lands on its own table entry. The magic numbers are not
// pasted from anywhere: they are searched for here, at startup, with a seeded generator, and
// each candidate is verified against slow ray-walked attacks for every blocker subset. The
// seeds below (one per square and slider) were chosen once by trying seeds 1, 2, 3, … until the
// search from that seed needed fewer than 3000 candidates, so startup takes milliseconds;
// any seed would give correct tables, only more slowly.
#include "rules/chess/bitboard.h"

#include <array>
#include <mutex>
#include <vector>

namespace rules::chess {

AttackTables tables;

namespace {

constexpr int rook_table_size = 102400; // sum over squares of 2^(mask bits)
constexpr int bishop_table_size = 5248;
Bitboard rook_table[rook_table_size];
Bitboard bishop_table[bishop_table_size];

constexpr std::array<std::array<int, 2>, 4> rook_directions{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr std::array<std::array<int, 2>, 4> bishop_directions{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

constexpr std::array<std::uint16_t, 64> rook_seeds{
    206, 2,  59, 334, 65, 415, 85,  35,  3,  4,  9,  1,  3,  15, 9,   4,   42, 46, 9,  29, 7,  126,
    12,  45, 41, 35,  10, 37,  127, 147, 15, 37, 11, 11, 9,  11, 130, 97,  4,  11, 15, 18, 77, 129,
    169, 15, 5,  61,  14, 17,  4,   1,   68, 59, 2,  7,  47, 30, 15,  255, 7,  54, 13, 9};
constexpr std::array<std::uint16_t, 64> bishop_seeds{
    5, 1, 1, 1, 1, 2, 1,  12, 1, 1, 1, 1, 1,  1,  1, 1,  1, 1, 6, 1, 6,  18,
    2, 1, 3, 2, 2, 8, 32, 1,  1, 1, 1, 1, 3,  16, 2, 10, 1, 2, 1, 1, 10, 2,
    3, 1, 1, 2, 1, 2, 2,  1,  2, 2, 6, 1, 12, 1,  1, 1,  2, 1, 1, 5};

bool on_board(int file, int rank) {
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// Attacks of a slider from `square` walking each direction until a blocker (included).
Bitboard slow_slider_attacks(int square, Bitboard occupied,
                             const std::array<std::array<int, 2>, 4>& directions) {
    Bitboard attacks = 0;
    for (const auto& [df, dr] : directions) {
        int f = file_of(square) + df;
        int r = rank_of(square) + dr;
        while (on_board(f, r)) {
            attacks |= bit(make_square(f, r));
            if (occupied & bit(make_square(f, r)))
                break;
            f += df;
            r += dr;
        }
    }
    return attacks;
}

// Squares whose occupancy matters: the rays without their last square (the board edge).
Bitboard relevant_mask(int square, const std::array<std::array<int, 2>, 4>& directions) {
    Bitboard mask = 0;
    for (const auto& [df, dr] : directions) {
        int f = file_of(square) + df;
        int r = rank_of(square) + dr;
        while (on_board(f + df, r + dr)) {
            mask |= bit(make_square(f, r));
            f += df;
            r += dr;
        }
    }
    return mask;
}

// xorshift64*: a small deterministic generator, seeded the same way every run.
class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 0x2545F4914F6CDD1DULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }

private:
    std::uint64_t state_;
};

// Finds a magic number for one square and fills its slice of the table.
void find_magic(int square, const std::array<std::array<int, 2>, 4>& directions, Magic& magic,
                Bitboard* table, SeededRandom& random) {
    magic.mask = relevant_mask(square, directions);
    const int bits = popcount(magic.mask);
    magic.shift = static_cast<unsigned>(64 - bits);
    magic.attacks = table;
    const std::size_t size = std::size_t{1} << bits;
    std::vector<Bitboard> occupancies(size);
    std::vector<Bitboard> reference(size);
    std::size_t n = 0;
    Bitboard subset = 0;
    do { // every subset of the mask (carry-rippler enumeration)
        occupancies[n] = subset;
        reference[n] = slow_slider_attacks(square, subset, directions);
        ++n;
        subset = (subset - magic.mask) & magic.mask;
    } while (subset != 0);

    std::vector<int> used_in_try(size, 0);
    for (int attempt = 1;; ++attempt) {
        magic.magic = random.sparse();
        if (popcount((magic.mask * magic.magic) >> 56) < 6)
            continue;
        bool collision = false;
        for (std::size_t i = 0; i < size && !collision; ++i) {
            const unsigned index = magic.index(occupancies[i]);
            if (used_in_try[index] != attempt) {
                used_in_try[index] = attempt;
                table[index] = reference[i];
            } else if (table[index] != reference[i]) {
                collision = true;
            }
        }
        if (!collision)
            return;
    }
}

void build_leaper_tables() {
    constexpr std::array<std::array<int, 2>, 8> knight_steps{
        {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
    constexpr std::array<std::array<int, 2>, 8> king_steps{
        {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
    for (int square = 0; square < 64; ++square) {
        const int f = file_of(square);
        const int r = rank_of(square);
        tables.knight[square] = 0;
        tables.king[square] = 0;
        for (const auto& [df, dr] : knight_steps)
            if (on_board(f + df, r + dr))
                tables.knight[square] |= bit(make_square(f + df, r + dr));
        for (const auto& [df, dr] : king_steps)
            if (on_board(f + df, r + dr))
                tables.king[square] |= bit(make_square(f + df, r + dr));
        tables.pawn[0][square] = 0;
        tables.pawn[1][square] = 0;
        for (int df : {-1, 1}) {
            if (on_board(f + df, r + 1))
                tables.pawn[0][square] |= bit(make_square(f + df, r + 1));
            if (on_board(f + df, r - 1))
                tables.pawn[1][square] |= bit(make_square(f + df, r - 1));
        }
    }
}

void build_line_tables() {
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            tables.between[a][b] = 0;
            tables.line[a][b] = 0;
            if (a == b)
                continue;
            for (const auto* directions : {&rook_directions, &bishop_directions}) {
                if (slow_slider_attacks(a, 0, *directions) & bit(b)) {
                    tables.line[a][b] = (slow_slider_attacks(a, 0, *directions) &
                                         slow_slider_attacks(b, 0, *directions)) |
                                        bit(a) | bit(b);
                    tables.between[a][b] = slow_slider_attacks(a, bit(b), *directions) &
                                           slow_slider_attacks(b, bit(a), *directions);
                }
            }
        }
    }
}

void build_attack_tables() {
    build_leaper_tables();
    build_line_tables();
    Bitboard* rook_next = rook_table;
    Bitboard* bishop_next = bishop_table;
    for (int square = 0; square < 64; ++square) {
        const auto index = static_cast<std::size_t>(square);
        SeededRandom rook_random(rook_seeds[index]);
        find_magic(square, rook_directions, tables.rook[square], rook_next, rook_random);
        rook_next += std::size_t{1} << popcount(tables.rook[square].mask);
        SeededRandom bishop_random(bishop_seeds[index]);
        find_magic(square, bishop_directions, tables.bishop[square], bishop_next, bishop_random);
        bishop_next += std::size_t{1} << popcount(tables.bishop[square].mask);
    }
}

} // namespace

void ensure_attack_tables() {
    static std::once_flag once;
    std::call_once(once, build_attack_tables);
}

} // namespace rules::chess
