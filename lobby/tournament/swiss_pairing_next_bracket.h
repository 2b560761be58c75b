#pragma once
// C8 of the Dutch pairing (lobby/tournament/swiss_pairing.h, item 5): the following bracket
// that a bracket's downfloaters make with the next scoregroup, judged by C6 and C7 there.
// Pure.

#include "lobby/tournament/swiss_pairing_players.h"

#include <vector>

namespace lobby::tournament {

// How the following bracket fares: how many players it cannot pair, and their scores.
struct NextBracket {
    int unpaired = 0;
    std::vector<Points> floater_scores; // highest first
};

// C8 ("every criterion from [C1] to [C7]" complied with in the following bracket): `players`
// (local indices), its `movers` MDPs first in rank order, then the residents of one
// scoregroup, judged by C6 and then C7, as the TEC's commentary on the 2026 text reads it
// (known here from a summary of it, not read): first how many players it cannot pair, by a
// maximum matching in which MDPs do not meet one another (3.3.1); then the scores of those
// players, highest first. C4 and C5 in that bracket (what its pairing leaves for the brackets
// below it, and the bye) are not looked at.
NextBracket judge_next_bracket(const DutchPairer& pairer, const std::vector<int>& players,
                               int movers);

} // namespace lobby::tournament
