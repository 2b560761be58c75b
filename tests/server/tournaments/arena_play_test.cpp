// An arena of three accounts over the real server (live_club_support.h): the HTTP routes, the
// tournament worker, the play service's tables and berserk (server/play/arena_berserk.h) and
// WebSocket clients that get the `tournament_game` push, see the `berserked` event and play.
#include "tests/server/tournaments/live_club_support.h"

#include <map>
#include <string>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using nlohmann::json;
using namespace tournament_test;

namespace {

bool is_berserked(const json& m) {
    return m["t"] == "table_event" && m["event"]["type"] == "berserked";
}

} // namespace

TEST_CASE("an arena of three accounts over WebSockets: paired, one player goes berserk on the "
          "live table, the game ends and the standings and the next wave follow") {
    LiveClub club;
    auto players = register_players(club, {"ann", "bob", "cid"});
    const auto page = tournament_page(club, players, "ann",
                                      {{"name", "Club arena"},
                                       {"format", "arena"},
                                       {"variant", "chess"},
                                       {"base_seconds", 300},
                                       {"increment_seconds", 2},
                                       {"duration", 60},
                                       {"rated", true},
                                       {"starts_at", 9'000'000'000'000}},
                                      Connected::All);
    REQUIRE(club.post(page + "/start", json::object(), players["ann"].cookie).status == 200);
    auto shown = poll(club, page, [](const json& t) {
        return t["rounds"].size() == 1 && t["rounds"][0]["pairings"][0]["table"].is_string();
    });
    const auto first = shown["rounds"][0]["pairings"][0];
    const std::string code = first["table"];
    const std::string white_name = first["white"];
    const std::string black_name = first["black"];
    auto& white = players.at(white_name);
    auto& black = players.at(black_name);
    for (auto* p : {&white, &black})
        CHECK(p->wait_for([](const json& m) { return m["t"] == "tournament_game"; })["table"] ==
              code);

    // Black goes berserk before their first move: both see Black's clock halved.
    const auto berserk = club.post(page + "/berserk", json::object(), black.cookie);
    REQUIRE_MESSAGE(berserk.status == 200, berserk.body);
    for (auto* p : {&white, &black}) {
        const auto event = p->wait_for(is_berserked)["event"];
        CHECK(event["seat"] == 1);
        CHECK(event["clocks"]["remaining_ms"][1] == 150'000);
        CHECK(event["clocks"]["remaining_ms"][0] == 300'000);
    }
    const auto again = club.post(page + "/berserk", json::object(), black.cookie);
    CHECK(json::parse(again.body)["error"]["code"] == "already_berserk");

    // White moves (too late for White's berserk now), Black resigns.
    const auto moved = white.request({{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
    REQUIRE_MESSAGE(moved["t"] == "table_event", moved.dump());
    const auto late = club.post(page + "/berserk", json::object(), white.cookie);
    CHECK(json::parse(late.body)["error"]["code"] == "too_late");
    const auto resigned = black.request({{"t", "resign"}, {"table", code}});
    REQUIRE_MESSAGE(resigned["t"] == "ok", resigned.dump());

    // The result counts, and the next wave pairs the winner with the player who waited.
    shown = poll(club, page, [](const json& t) { return t["rounds"].size() == 2; });
    CHECK(shown["rounds"][0]["pairings"][0]["result"] == "1-0");
    CHECK(shown["rounds"][0]["pairings"][0]["black_berserk"] == true);
    CHECK(shown["standings"][0]["name"] == white_name);
    CHECK(shown["standings"][0]["points"] == 2);
    CHECK(shown["standings"][0]["sheet"] == json::array({2}));
    const auto second = shown["rounds"][1]["pairings"][0];
    CHECK((second["white"] == white_name || second["black"] == white_name));
    CHECK((second["white"] != black_name && second["black"] != black_name));
}
