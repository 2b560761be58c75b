#pragma once
// A stored game as a record file: the moves replayed through the rules face (rules/game.h) and
// written as PGN (chess) or PDN (the draughts family, Turkish draughts and the halma family)
// with the stored names, date, result and termination. A game of more than two players names
// every seat (RecordTags::seats) and replays its stored leaves (Game::retire), so its record
// carries the Left tag that `tabula replay` reads back.

#include "rules/result.h"
#include "storage/records.h"

#include <string>
#include <string_view>

namespace server::accounts {

// "pgn" for chess, "pdn" for every other variant; empty for an unknown variant name.
std::string_view record_extension(std::string_view variant);

// The record of one game. Errors: "unknown_variant", "bad_position", "bad_stored_move" (the
// stored moves do not replay; the detail names the ply), "bad_stored_leave" (a stored leave
// the rules refuse, or one after the last move).
rules::Result<std::string> game_record(const storage::GameWithMoves& stored);

} // namespace server::accounts
