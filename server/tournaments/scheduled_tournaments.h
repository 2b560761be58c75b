#pragma once
// Which of the operator's scheduled tournaments (config key `tournament_schedules`,
// server/config/tournament_schedule.h) to create now. Pure: no storage, no clock; `now` and the
// stored tournaments are given, so the same answer comes after a restart or a crash.
//
// A schedule's occurrences start at the multiples of every_minutes since the Unix epoch (UTC).
// Only the next one, the first start after `now`, is ever due: it is created once `now` is
// within announce_minutes of its start. A server that was down over several starts makes no
// tournament for the ones it missed, only for the next. An occurrence is stored when a
// tournament was made for the schedule (TournamentRow::schedule: its name) with that start
// time, in any state: one the operator cancelled is not made again. The store keeps one a
// schedule and start, so two nodes of a cluster that make it at once store it once.

#include "server/config/tournament_schedule.h"
#include "server/tournaments/tournament_service.h"
#include "storage/tournament_records.h"

#include <cstddef>
#include <span>
#include <vector>

namespace server::tournaments {

// One start of one schedule (`schedule`: its index in the list).
struct ScheduledOccurrence {
    std::size_t schedule = 0;
    storage::TimePoint starts_at{};

    friend bool operator==(const ScheduledOccurrence&, const ScheduledOccurrence&) = default;
};

// The first start of `schedule` after `now` (a start at `now` itself has begun: not next).
storage::TimePoint next_scheduled_start(const TournamentSchedule& schedule, storage::TimePoint now);

// The next occurrence of each schedule whose announce window has come, in schedule order.
std::vector<ScheduledOccurrence>
announced_occurrences(std::span<const TournamentSchedule> schedules, storage::TimePoint now);

// Whether `row` is the tournament made for `schedule` starting at `starts_at`.
bool is_occurrence_of(const storage::TournamentRow& row, const TournamentSchedule& schedule,
                      storage::TimePoint starts_at);

// The announced occurrences that `stored` (every tournament, any state) does not hold yet.
std::vector<ScheduledOccurrence>
occurrences_to_create(std::span<const TournamentSchedule> schedules,
                      const std::vector<storage::TournamentRow>& stored, storage::TimePoint now);

// What to ask TournamentService::create for: public, no organiser, starting at `starts_at`.
NewTournament scheduled_tournament(const TournamentSchedule& schedule,
                                   storage::TimePoint starts_at);

} // namespace server::tournaments
