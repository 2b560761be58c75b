#pragma once
// Creates the operator's scheduled tournaments (config key `tournament_schedules`) through
// TournamentService::create, with the same checks as a tournament made over HTTP. The
// TournamentRunner calls it on each tick, on its worker; not thread-safe.
//
// What to create is decided by scheduled_tournaments.h from the stored tournaments, so a
// restart or a crash never makes one twice (create stores a tournament in one transaction).
// The stored tournaments are read only when an occurrence not settled in this process is due:
// once an occurrence is stored, found or refused it is settled, and the ticks of the hour
// before the next read nothing. A refusal (not expected: the config was checked at startup)
// is logged once per occurrence.

#include "server/config/tournament_schedule.h"
#include "server/tournaments/tournament_service.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace server::tournaments {

class TournamentScheduler {
public:
    explicit TournamentScheduler(std::vector<TournamentSchedule> schedules);

    // Creates every occurrence due at `now` that is not stored. Storage errors are thrown (the
    // occurrence stays unsettled: the next tick tries again).
    void create_due(TournamentService& service, storage::TimePoint now);

private:
    std::vector<TournamentSchedule> schedules_;
    // (schedule index, start in Unix ms) settled in this process; those started are forgotten.
    std::set<std::pair<std::size_t, std::int64_t>> settled_;
};

} // namespace server::tournaments
