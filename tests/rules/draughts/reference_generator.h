#pragma once
// A second, deliberately simple move generator for the 10 x 10 variants whose perft counts the
// tests pin without a published source (killer, breakthrough, frisian, frysk). It shares no
// code with rules/draughts: a 10 x 10 grid of characters, every capture path enumerated by a
// plain depth-first search, the precedence rule applied to the finished list. It is slow and
// only for tests: a count both generators agree on is not the echo of one implementation.
//
// Rules as the tests read them (the sources are cited in rules/draughts/variants.h):
//   every variant: men step diagonally forward, kings fly diagonally, captures are compulsory
//   and go on while the capturing piece can take more, taken pieces stay (blocking) until the
//   move ends, a man is crowned only where its move ends.
//   international, killer, breakthrough: diagonal captures, the most pieces must be taken.
//   killer: a king whose last captured piece is a king lands on the first square behind it.
//   breakthrough: once a king stands on the board, nobody moves.
//   frisian, frysk: captures in eight directions (an orthogonal jump passes over the playing
//   square two columns or rows on); the highest value must be taken, n kings worth more than
//   2n - 1 men and less than 2n men; with equal value a king must capture; a side with men
//   may not make a fourth non-capturing move in a row with the same king.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace draughts_reference {

enum class Kind : std::uint8_t { International, Killer, Breakthrough, Frisian };

struct Board {
    std::array<char, 100> cell{}; // row * 10 + column, row 0 Black's side: '.', w, W, b, B
    bool black_to_move = false;
    // Frisian: per side (0 White, 1 Black), the king that made the last non-capturing moves
    // in a row (its cell, -1 for none) and how many.
    std::array<int, 2> king_cell{-1, -1};
    std::array<int, 2> king_moves{0, 0};
};

struct Move {
    int from = 0;
    int to = 0;
    std::vector<int> captured; // cells, sorted
    bool crowns = false;
};

// Reads "W:W31-50:B1-20" with K for kings and ranges, and the Frisian counter field
// ":+<black count>[<square>]+<white count>[<square>]" if present. Throws on bad input.
Board from_fen(std::string_view fen);

std::vector<Move> legal_moves(const Board& board, Kind kind);
Board apply(const Board& board, const Move& move, Kind kind);
std::uint64_t perft(const Board& board, Kind kind, int depth);

} // namespace draughts_reference
