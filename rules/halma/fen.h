#pragma once
// The position notation of the halma family, one line of colon-separated fields:
//
//   <seat to move>:<seat 1 cells>:…:<seat N cells>:<moves played>:<finished seats>[:<left>]
//
//   seat to move    1 to N, in turn order (1 moves first)
//   seat k cells    the cells of seat k's pieces, comma-separated, each named as in
//                   rules/halma/README.md; exactly the variant's number of pieces
//   moves played    moves since the game began, counted for the move limit
//   finished seats  the seats that have finished, comma-separated in finishing order, or "-"
//   left            more than two players only, and only once a seat has left (Game::retire):
//                   the seats that left, comma-separated in the order they left; a seat that
//                   left is never one that finished; at least one seat has not left
//
// Example, Chinese checkers for two, the start:
//   1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-
// Written canonically (cells in board order, numbers without leading zeros); read strictly:
// any other field count, an unknown or doubled cell, a wrong number of pieces, a finished
// list that contradicts the board, a left field that is "-" or names a seat twice or a
// finished seat, or a seat to move that has finished, has left or cannot move while the game
// goes on is an Error "bad_fen" saying which.

#include "rules/halma/layout.h"
#include "rules/halma/position.h"
#include "rules/result.h"

#include <string>
#include <string_view>

namespace rules::halma {

Result<Position> parse_position(const Layout& layout, std::string_view text);
std::string write_position(const Layout& layout, const Position& position);

} // namespace rules::halma
