#pragma once
// The game record of the halma family: PDN-like, so rules/record/record_reader.h reads it.
//
//   [Event "Tabula game"]  [Site …]  [Date …]  [Round …]   as in PGN
//   [Seat1 "alice"] … [SeatN "…"]   the players in turn order (seat 1 moves first)
//   [Result "1-0"]                  two players: 1-0 seat 1 placed first, 0-1 seat 2,
//                                   1/2-1/2 a tie; more players: "*" (see Places)
//   [Variant "chinese-checkers-3"]
//   [FEN "…"]                       the start, when not the standard one (rules/halma/fen.h)
//   [Places "2,1,3"]                when over: the place of each seat in seat order
//   [Left "2@14,3@40"]              when a seat left (Game::retire): each leave in order as
//                                   seat@moves, the seat (from 1) and the moves played before
//                                   it; the movetext shows it as a comment {seat 2 left} there
//   [Termination "…"]               when the game ended outside the rules
//
// The movetext numbers rounds: a number stands before the first move and before each move
// whose seat does not come later in turn order than the previous mover's (the turn went
// round). Moves are from-to in cell names; the result token ends it.

#include "rules/game.h"

#include <string>
#include <vector>

namespace rules::halma {

// A seat's leave (Game::retire): the seat (from 0) and the moves played before it.
struct Leave {
    int seat = 0;
    int ply = 0;
};

struct RecordInput {
    const RecordTags& tags;
    Outcome outcome; // of the game, used unless tags.outcome is set
    int players = 2;
    std::string_view variant;
    std::string start_fen; // empty for the standard start
    const std::vector<std::string>& moves;
    const std::vector<int>& movers;   // the seat of each move
    const std::vector<Leave>& leaves; // in the order they happened
};

std::string write_record(const RecordInput& input);

} // namespace rules::halma
