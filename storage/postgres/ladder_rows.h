#pragma once
// Writing ladder changes on PostgreSQL, shared by the ladder store and whatever else decides a
// ladder (a game writer that decides a ladder game's challenge with the game's end): the
// ladder's row lock, the standings, and a LadderChange (records.h) checked and written.
//
// Several nodes may change one ladder at once. Every writer of a ladder's standings,
// challenges or history first locks the ladder's row (lock_ladder, SELECT ... FOR UPDATE) in
// its transaction, then reads what it checks: under READ COMMITTED each statement sees what was
// committed before it started, and no other writer of the ladder commits until this
// transaction ends. Throws PgError (a StorageError) when the database fails.

#include "storage/postgres/connection.h"
#include "storage/records.h"

#include <optional>
#include <string>
#include <vector>

namespace storage::postgres {

// Locks the ladder's row until the caller's transaction ends. False: there is no such ladder.
bool lock_ladder(Connection& db, LadderId ladder);

// The ladder's players, top (rung 1) first.
std::vector<UserId> read_top_first(Connection& db, LadderId ladder);

// Why `change` can no longer be written: a challenge not in its `from` status (or of another
// ladder), or stored standings other than its `computed_from`. nullopt: it can. The caller
// holds the ladder's lock (lock_ladder), so that nothing changes between this and the write.
std::optional<std::string> ladder_change_refusal(Connection& db, const LadderChange& change);

// Writes `change` inside the caller's transaction, which holds the ladder's lock. Throws
// StorageError when ladder_change_refusal names a reason (nothing written) or a row is refused
// (part of it written: the caller rolls back).
void write_ladder_change(Connection& db, const LadderChange& change);

// write_ladder_change, answering a refusal with false (nothing written) instead of throwing.
bool try_write_ladder_change(Connection& db, const LadderChange& change);

} // namespace storage::postgres
