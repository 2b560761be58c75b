#pragma once
// A storage backend: makes the stores and the writer. One store object per thread; the
// writer is shared by every thread (it queues).

#include "storage/game_writer.h"
#include "storage/stores.h"

#include <memory>

namespace storage {

class Backend {
public:
    virtual ~Backend() = default;
    virtual std::unique_ptr<UserStore> user_store() const = 0;
    virtual std::unique_ptr<RatingStore> rating_store() const = 0;
    virtual std::unique_ptr<GameStore> game_store() const = 0;
    virtual std::unique_ptr<LadderStore> ladder_store() const = 0;
    // Make one per server. `decide` settles the ladder challenges of the games it ends
    // (game_writer.h); without it a game's end leaves its challenge as it is.
    virtual std::unique_ptr<GameWriter> game_writer(LadderDecider decide = {}) const = 0;
};

} // namespace storage
