#pragma once
// PGN export (PGN standard, sections 8.1 and 8.2): the seven-tag roster, Variant for
// Chess960 (as lichess and chess.com write it), SetUp and FEN when the game did not start from
// the standard position (always, for Chess960), then the moves in SAN with move numbers and
// the result, lines kept under 80 columns.

#include "rules/game.h"

#include <string>
#include <vector>

namespace rules::chess {

struct PgnGame {
    const RecordTags& tags;
    std::string variant;   // the Variant tag, "Chess960"; empty for standard chess
    std::string start_fen; // empty for the standard start position
    int first_move_number = 1;
    bool black_moves_first = false;
    const std::vector<std::string>& sans;
    std::string result; // "1-0", "0-1", "1/2-1/2" or "*"
};

std::string write_pgn(const PgnGame& game);

} // namespace rules::chess
