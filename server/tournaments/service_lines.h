#pragma once
// Small pieces that every part of the tournament service writes the same way
// (tournament_service.cpp, arena_service.cpp, tournament_organiser.cpp): a refusal, a line of a
// tournament's history, and the answer to an entry the store was asked to add.

#include "rules/result.h"
#include "storage/tournament_store.h"

#include <optional>
#include <string>
#include <utility>

namespace server::tournaments::service_lines {

inline rules::Error refusal(std::string code, std::string detail) {
    return rules::Error{std::move(code), std::move(detail)};
}

inline storage::TournamentHistoryRow history_line(storage::TournamentId id, storage::TimePoint at,
                                                  std::optional<storage::UserId> actor,
                                                  std::string event, std::string detail) {
    return {.tournament_id = id,
            .at = at,
            .actor_user_id = actor,
            .event = std::move(event),
            .detail = std::move(detail)};
}

// What the store answered when asked to add `entry`: the entry, or why it was not added.
inline rules::Result<storage::TournamentEntryRow> entry_added(storage::EntryAdded added,
                                                              storage::TournamentEntryRow entry) {
    switch (added) {
    case storage::EntryAdded::Added:
        return entry;
    case storage::EntryAdded::AlreadyEntered:
        return refusal("already_entered", "you have entered this tournament already");
    case storage::EntryAdded::Full:
        return refusal("tournament_full", "this tournament has all the players it takes");
    case storage::EntryAdded::NotTakingEntries:
        break;
    }
    return refusal("tournament_finished", "this tournament is over");
}

} // namespace server::tournaments::service_lines
