#pragma once
// The accounts as the game service reads them (PlayOptions::accounts), from the database. A
// store is asked of the backend for each question, on the lobby strand (SQLite opens a
// connection, PostgreSQL lends one of its pool), so no connection crosses threads; the
// questions are rare (a challenge, a seek), never on the move path. `backend` must outlive
// the service.

#include "server/play/play_service.h"
#include "storage/backend.h"

namespace server::play {

AccountLookup account_lookup(const storage::Backend& backend);

} // namespace server::play
