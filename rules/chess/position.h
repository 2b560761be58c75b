#pragma once
// A chess position as bitboards, and the moves that change it. A Position is a small value
// (a few bitboards and counters): copy it to try a move.

#include "rules/chess/bitboard.h"

#include <array>
#include <cstdint>

namespace rules::chess {

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };

constexpr int white = 0;
constexpr int black = 1;

// Castling rights, one bit each (FIDE 3.8.2.1: lost for good once king or rook has moved).
enum CastlingRight : std::uint8_t {
    white_king_side = 1,
    white_queen_side = 2,
    black_king_side = 4,
    black_queen_side = 8,
};

// The four rights in the order of their bits, which is also the order of Position::
// castling_rook and of the FEN castling field.
inline constexpr int castling_right_count = 4;

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

// A move in 16 bits: from (6), to (6), promotion piece (2: knight … queen), kind (2).
// Castling in standard chess is the king's move (e1g1), as in UCI. In Chess960 it is the king
// taking its own rook (b1a1, f1h1): the king's square alone cannot say which move is meant
// (a king on f1 may step to g1 or castle there), so UCI engines and this code write the king
// onto the castling rook (the UCI protocol's UCI_Chess960 convention).
struct Move {
    std::uint16_t bits = 0;

    static constexpr Move make(int from, int to, MoveKind kind = MoveKind::Normal,
                               PieceType promotion = PieceType::Knight) {
        return Move{static_cast<std::uint16_t>(from | (to << 6) |
                                               ((int(promotion) - int(PieceType::Knight)) << 12) |
                                               (int(kind) << 14))};
    }
    constexpr int from() const { return bits & 63; }
    constexpr int to() const { return (bits >> 6) & 63; }
    constexpr MoveKind kind() const { return static_cast<MoveKind>(bits >> 14); }
    constexpr PieceType promotion() const {
        return static_cast<PieceType>(((bits >> 12) & 3) + int(PieceType::Knight));
    }
    friend constexpr bool operator==(Move, Move) = default;
};

// The largest counters a FEN may carry: fen.cpp reads up to them and a position stops counting
// there, so every FEN written is read back. Far beyond any game actually played.
inline constexpr int max_fullmove_number = 999'999'999;
inline constexpr int max_halfmove_clock = 2 * max_fullmove_number;

struct Position {
    Bitboard by_type[6] = {};  // indexed by PieceType
    Bitboard by_color[2] = {}; // white, black
    int side = white;          // the side to move
    std::uint8_t castling = 0; // CastlingRight bits
    // Chess960 (FIDE Laws, Guidelines II): castling takes the rook of castling_rook and ends
    // with king and rook on the standard squares (move_generator.cpp). Standard chess keeps
    // its own fixed squares and reads nothing below but `chess960`.
    bool chess960 = false;
    // Chess960 only: the FEN names castling rooks by file (Shredder-FEN, "HAha") instead of
    // X-FEN's KQkq, so a FEN is written back the way it was read.
    bool shredder_fen = false;
    // The square of each right's rook, indexed by the right's bit number (K, Q, k, q).
    std::array<std::uint8_t, castling_right_count> castling_rook{7, 0, 63, 56};
    int en_passant = no_square; // the square a pawn skipped with its double step, if any
    int halfmove_clock = 0;     // plies since the last capture or pawn move (FIDE 9.3)
    int fullmove_number = 1;

    Bitboard occupied() const { return by_color[white] | by_color[black]; }
    Bitboard pieces(int color, PieceType type) const {
        return by_color[color] & by_type[int(type)];
    }
    int king_square(int color) const { return lsb(pieces(color, PieceType::King)); }

    PieceType type_on(int square) const;
    int color_on(int square) const; // white, black, or -1 when empty
    // The FEN letter of the piece on every square (a1 = 0), '.' on an empty one, in one pass
    // over the bitboards: what drawing the board and writing FEN read, once per move.
    std::array<char, 64> letters() const;

    // Pieces of `by` that attack `square` given the occupancy `occupied`.
    Bitboard attackers(int square, int by, Bitboard occupied) const;
    Bitboard checkers() const { return attackers(king_square(side), side ^ 1, occupied()); }
    bool in_check() const { return checkers() != 0; }

    void put(int color, PieceType type, int square) {
        by_type[int(type)] |= bit(square);
        by_color[color] |= bit(square);
    }

    // Plays a legal move (from the generator) on this position.
    void play(Move move);
    // The castling rights left after a move from `from` to `to` by a piece of `moving` type.
    std::uint8_t castling_after(int from, int to, PieceType moving) const;
    // play() for a castling move of a Chess960 position.
    void play_chess960_castling(Move move);

    friend bool operator==(const Position&, const Position&) = default;
};

// The standard start position.
Position start_position();

// Chess960 castling (FIDE Laws, Guidelines II.3): the squares king and rook end on, those of
// standard chess whatever squares they start from.
constexpr int castled_king_square(int color, bool king_side) {
    return make_square(king_side ? 6 : 2, color == white ? 0 : 7);
}
constexpr int castled_rook_square(int color, bool king_side) {
    return make_square(king_side ? 5 : 3, color == white ? 0 : 7);
}

} // namespace rules::chess
