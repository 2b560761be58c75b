// The arena's routes (docs/http-api.md, "Arenas") against an in-process server: created with a
// duration, paused and joined back, berserk with its refusals, the arena's members shown; the
// play service's part played by the test.
#include "tests/server/tournaments/arena_test_support.h"
#include "tests/server/tournaments/tournament_http_support.h"

#include <doctest/doctest.h>

using namespace tournament_test;
using nlohmann::json;

namespace {

json arena_body(int minutes) {
    return {{"name", "Blitz arena"}, {"format", "arena"},      {"variant", "chess"},
            {"base_seconds", 180},   {"increment_seconds", 2}, {"duration", minutes},
            {"rated", true}};
}

// The entry of `name` in the tournament's JSON.
json arena_entry(const json& tournament, const std::string& name) {
    for (const auto& e : tournament["entries"])
        if (e["name"] == name)
            return e;
    FAIL("no entry " << name);
    return {};
}

} // namespace

TEST_CASE("an arena over HTTP: created with a duration, paused and joined back, berserk in a "
          "game before its first move, every refusal clear") {
    TournamentServer s;
    auto clocks = std::make_shared<RecordingClocks>();
    s.runner.set_arena_clocks(clocks);
    const auto ann = s.register_user("ann");
    const auto bob = s.register_user("bob");
    const auto cid = s.register_user("cid");
    const auto dan = s.register_user("dan");

    auto reply = s.post("/api/tournaments", arena_body(0), ann);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "bad_duration");
    auto correspondence = arena_body(30);
    correspondence.erase("base_seconds");
    correspondence.erase("increment_seconds");
    correspondence["days_per_move"] = 2;
    CHECK(error_code(s.post("/api/tournaments", correspondence, ann)) == "bad_time_control");
    reply = s.post("/api/tournaments", arena_body(30), ann);
    REQUIRE_MESSAGE(reply.status == 201, reply.body);
    auto shown = json_of(reply)["tournament"];
    CHECK(shown["format"] == "arena");
    CHECK(shown["duration"] == 30);
    CHECK(shown["round_count"] == 0);
    CHECK(shown["rounds"].empty());
    const auto base = "/api/tournaments/" + std::to_string(shown["id"].get<std::int64_t>());
    const auto listed = json_of(s.get("/api/tournaments"))["tournaments"];
    REQUIRE(listed.size() == 1);
    CHECK(listed[0]["duration"] == 30);
    CHECK(listed[0].contains("ends_at"));

    for (const auto& cookie : {ann, bob, cid})
        REQUIRE(s.post(base + "/join", json::object(), cookie).status == 200);
    CHECK(error_code(s.post(base + "/pause", json::object())) == "not_logged_in");
    reply = s.post(base + "/pause", json::object(), dan);
    CHECK(reply.status == 409);
    CHECK(error_code(reply) == "not_entered");
    CHECK(error_code(s.post(base + "/berserk", json::object(), ann)) == "not_running");
    CHECK(error_code(s.post("/api/tournaments/999/berserk", json::object(), ann)) ==
          "unknown_tournament");
    CHECK(error_code(s.post(base + "/berserk", json::object())) == "not_logged_in");

    const auto started_at = s.now();
    reply = s.post(base + "/start", json::object(), ann);
    REQUIRE_MESSAGE(reply.status == 200, reply.body);
    shown = json_of(reply)["tournament"];
    CHECK(shown["state"] == "running");
    CHECK(shown["ends_at"] == started_at.time_since_epoch().count() + 30 * 60'000);
    CHECK(s.get(base + ".trf").status == 409);
    CHECK(error_code(s.get(base + ".trf")) == "no_trf");

    // One game (three players): its table is made and its code stored.
    const auto writer = s.backend.game_writer();
    int made = 0;
    const auto tables = open_tables(*writer, *s.starter, s.now(), made);
    REQUIRE(tables.size() == 1);
    s.tick();
    const auto& game = tables[0].game;
    const std::string white = game.white_name;
    const std::string black = game.black_name;
    const auto cookie_of = [&](const std::string& name) {
        return name == "ann" ? ann : name == "bob" ? bob : cid;
    };
    std::string waiting = "ann";
    for (const std::string name : {"ann", "bob", "cid"})
        if (name != white && name != black)
            waiting = name;

    reply = s.post(base + "/berserk", json::object(), cookie_of(waiting));
    CHECK(reply.status == 409);
    CHECK(error_code(reply) == "no_game");
    reply = s.post(base + "/berserk", json::object(), cookie_of(white));
    REQUIRE_MESSAGE(reply.status == 200, reply.body);
    CHECK(json_of(reply)["berserk"]["round"] == 1);
    CHECK(json_of(reply)["berserk"]["board"] == 1);
    REQUIRE(clocks->asked().size() == 1);
    CHECK(clocks->asked()[0].code == tables[0].code);
    CHECK(error_code(s.post(base + "/berserk", json::object(), cookie_of(white))) ==
          "already_berserk");
    clocks->refuse_with(rules::Error{"not_allowed", "berserk only before your first move"});
    reply = s.post(base + "/berserk", json::object(), cookie_of(black));
    CHECK(reply.status == 409);
    CHECK(error_code(reply) == "too_late");

    shown = json_of(s.get(base))["tournament"];
    REQUIRE(shown["rounds"].size() == 1);
    CHECK(shown["rounds"][0]["pairings"][0]["white_berserk"] == true);
    CHECK(shown["rounds"][0]["pairings"][0]["black_berserk"] == false);
    CHECK(shown["standings"].size() == 3);
    CHECK(shown["standings"][0].contains("on_fire"));

    // The waiting player pauses and comes back; the playing one pauses after the game.
    reply = s.post(base + "/pause", json::object(), cookie_of(waiting));
    REQUIRE_MESSAGE(reply.status == 200, reply.body);
    CHECK(arena_entry(json_of(reply)["tournament"], waiting)["paused"] == true);
    CHECK(error_code(s.post(base + "/pause", json::object(), cookie_of(waiting))) ==
          "already_paused");
    reply = s.post(base + "/join", json::object(), cookie_of(waiting));
    REQUIRE_MESSAGE(reply.status == 200, reply.body);
    CHECK(arena_entry(json_of(reply)["tournament"], waiting)["paused"] == false);
    REQUIRE(s.post(base + "/pause", json::object(), cookie_of(black)).status == 200);

    finish_game(*writer, tables[0].id, "1-0", "resign", s.now());
    s.tick();
    shown = json_of(s.get(base))["tournament"];
    const auto winner = arena_entry(shown, white);
    CHECK(winner["points"] == 2); // a berserk win of no move of its own: no bonus
    CHECK(winner["sheet"] == json::array({2}));
    CHECK(winner["streak"] == 1);
    CHECK(arena_entry(shown, black)["paused"] == true);
    // The next wave pairs the winner with the player who waited, not with the paused one.
    const auto next = open_tables(*writer, *s.starter, s.now(), made);
    REQUIRE(next.size() == 1);
    CHECK(((next[0].game.white_name == white && next[0].game.black_name == waiting) ||
           (next[0].game.black_name == white && next[0].game.white_name == waiting)));

    // Not an arena.
    reply = s.post("/api/tournaments",
                   {{"name", "Swiss"}, {"variant", "chess"}, {"base_seconds", 180}, {"rounds", 3}},
                   ann);
    REQUIRE(reply.status == 201);
    const auto swiss = "/api/tournaments/" +
                       std::to_string(json_of(reply)["tournament"]["id"].get<std::int64_t>());
    REQUIRE(s.post(swiss + "/join", json::object(), ann).status == 200);
    CHECK(error_code(s.post(swiss + "/pause", json::object(), ann)) == "not_arena");
    CHECK(error_code(s.post(swiss + "/berserk", json::object(), ann)) == "not_arena");
}
