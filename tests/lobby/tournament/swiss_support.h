#pragma once
// Shared helpers of the Swiss tests: the absolute criteria checked on a paired round, and a
// seeded random tournament driver (random results, withdrawals, late entries, half-point
// byes, forbidden pairs).

#include "lobby/random.h"
#include "lobby/tournament/swiss.h"
#include "lobby/tournament/swiss_history.h"

#include <string>
#include <vector>

namespace lobby::tournament::testing {

// The record as it was before round `round` (1-based) was paired.
SwissRecord record_before(const SwissRecord& record, int round);

// What is wrong with round `round` of the record (C.04.3 C1 to C3; colours within
// +-2 and never three in a row for non-topscorers; floor(players / 2) games and a bye only for
// an odd count), or an empty list.
std::vector<std::string> round_problems(const SwissRecord& record, int round);

struct RandomTournament {
    Swiss swiss;
    int pairing_failures = 0;  // no_legal_pairing answers (the driver stops there)
    PairingRequest unpairable; // the request that was refused, if one was
};

// Plays a whole random tournament from `seed`, checking nothing itself.
RandomTournament play_random_swiss(std::uint64_t seed);

std::string player_id(int i);

// An exhaustive search, independent of the matching: does any pairing of these players meet
// the absolute criteria (may_meet, and a bye only for an odd count to a player allowed one)?
bool legal_pairing_exists(const PairingRequest& request);

} // namespace lobby::tournament::testing
