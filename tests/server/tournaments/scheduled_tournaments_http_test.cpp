// A schedule of the config (tournament_schedules) against an in-process server: the runner's
// tick makes the announced tournament, and GET /api/tournaments lists it. The clock is moved by
// hand (tournament_http_support.h): no real time passes.
#include "tests/server/tournaments/schedule_examples.h"
#include "tests/server/tournaments/tournament_http_support.h"

#include <chrono>

#include <doctest/doctest.h>

using namespace tournament_test;

TEST_CASE("a configured schedule makes its tournament, listed in GET /api/tournaments, once") {
    TournamentServer s({hourly_blitz_arena()}); // the clock at 2026-01-01T00:00:00Z
    s.runner_tick();
    CHECK(json_of(s.get("/api/tournaments"))["tournaments"].empty());

    s.advance(std::chrono::minutes(45)); // 00:45: the 01:00 arena's window opens
    s.runner_tick();
    s.runner_tick();
    const auto listed = json_of(s.get("/api/tournaments?state=created"))["tournaments"];
    REQUIRE(listed.size() == 1);
    CHECK(listed[0]["name"] == "Hourly blitz arena");
    CHECK(listed[0]["format"] == "arena");
    CHECK(listed[0]["variant"] == "chess");
    CHECK(listed[0]["time_control"] == "3+2");
    CHECK(listed[0]["rated"] == true);
    CHECK(listed[0]["public"] == true);
    CHECK(listed[0]["starts_at"] == 1'767'225'600'000 + 3'600'000);

    const auto id = listed[0]["id"].get<std::int64_t>();
    const auto shown = json_of(s.get("/api/tournaments/" + std::to_string(id)))["tournament"];
    CHECK(shown["organiser"].is_null());
}
