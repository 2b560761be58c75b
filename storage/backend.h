#pragma once
// A storage backend: makes the stores and the writer. One store object per thread; the
// writer is shared by every thread (it queues). storage::open (open.h) makes the backend a
// `db` setting names: SQLite (sqlite/) or PostgreSQL (postgres/).

#include "storage/game_writer.h"
#include "storage/stores.h"
#include "storage/tournament_store.h"

#include <memory>

namespace storage {

class Backend {
public:
    virtual ~Backend() = default;
    virtual std::unique_ptr<UserStore> user_store() const = 0;
    virtual std::unique_ptr<RatingStore> rating_store() const = 0;
    virtual std::unique_ptr<GameStore> game_store() const = 0;
    virtual std::unique_ptr<LadderStore> ladder_store() const = 0;
    virtual std::unique_ptr<TournamentStore> tournament_store() const = 0;
    // Make one per server. `decide` settles the ladder challenges of the games it ends
    // (game_writer.h); without it a game's end leaves its challenge as it is.
    virtual std::unique_ptr<GameWriter> game_writer(LadderDecider decide = {}) const = 0;

    // Whether the database takes writes now: ok, or why not (/healthz answers 503 with it).
    // Cheap enough to ask every second, from any thread; never throws.
    virtual WriteStatus can_write() const = 0;
};

} // namespace storage
