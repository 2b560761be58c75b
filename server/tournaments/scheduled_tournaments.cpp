#include "server/tournaments/scheduled_tournaments.h"

#include "lobby/time_control.h"
#include "lobby/time_control_text.h"

#include <algorithm>
#include <chrono>

namespace server::tournaments {

storage::TimePoint next_scheduled_start(const TournamentSchedule& schedule,
                                        storage::TimePoint now) {
    const std::int64_t period =
        std::chrono::duration_cast<storage::Millis>(std::chrono::minutes(schedule.every_minutes))
            .count();
    const std::int64_t ms = now.time_since_epoch().count();
    // Floor division: a `now` before the epoch (not expected) still gives the start after it.
    std::int64_t periods = ms / period;
    if (ms % period != 0 && ms < 0)
        --periods;
    return storage::TimePoint(storage::Millis((periods + 1) * period));
}

std::vector<ScheduledOccurrence>
announced_occurrences(std::span<const TournamentSchedule> schedules, storage::TimePoint now) {
    std::vector<ScheduledOccurrence> out;
    for (std::size_t i = 0; i < schedules.size(); ++i) {
        const auto starts_at = next_scheduled_start(schedules[i], now);
        if (now >= starts_at - std::chrono::minutes(schedules[i].announce_minutes)) {
            ScheduledOccurrence occurrence;
            occurrence.schedule = i;
            occurrence.starts_at = starts_at;
            out.push_back(occurrence);
        }
    }
    return out;
}

bool is_occurrence_of(const storage::TournamentRow& row, const TournamentSchedule& schedule,
                      storage::TimePoint starts_at) {
    if (row.starts_at != starts_at)
        return false;
    // A row stored before the schedule column has none: its name and no organiser say it.
    return row.schedule ? *row.schedule == schedule.name
                        : !row.organiser_user_id && row.name == schedule.name;
}

std::vector<ScheduledOccurrence>
occurrences_to_create(std::span<const TournamentSchedule> schedules,
                      const std::vector<storage::TournamentRow>& stored, storage::TimePoint now) {
    auto due = announced_occurrences(schedules, now);
    std::erase_if(due, [&](const ScheduledOccurrence& occurrence) {
        return std::any_of(stored.begin(), stored.end(), [&](const storage::TournamentRow& row) {
            return is_occurrence_of(row, schedules[occurrence.schedule], occurrence.starts_at);
        });
    });
    return due;
}

NewTournament scheduled_tournament(const TournamentSchedule& schedule,
                                   storage::TimePoint starts_at) {
    NewTournament request;
    request.name = schedule.name;
    request.format = schedule.format;
    request.variant = schedule.variant;
    // The config's "3+2" (checked at startup) as the stored text; anything else is passed on
    // as it is, for create to refuse.
    const auto control = lobby::parse_time_control(schedule.time_control);
    request.time_control = control ? lobby::time_control_text(*control) : schedule.time_control;
    request.rated = schedule.rated;
    request.starts_at = starts_at;
    request.rounds = schedule.rounds;
    request.duration = std::chrono::minutes(schedule.duration_minutes);
    request.min_players = schedule.min_players;
    request.max_players = schedule.max_players;
    request.is_public = true;
    request.organiser = std::nullopt;
    request.schedule = schedule.name;
    return request;
}

} // namespace server::tournaments
