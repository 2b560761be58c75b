#pragma once
// Writing a game's end on PostgreSQL, for the game writer (pg_game_writer.h): the result, the
// seats' places, the guests' token hashes cleared, the ladder challenge the game decides and
// the new ratings, all inside the caller's transaction and savepoint (a throw leaves the caller
// to roll it back). Row locks keep several nodes right: the players' `users` rows before their
// ratings are read (rating_rows.h), the ladder's row before its challenge is read and decided.

#include "storage/game_writer.h"
#include "storage/postgres/connection.h"
#include "storage/records.h"

#include <vector>

namespace storage::postgres {

// Writes the end and returns the ratings written. Throws StorageError for a game not in
// progress, places that do not fit, a ladder change refused, or a failing updater. `retrying`:
// the writer sends a batch again after a COMMIT whose outcome was unknown; an end found stored
// exactly as asked is then a success that writes nothing more, and returns the players' stored
// ratings (written with it the first time).
std::vector<RatingRow> write_game_end(Connection& db, const FinishGame& finish,
                                      const LadderDecider& decide, bool retrying);

} // namespace storage::postgres
