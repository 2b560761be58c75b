#pragma once
// Square numbers, algebraic names and grid cells of every diagonal variant: the one place
// where a federation's numbering is written down. Internal square s (0-based) is row
// s / (N/2), k = s % (N/2), row 0 being Black's side; on a standard board its column as White
// sees it is 2k + 1 on even rows and 2k on odd rows.
//
// Standard (PDN, FMJD; also English, Russian, Brazilian, pool, Czech, the giveaway games):
// White at the bottom, a dark square at White's lower left, 1 at the far left, numbered left
// to right and away from White.
//
//   10 x 10 (international, antidraughts)          8 x 8
//      a  b  c  d  e  f  g  h  i  j                 a  b  c  d  e  f  g  h
//   10 .  1  .  2  .  3  .  4  .  5              8  .  1  .  2  .  3  .  4     Black
//    9 6  .  7  .  8  .  9  . 10  .              7  5  .  6  .  7  .  8  .
//    8 . 11  . 12  . 13  . 14  . 15              6  .  9  . 10  . 11  . 12
//    7 16 . 17  . 18  . 19  . 20  .              5 13  . 14  . 15  . 16  .
//    6 . 21  . 22  . 23  . 24  . 25              4  . 17  . 18  . 19  . 20
//    5 26 . 27  . 28  . 29  . 30  .              3 21  . 22  . 23  . 24  .
//    4 . 31  . 32  . 33  . 34  . 35              2  . 25  . 26  . 27  . 28
//    3 36 . 37  . 38  . 39  . 40  .              1 29  . 30  . 31  . 32  .     White
//    2 . 41  . 42  . 43  . 44  . 45
//    1 46 . 47  . 48  . 49  . 50  .   Black starts on 1-20, White on 31-50.
//
// Italian (FID): the board is turned so that the dark corner square is at each player's
// right (h1 playable); numbered from Black's corner (a8) to the right and downward.
// Black starts on 1-12, White on 21-32.
//
//      a  b  c  d  e  f  g  h
//   8  1  .  2  .  3  .  4  .      Black
//   7  .  5  .  6  .  7  .  8
//   6  9  . 10  . 11  . 12  .
//   5  . 13  . 14  . 15  . 16
//   4 17  . 18  . 19  . 20  .
//   3  . 21  . 22  . 23  . 24
//   2 25  . 26  . 27  . 28  .
//   1  . 29  . 30  . 31  . 32      White
//
// Spanish (FEDA): played on the light squares with the long diagonal (a8-h1) at each
// player's right, which is the Italian geometry; numbered from White's right corner (h1)
// right to left and upward: h1 f1 d1 b1 = 1 2 3 4, g2 e2 c2 a2 = 5 6 7 8, ...,
// g8 e8 c8 a8 = 29 30 31 32. White starts on 1-12, Black on 21-32.
//
//      a  b  c  d  e  f  g  h
//   8 32  . 31  . 30  . 29  .      Black
//   7  . 28  . 27  . 26  . 25
//   6 24  . 23  . 22  . 21  .
//   5  . 20  . 19  . 18  . 17
//   4 16  . 15  . 14  . 13  .
//   3  . 12  . 11  . 10  .  9
//   2  8  .  7  .  6  .  5  .
//   1  .  4  .  3  .  2  .  1      White
//
// The Italian and Spanish boards are the mirror image of the standard one (column c shown
// at N - 1 - c); the rules are symmetric, so the move generator is the same.

#include "rules/draughts/board.h"
#include "rules/draughts/variants.h"

#include <optional>
#include <string>
#include <string_view>

namespace rules::draughts {

// The federation's number of an internal square (1-based).
int square_number(const Rules& rules, int square);
// The internal square of a federation number; nullopt when out of range.
std::optional<int> square_from_number(const Rules& rules, int number);

// The column of an internal square as White sees the board (0 = White's left).
int display_column(const Rules& rules, int square);
// The BoardView cell (row * N + column) of an internal square.
int square_cell(const Rules& rules, int square);

// Whether an internal square lies on the long diagonal, the corner-to-corner diagonal of
// playing squares: a1-h8 on the standard board, a8-h1 on the mirrored Italian and Spanish
// boards (the same internal squares, whose standard column is N - 1 - row). The draw rules
// read it (draw_rules.cpp: the Russian three kings, the Spanish River).
bool on_long_diagonal(const Rules& rules, int square);

// "c3" style names, the column letter from White's left and the row counted from White.
std::string algebraic_name(const Rules& rules, int square);
std::optional<int> square_from_algebraic(const Rules& rules, std::string_view name);

} // namespace rules::draughts
