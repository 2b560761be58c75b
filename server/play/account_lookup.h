#pragma once
// The accounts as the game service reads them (PlayOptions::accounts), from the database. The
// questions come on the lobby strand, rarely (a challenge, a seek), never on the move path.
//
// The lookups keep their stores between questions instead of asking the backend for new ones:
// a SQLite store owns its connection, so a kept store is a kept connection and no lookup opens
// one (a PostgreSQL store holds none: it leases one of its backend's pool per call). A store
// serves one question at a time (the stores' contract: one thread at a time); a store whose
// call threw is dropped, not kept (its connection may be the broken part), and the next
// question makes a new one. `backend` must outlive the service.

#include "server/play/play_service.h"
#include "storage/backend.h"

namespace server::play {

AccountLookup account_lookup(const storage::Backend& backend);

} // namespace server::play
