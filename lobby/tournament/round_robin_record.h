#pragma once
// A round robin as a SwissRecord with every round paired in advance from the Berger tables
// (round_robin.h), so that it is played, scored, ranked and exported with the Swiss machinery:
// Swiss::restore(record) gives the object that takes the results (record_result) and ranks
// (standings); write_trf exports it. It pairs nothing more (every round is paired already).
// Players are numbered in the order given (the draw); the player meeting the dummy of an odd
// count sits out with no points (Absence::NotPaired), as round robins score it.

#include "lobby/tournament/swiss_record.h"
#include "rules/result.h"

#include <string>
#include <vector>

namespace lobby::tournament {

// bad_settings for fewer than 2 or more than 64 players; tie-breaks as given in `settings`
// (its round count is replaced by the schedule's).
rules::Result<SwissRecord> round_robin_record(std::string name, std::vector<SwissEntrant> players,
                                              bool double_round, SwissSettings settings);

} // namespace lobby::tournament
