// The operator's scheduled tournaments (server/tournaments/scheduled_tournaments.h): which to
// create at a given `now` from the stored rows, and the scheduler that creates them through
// the service over a temporary database. No real time passes: `now` is given.
#include "server/tournaments/scheduled_tournaments.h"
#include "server/tournaments/tournament_scheduler.h"
#include "tests/server/tournaments/schedule_examples.h"
#include "tests/server/tournaments/tournament_test_support.h"

#include <chrono>
#include <vector>

#include <doctest/doctest.h>

using namespace tournament_test;
using server::TournamentSchedule;
using server::tournaments::ScheduledOccurrence;

namespace {

constexpr long long schedule_hour_ms = 3'600'000;
constexpr long long schedule_minute_ms = 60'000;
// 2026-01-01T00:00:00Z, on the hour.
constexpr long long new_year_ms = 1'767'225'600'000;

TournamentSchedule daily_swiss() {
    TournamentSchedule s;
    s.name = "Daily Swiss";
    s.format = "swiss";
    s.variant = "international";
    s.time_control = "10+5";
    s.every_minutes = 24 * 60;
    s.announce_minutes = 120;
    s.rounds = 5;
    s.min_players = 4;
    return s;
}

ScheduledOccurrence occurrence_at(std::size_t schedule, long long starts_ms) {
    ScheduledOccurrence o;
    o.schedule = schedule;
    o.starts_at = at_ms(starts_ms);
    return o;
}

// The row create would store for an occurrence (what a restarted server reads).
storage::TournamentRow stored_occurrence(const TournamentSchedule& s, long long starts_ms) {
    storage::TournamentRow row;
    row.name = s.name;
    row.format = s.format;
    row.starts_at = at_ms(starts_ms);
    return row;
}

} // namespace

TEST_CASE("schedules: the next start is the first multiple of the period after now, in UTC") {
    const auto arena = hourly_blitz_arena();
    using server::tournaments::next_scheduled_start;
    CHECK(next_scheduled_start(arena, at_ms(new_year_ms)) == at_ms(new_year_ms + schedule_hour_ms));
    CHECK(next_scheduled_start(arena, at_ms(new_year_ms - 1)) == at_ms(new_year_ms));
    CHECK(next_scheduled_start(arena, at_ms(new_year_ms + 59 * schedule_minute_ms)) ==
          at_ms(new_year_ms + schedule_hour_ms));
    auto every_7 = arena;
    every_7.every_minutes = 7;
    const auto next = next_scheduled_start(every_7, at_ms(new_year_ms)).time_since_epoch().count();
    CHECK(next % (7 * schedule_minute_ms) == 0);
    CHECK(next > new_year_ms);
    CHECK(next - new_year_ms <= 7 * schedule_minute_ms);
}

TEST_CASE("schedules: an occurrence is due from announce_minutes before its start") {
    const std::vector<TournamentSchedule> schedules{hourly_blitz_arena()};
    using server::tournaments::announced_occurrences;
    const long long start = new_year_ms + schedule_hour_ms;
    CHECK(announced_occurrences(schedules, at_ms(start - 15 * schedule_minute_ms - 1)).empty());
    CHECK(announced_occurrences(schedules, at_ms(start - 15 * schedule_minute_ms)) ==
          std::vector{occurrence_at(0, start)});
    CHECK(announced_occurrences(schedules, at_ms(start - 1)) ==
          std::vector{occurrence_at(0, start)});
    // At its start it has begun: the next is an hour away, not announced yet.
    CHECK(announced_occurrences(schedules, at_ms(start)).empty());
}

TEST_CASE("schedules: an occurrence stored is not created again after a restart") {
    const std::vector<TournamentSchedule> schedules{hourly_blitz_arena()};
    using server::tournaments::occurrences_to_create;
    const long long start = new_year_ms + schedule_hour_ms;
    const auto now = at_ms(start - 10 * schedule_minute_ms);
    CHECK(occurrences_to_create(schedules, {}, now) == std::vector{occurrence_at(0, start)});

    // The second call reads the row the first one made: nothing.
    std::vector<storage::TournamentRow> stored{stored_occurrence(schedules[0], start)};
    CHECK(occurrences_to_create(schedules, stored, now).empty());
    stored[0].state = "cancelled"; // the operator cancelled it: not made again
    CHECK(occurrences_to_create(schedules, stored, now).empty());

    // A player's tournament of that name and start is not the operator's occurrence, nor is the
    // operator's at another start.
    stored[0].organiser_user_id = 7;
    CHECK(occurrences_to_create(schedules, stored, now).size() == 1);
    stored[0].organiser_user_id.reset();
    stored[0].starts_at = at_ms(start - schedule_hour_ms);
    CHECK(occurrences_to_create(schedules, stored, now).size() == 1);

    // A row that names its schedule is that schedule's, whatever its name; another
    // schedule's row of the same name is not.
    stored[0].starts_at = at_ms(start);
    stored[0].schedule = schedules[0].name;
    stored[0].name = "Renamed";
    CHECK(occurrences_to_create(schedules, stored, now).empty());
    stored[0].name = schedules[0].name;
    stored[0].schedule = "Another schedule";
    CHECK(occurrences_to_create(schedules, stored, now).size() == 1);
}

TEST_CASE("schedules: occurrences missed while the server was down are skipped") {
    const std::vector<TournamentSchedule> schedules{hourly_blitz_arena()};
    using server::tournaments::occurrences_to_create;
    // Down from 00:00 to 05:50: only 06:00 is made, not 01:00 to 05:00.
    const auto now = at_ms(new_year_ms + 5 * schedule_hour_ms + 50 * schedule_minute_ms);
    CHECK(occurrences_to_create(schedules, {}, now) ==
          std::vector{occurrence_at(0, new_year_ms + 6 * schedule_hour_ms)});
    // Back at 05:20, before 06:00's window: nothing yet.
    CHECK(occurrences_to_create(schedules, {},
                                at_ms(new_year_ms + 5 * schedule_hour_ms + 20 * schedule_minute_ms))
              .empty());
}

TEST_CASE("schedules: several schedules, each with its own period and window") {
    const std::vector<TournamentSchedule> schedules{hourly_blitz_arena(), daily_swiss()};
    using server::tournaments::occurrences_to_create;
    const long long midnight = new_year_ms + 24 * schedule_hour_ms;
    // 22:30: the 23:00 arena is not announced yet, the midnight Swiss is (two hours ahead).
    CHECK(occurrences_to_create(schedules, {}, at_ms(midnight - 90 * schedule_minute_ms)) ==
          std::vector{occurrence_at(1, midnight)});
    // 23:50: both, the Swiss stored already.
    const std::vector<storage::TournamentRow> stored{stored_occurrence(schedules[1], midnight)};
    CHECK(occurrences_to_create(schedules, stored, at_ms(midnight - 10 * schedule_minute_ms)) ==
          std::vector{occurrence_at(0, midnight)});
}

TEST_CASE("schedules: the tournament asked for is public, the operator's, at the start time") {
    const auto request =
        server::tournaments::scheduled_tournament(hourly_blitz_arena(), at_ms(new_year_ms));
    CHECK(request.name == "Hourly blitz arena");
    CHECK(request.format == "arena");
    CHECK(request.variant == "chess");
    CHECK(request.time_control == blitz());
    CHECK(request.rated);
    CHECK(request.starts_at == at_ms(new_year_ms));
    CHECK(request.duration == std::chrono::minutes(30));
    CHECK(request.rounds == 0);
    CHECK(request.is_public);
    CHECK(request.join_code.empty());
    CHECK_FALSE(request.organiser.has_value());
    CHECK(request.schedule == "Hourly blitz arena");
}

TEST_CASE("schedules: the scheduler creates each occurrence once, across a restart") {
    Club club;
    const std::vector<TournamentSchedule> schedules{hourly_blitz_arena(), daily_swiss()};
    const long long midnight = new_year_ms + 24 * schedule_hour_ms;
    const auto now = at_ms(midnight - 10 * schedule_minute_ms);
    {
        Director director(club);
        server::tournaments::TournamentScheduler scheduler(schedules);
        scheduler.create_due(director.service, at_ms(midnight - 3 * schedule_hour_ms));
        CHECK(director.service.list("").empty());
        scheduler.create_due(director.service, now);
        scheduler.create_due(director.service, now + std::chrono::seconds(1));
        const auto rows = director.service.list("");
        REQUIRE(rows.size() == 2);
        for (const auto& row : rows) {
            CHECK(row.starts_at == at_ms(midnight));
            CHECK(row.state == "created");
            CHECK(row.is_public);
            CHECK_FALSE(row.organiser_user_id.has_value());
        }
    }
    // A new process (nothing held in memory) reads the rows: nothing made twice.
    Director director(club);
    server::tournaments::TournamentScheduler scheduler(schedules);
    scheduler.create_due(director.service, now + std::chrono::seconds(2));
    CHECK(director.service.list("").size() == 2);
    // After midnight, the next arena (00:45) is made at its window, the Swiss tomorrow.
    scheduler.create_due(director.service, at_ms(midnight + 45 * schedule_minute_ms));
    const auto rows = director.service.list("");
    REQUIRE(rows.size() == 3);
    CHECK(rows.back().name == "Hourly blitz arena");
    CHECK(rows.back().starts_at == at_ms(midnight + schedule_hour_ms));
}

TEST_CASE("schedules: two nodes making the same occurrence at once store it once, and the second "
          "is told it is made") {
    Club club;
    const auto schedule = hourly_blitz_arena();
    const long long start = new_year_ms + schedule_hour_ms;
    const auto now = at_ms(start - 10 * schedule_minute_ms);
    const auto request = server::tournaments::scheduled_tournament(schedule, at_ms(start));
    // Both nodes read the stored rows before either stored its tournament.
    Director first(club);
    Director second(club);
    const auto first_list = first.service.list("");
    const auto second_list = second.service.list("");
    const std::vector<TournamentSchedule> schedules{schedule};
    CHECK(server::tournaments::occurrences_to_create(schedules, first_list, now).size() == 1);
    CHECK(server::tournaments::occurrences_to_create(schedules, second_list, now).size() == 1);
    const auto made = first.service.create(request, now);
    REQUIRE(made);
    const auto again = second.service.create(request, now);
    REQUIRE_FALSE(again);
    CHECK(again.error().code == "already_scheduled");
    const auto rows = second.service.list("");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].id == *made);
    CHECK(rows[0].schedule == schedule.name);
    // The scheduler of the second node finds it stored: nothing more.
    server::tournaments::TournamentScheduler scheduler(schedules);
    scheduler.create_due(second.service, now);
    CHECK(second.service.list("").size() == 1);
}
