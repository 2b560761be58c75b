// The tournament routes (docs/http-api.md, "Tournaments") against an in-process server: what an
// organiser and the players see and do, with the play service's part played by the test.
#include "tests/server/tournaments/tournament_http_support.h"

#include <doctest/doctest.h>

using namespace tournament_test;
using nlohmann::json;

namespace {

json swiss_body(int rounds, int max_players) {
    return {{"name", "Saturday Swiss"},
            {"variant", "chess"},
            {"base_seconds", 180},
            {"increment_seconds", 2},
            {"rounds", rounds},
            {"max_players", max_players},
            {"rated", true}};
}

} // namespace

TEST_CASE("a Swiss over HTTP: created, joined with clear refusals, started by its organiser, "
          "shown with pairings, game ids and standings, exported as TRF") {
    TournamentServer s;
    const auto ann = s.register_user("ann");
    const auto bob = s.register_user("bob");
    const auto cid = s.register_user("cid");
    const auto dan = s.register_user("dan");

    CHECK(error_code(s.post("/api/tournaments", swiss_body(2, 3))) == "not_logged_in");
    auto reply = s.post("/api/tournaments", swiss_body(0, 3), ann);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "bad_rounds");
    reply = s.post("/api/tournaments", swiss_body(2, 3), ann);
    REQUIRE_MESSAGE(reply.status == 201, reply.body);
    const auto id = json_of(reply)["tournament"]["id"].get<std::int64_t>();
    const auto base = "/api/tournaments/" + std::to_string(id);
    CHECK(json_of(reply)["tournament"]["state"] == "created");
    CHECK(json_of(reply)["tournament"]["time_control"] == "3+2");

    const auto listed = json_of(s.get("/api/tournaments?state=created"))["tournaments"];
    REQUIRE(listed.size() == 1);
    CHECK(listed[0]["name"] == "Saturday Swiss");
    CHECK(listed[0]["players"] == 0);
    CHECK(listed[0]["rounds_paired"] == 0);
    CHECK(listed[0]["rounds_finished"] == 0);
    CHECK(error_code(s.get("/api/tournaments?state=later")) == "bad_state");

    CHECK(error_code(s.post(base + "/join", json::object())) == "not_logged_in");
    for (const auto& cookie : {ann, bob, cid})
        REQUIRE(s.post(base + "/join", json::object(), cookie).status == 200);
    reply = s.post(base + "/join", json::object(), bob);
    CHECK(reply.status == 409);
    CHECK(error_code(reply) == "already_entered");
    reply = s.post(base + "/join", json::object(), dan);
    CHECK(reply.status == 409);
    CHECK(error_code(reply) == "tournament_full");
    reply = s.post(base + "/start", json::object(), bob);
    CHECK(reply.status == 403);
    CHECK(error_code(reply) == "not_organiser");
    reply = s.post(base + "/start", json::object(), ann);
    REQUIRE_MESSAGE(reply.status == 200, reply.body);
    auto shown = json_of(reply)["tournament"];
    CHECK(shown["state"] == "running");
    REQUIRE(shown["rounds"].size() == 1);
    CHECK(shown["rounds"][0]["pairings"].size() == 1); // three players: one game and a bye
    CHECK(shown["rounds"][0]["absences"][0]["kind"] == "bye");
    CHECK(shown["rounds"][0]["pairings"][0]["game_id"].is_null());
    // The listing says how far it has come: three players, round 1 of 2.
    auto running = json_of(s.get("/api/tournaments?state=running"))["tournaments"];
    REQUIRE(running.size() == 1);
    CHECK(running[0]["players"] == 3);
    CHECK(running[0]["rounds_paired"] == 1);
    CHECK(running[0]["rounds_finished"] == 0);
    CHECK(running[0]["rounds"] == 2);

    // The play service makes the table and the game is played.
    auto writer = s.backend.game_writer();
    int tables = 0;
    const auto made = open_tables(*writer, *s.starter, s.now(), tables);
    REQUIRE(made.size() == 1);
    s.on_worker([](auto&) {}); // the table's code is stored
    s.advance(std::chrono::minutes(5));
    finish_game(*writer, made[0].id, "0-1", "checkmate", s.now());
    s.tick();
    // Round 1 is finished and round 2 paired, its game not played: "round 2 of 2".
    running = json_of(s.get("/api/tournaments?state=running"))["tournaments"];
    REQUIRE(running.size() == 1);
    CHECK(running[0]["rounds_paired"] == 2);
    CHECK(running[0]["rounds_finished"] == 1);

    shown = json_of(s.get(base))["tournament"];
    REQUIRE(shown["rounds"].size() == 2);
    const auto first = shown["rounds"][0]["pairings"][0];
    CHECK(first["game_id"] == made[0].id);
    CHECK(first["table"] == made[0].code);
    CHECK(first["result"] == "0-1");
    // Round 2's bye goes to the one without a point, the loser: everyone has a win's point.
    CHECK(shown["rounds"][1]["absences"][0]["name"] == made[0].game.white_name);
    const auto& standings = shown["standings"];
    REQUIRE(standings.size() == 3);
    for (const auto& row : standings) {
        CHECK(row["points"] == "1");
        CHECK(row["tiebreaks"].size() == 3);
    }
    CHECK(standings[0]["tiebreaks"][0]["code"] == "BH-C1");

    reply = s.get(base + ".trf");
    REQUIRE(reply.status == 200);
    CHECK(reply.header("content-type").starts_with("text/plain"));
    CHECK(reply.body.starts_with("012 Saturday Swiss"));
    CHECK(reply.body.find("001    1") != std::string::npos);

    CHECK(s.get("/api/tournaments/999").status == 404);
    CHECK(error_code(s.get("/api/tournaments/999.trf")) == "unknown_tournament");
    reply = s.post(base + "/withdraw", json::object(), dan);
    CHECK(error_code(reply) == "not_entered");
    REQUIRE(s.post(base + "/withdraw", json::object(), cid).status == 200);
    running = json_of(s.get("/api/tournaments?state=running"))["tournaments"];
    REQUIRE(running.size() == 1);
    CHECK(running[0]["players"] == 2); // a player withdrawn is no longer counted
    CHECK(running[0]["rounds_paired"] == 2);
    reply = s.post(base + "/end", json::object(), ann);
    REQUIRE(reply.status == 200);
    CHECK(json_of(reply)["tournament"]["state"] == "finished");
    CHECK(error_code(s.post(base + "/join", json::object(), dan)) == "tournament_finished");
}

TEST_CASE("a private tournament is listed to its organiser only and takes its join code") {
    TournamentServer s;
    const auto ann = s.register_user("ann");
    const auto bob = s.register_user("bob");
    auto body = swiss_body(3, 8);
    body["public"] = false;
    CHECK(error_code(s.post("/api/tournaments", body, ann)) == "bad_join_code");
    body["join_code"] = "CLUB42";
    auto reply = s.post("/api/tournaments", body, ann);
    REQUIRE_MESSAGE(reply.status == 201, reply.body);
    CHECK(json_of(reply)["tournament"]["join_code"] == "CLUB42");
    CHECK(json_of(reply)["tournament"]["organiser"] == "ann"); // not entered herself
    const auto base = "/api/tournaments/" + json_of(reply)["tournament"]["id"].dump();
    CHECK(json_of(s.get("/api/tournaments", ann))["tournaments"].size() == 1);
    CHECK(json_of(s.get("/api/tournaments", bob))["tournaments"].empty());
    CHECK_FALSE(json_of(s.get(base, bob))["tournament"].contains("join_code"));
    reply = s.post(base + "/join", {{"join_code", "WRONG"}}, bob);
    CHECK(reply.status == 403);
    CHECK(error_code(reply) == "bad_join_code");
    CHECK(s.post(base + "/join", {{"join_code", "CLUB42"}}, bob).status == 200);
}

TEST_CASE("a tournament over HTTP open only to a ladder's players: the ladder is named at its "
          "creation, shown, and only its players may join") {
    TournamentServer s;
    const auto ann = s.register_user("ann");
    const auto bob = s.register_user("bob");
    auto users = s.backend.user_store();
    auto ladders = s.backend.ladder_store();
    storage::LadderRow club_ladder;
    club_ladder.name = "Club ladder";
    club_ladder.variant = "chess";
    club_ladder.time_control = "180+2";
    club_ladder.response_time = storage::Millis(86'400'000);
    club_ladder.created_at = storage::TimePoint(storage::Millis(1));
    const auto ladder = ladders->create_ladder(club_ladder).value();
    ladders->save_standings(ladder, {users->find_user_by_name("ann")->id}, {});

    auto body = swiss_body(3, 8);
    body["ladder"] = ladder + 9;
    auto reply = s.post("/api/tournaments", body, ann);
    CHECK(reply.status == 400);
    CHECK(error_code(reply) == "unknown_ladder");
    body["ladder"] = "club";
    CHECK(error_code(s.post("/api/tournaments", body, ann)) == "bad_request");
    body["ladder"] = ladder;
    reply = s.post("/api/tournaments", body, ann);
    REQUIRE_MESSAGE(reply.status == 201, reply.body);
    CHECK(json_of(reply)["tournament"]["ladder"] == ladder);
    const auto base = "/api/tournaments/" + json_of(reply)["tournament"]["id"].dump();
    CHECK(json_of(s.get("/api/tournaments"))["tournaments"][0]["ladder"] == ladder);
    CHECK(s.post(base + "/join", json::object(), ann).status == 200);
    reply = s.post(base + "/join", json::object(), bob);
    CHECK(reply.status == 403);
    CHECK(error_code(reply) == "not_on_ladder");
    body.erase("ladder");
    reply = s.post("/api/tournaments", body, ann);
    REQUIRE(reply.status == 201);
    CHECK(json_of(reply)["tournament"]["ladder"].is_null());
    CHECK(json_of(reply)["tournament"]["bye"] == "win");
    // What a bye scores: a win unless the organiser says otherwise.
    body["bye"] = "half";
    CHECK(error_code(s.post("/api/tournaments", body, ann)) == "bad_bye");
    body["bye"] = "draw";
    reply = s.post("/api/tournaments", body, ann);
    REQUIRE(reply.status == 201);
    CHECK(json_of(reply)["tournament"]["bye"] == "draw");
}
