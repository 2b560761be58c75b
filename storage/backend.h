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
    virtual std::unique_ptr<GameWriter> game_writer() const = 0; // make one per server
};

} // namespace storage
