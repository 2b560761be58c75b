#include "server/tournaments/tournament_scheduler.h"

#include "server/log.h"
#include "server/tournaments/scheduled_tournaments.h"

#include <algorithm>
#include <string>

namespace server::tournaments {
namespace {

std::pair<std::size_t, std::int64_t> settled_key(const ScheduledOccurrence& occurrence) {
    return {occurrence.schedule, occurrence.starts_at.time_since_epoch().count()};
}

} // namespace

TournamentScheduler::TournamentScheduler(std::vector<TournamentSchedule> schedules)
    : schedules_(std::move(schedules)) {
}

void TournamentScheduler::create_due(TournamentService& service, storage::TimePoint now) {
    const std::int64_t now_ms = now.time_since_epoch().count();
    std::erase_if(settled_, [now_ms](const auto& key) { return key.second <= now_ms; });
    const auto due = announced_occurrences(schedules_, now);
    if (std::all_of(due.begin(), due.end(), [this](const ScheduledOccurrence& occurrence) {
            return settled_.contains(settled_key(occurrence));
        }))
        return;
    for (const auto& occurrence : occurrences_to_create(schedules_, service.list(""), now)) {
        if (settled_.contains(settled_key(occurrence)))
            continue;
        const auto& schedule = schedules_[occurrence.schedule];
        const auto created =
            service.create(scheduled_tournament(schedule, occurrence.starts_at), now);
        settled_.insert(settled_key(occurrence));
        if (!created && created.error().code == "already_scheduled")
            continue; // another node made it since the list was read
        if (created)
            log::info("tournaments: scheduled tournament " + std::to_string(*created) + " \"" +
                      schedule.name + "\" created");
        else
            log::error("tournaments: scheduled tournament \"" + schedule.name +
                       "\" refused: " + created.error().code + " (" + created.error().detail + ")");
    }
    for (const auto& occurrence : due)
        settled_.insert(settled_key(occurrence));
}

} // namespace server::tournaments
