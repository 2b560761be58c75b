#pragma once
// Draughts FEN as PDN 3.0 defines it, e.g. "W:W31-50:B1-20" (International start):
//   <side to move W|B> ":" <colour W|B><pieces> ":" <colour W|B><pieces> ["."]
// where <pieces> is a comma-separated list of squares in the variant's numbering
// (squares.h), each optionally prefixed by "K" for a king, and "a-b" stands for every square
// from a to b. Both colours appear once, in either order; a list may be empty. The 8 x 8
// games also accept algebraic squares ("W:Wc1,Kd2:Bb4"), as Russian and Czech records write.
// Reading is strict: anything else is an error with the reason. Square numbers have no
// leading zero ("05" is refused), and a side may have at most as many pieces as it starts
// with (20 on 10 x 10, 12 on 8 x 8: board.h, max_pieces_per_side), since no move adds one. Writing
// is canonical: White's list first, squares ascending, runs of three or more men as ranges, kings
// one by one.
//
// Frisian and Frysk! add the king-move counts (Rules::same_king_moves), which decide which
// moves are legal, in lidraughts' form: a last field "+<Black's count>[<square>]+<White's
// count>[<square>]", e.g. "W:WK28,31-49:B1-20:+0+228" (White's king on 28 has made two
// non-capturing moves in a row). A count is 0 to 3; a count above 0 names the square of one of
// that side's kings, and only a side with men has one. The field is written only when a count
// is above 0; "+0+0" is read (lidraughts writes it) and left out when written.

#include "rules/draughts/board.h"
#include "rules/draughts/variants.h"
#include "rules/result.h"

#include <string>
#include <string_view>

namespace rules::draughts {

Position start_position(const Rules& rules);
Result<Position> read_fen(const Rules& rules, std::string_view fen);
std::string write_fen(const Rules& rules, const Position& position);

} // namespace rules::draughts
