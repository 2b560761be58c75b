#pragma once
// Writes a Turkish draughts game as a PDN record (PDN 3.0 export form): the seven-tag roster,
// GameType 30 (Turkish draughts in the PDN GameType table), FEN when the game did not start
// from the standard position, then numbered moves and the result.

#include "rules/color.h"
#include "rules/game.h"

#include <string>
#include <string_view>
#include <vector>

namespace rules::turkish {

struct PdnGame {
    const RecordTags& tags;
    Outcome outcome;            // from the rules; tags.outcome overrides it
    std::string_view start_fen; // empty for the standard start position
    Color first_to_move = Color::White;
    const std::vector<std::string>& moves;
};

std::string write_pdn(const PdnGame& game);

} // namespace rules::turkish
