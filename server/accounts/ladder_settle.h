#pragma once
// Settles what a crash or a failed write left of ladder games, from what is stored (issue 34).
// Every accepted challenge is looked at with the newest game stored for it:
// - its game has ended: the end decides the challenge (ladder_outcome.h), as the game writer
//   would have in the end's transaction (an end stored by an older server, or by a writer
//   without the decider);
// - its game goes on: nothing (the table is restored and its end decides);
// - no game started (none stored, or only a row a takeback closed): at a restart it is
//   cancelled at once, since no table is left to start it; otherwise when its start deadline
//   has passed. Cancelled means nobody moves and the challenger may challenge again.
// Each challenge is one transaction (LadderStore::apply_change), decided only from "accepted"
// and from the standings as read: a challenge settled meanwhile by another thread is left as
// it is, and one whose ladder another writer changed meanwhile (a join, a removal) is read and
// decided again (a few times; then the next settle step). Idempotent.
//
// Runs where the store belongs (the accounts worker). Throws storage::StorageError when the
// database fails; what was settled before stays settled.

#include "storage/records.h"
#include "storage/stores.h"

namespace server::accounts {

struct LadderSettlement {
    int decided = 0;   // challenges decided by their ended game
    int cancelled = 0; // challenges whose game never started
};

enum class SettleMoment : unsigned char { Restart, Running };

LadderSettlement settle_ladders(storage::LadderStore& ladders, storage::TimePoint now,
                                SettleMoment moment);

} // namespace server::accounts
