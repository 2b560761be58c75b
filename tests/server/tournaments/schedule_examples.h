#pragma once
// A schedule of the config (server/config/tournament_schedule.h) that the scheduler's tests
// share: an hourly rated blitz arena, announced 15 minutes ahead, 30 minutes long.
#include "server/config/tournament_schedule.h"

namespace tournament_test {

inline server::TournamentSchedule hourly_blitz_arena() {
    server::TournamentSchedule s;
    s.name = "Hourly blitz arena";
    s.format = "arena";
    s.variant = "chess";
    s.time_control = "3+2";
    s.every_minutes = 60;
    s.announce_minutes = 15;
    s.duration_minutes = 30;
    s.rated = true;
    return s;
}

} // namespace tournament_test
