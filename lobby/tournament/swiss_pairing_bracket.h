#pragma once
// The search of one bracket of the Dutch pairing (lobby/tournament/swiss_pairing.h, items 4
// and 5): its candidates in the Dutch order, compared by the quality criteria C7 to C21 of
// C.04.3, the best kept, within a bound on the work. Pure.

#include "lobby/tournament/swiss_pairing_players.h"

#include <optional>
#include <utility>
#include <vector>

namespace lobby::tournament {

// A bracket, as local indices (ranks) of the DutchPairer.
struct BracketInput {
    std::vector<int> players;    // the MDPs first, then the residents, each in rank order
    int mdps = 0;                // how many of `players` moved down
    std::vector<int> below;      // every player of the lower scoregroups (C4)
    bool last = false;           // no player below
    std::vector<int> next_group; // the next scoregroup (C8)
};

struct BracketPairing {
    std::vector<std::pair<int, int>> pairs; // positions in BracketInput::players, higher first
    std::vector<int> floaters;              // positions, rank order
};

// The best candidate of exactly `pairs` pairs that leaves the rest pairable (C4), or nothing.
std::optional<BracketPairing> pair_bracket(const DutchPairer& pairer, const BracketInput& input,
                                           int pairs);

} // namespace lobby::tournament
