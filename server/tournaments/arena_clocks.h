#pragma once
// What an arena tournament asks of the play service: berserk on a live table (issue 38).
//
// HOOK: implemented by the play service (server/play/arena_berserk.cpp). Called on the
// tournaments worker thread: post to your own strand and return at once. At the table `code`,
// the seat of `user` goes berserk (lobby::Table::berserk: its own time halved, no increment),
// and `done` is called (any thread) with nullopt, or with the refusal: the table's
// ("not_allowed" once the player has moved, "game_over", "not_seated", ...) or
// "table_closed" when there is no such table. `restoring`: a berserk stored before a restart,
// applied again to the table restored from storage (nothing happens when it is in force).

#include "rules/result.h"
#include "storage/records.h"

#include <functional>
#include <optional>
#include <string>

namespace server::tournaments {

using BerserkApplied = std::function<void(const std::optional<rules::Error>& refusal)>;

class ArenaClocks {
public:
    virtual ~ArenaClocks() = default;
    virtual void berserk(const std::string& code, storage::UserId user, bool restoring,
                         BerserkApplied done) = 0;
};

} // namespace server::tournaments
