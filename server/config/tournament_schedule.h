#pragma once
// A tournament the operator has the server make on a schedule (issue 38, "on a schedule the
// operator sets in the configuration": an hourly blitz arena in the public lobby), as the
// config key `tournament_schedules` gives it (config/README.md). Plain values: the tournament
// worker turns each occurrence into a tournament (server/tournaments/scheduled_tournaments.h).
//
// Occurrences start at every multiple of `every_minutes` since the Unix epoch (UTC): 60 is on
// the hour, 1440 at midnight UTC. Each is created `announce_minutes` before its start, public,
// with no organiser (the operator's), and starts at its start time like any other.

#include <optional>
#include <string>

namespace server {

struct TournamentSchedule {
    std::string name;         // 1 to 80 characters, the tournaments' name
    std::string format;       // "swiss", "round_robin", "double_round_robin" or "arena"
    std::string variant;      // a two-player variant's name ("chess", "international")
    std::string time_control; // as an operator types it: "3+2", "30s+0" (lobby/time_control.h)
    int every_minutes = 0;    // 1 to 10080 (a week)
    int announce_minutes = 0; // 1 to 10080: how long before its start one is created
    int duration_minutes = 0; // an arena's, 1 to 1440; 0 for the others
    int rounds = 0;           // a Swiss's, 1 to 99; 0 for the others
    bool rated = false;
    int min_players = 2;
    int max_players = 64;
};

// What is wrong with a schedule (one phrase naming the field), or nothing. The same bounds as
// a tournament made over HTTP (server/tournaments/tournament_service.h, create), checked here
// so that a bad schedule stops startup instead of being refused at every occurrence.
std::optional<std::string> check_tournament_schedule(const TournamentSchedule& schedule);

} // namespace server
