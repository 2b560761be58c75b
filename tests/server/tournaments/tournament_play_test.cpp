// A Swiss of four accounts to its end over the real server (live_club_support.h): the HTTP
// routes, the tournament worker, the play service's tables (server/play/tournament_games.h) and
// WebSocket clients that get the `tournament_game` push and play.
#include "tests/server/tournaments/live_club_support.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using nlohmann::json;
using namespace std::chrono_literals;
using namespace tournament_test;

namespace {

// The body of POST /api/tournaments for a one-round Swiss of two, 5+0, starting when started.
json one_round_swiss(const char* name) {
    return {{"name", name},
            {"variant", "chess"},
            {"base_seconds", 300},
            {"rounds", 1},
            {"starts_at", 9'000'000'000'000}};
}

// Each pairing of the round: White plays 1. e4 and Black resigns (a win for White).
void play_live_round(std::map<std::string, Player>& players) {
    std::map<std::string, std::pair<std::string, std::string>> tables; // code -> white, black
    for (auto& [name, player] : players) {
        const auto notice =
            player.wait_for([](const json& m) { return m["t"] == "tournament_game"; });
        tables[notice["table"].get<std::string>()] = {notice["white"], notice["black"]};
    }
    REQUIRE(tables.size() == 2);
    for (const auto& [code, colours] : tables) {
        auto& white = players.at(colours.first);
        auto& black = players.at(colours.second);
        const auto moved =
            white.request({{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
        REQUIRE_MESSAGE(moved["t"] == "table_event", moved.dump());
        const auto resigned = black.request({{"t", "resign"}, {"table", code}});
        REQUIRE_MESSAGE(resigned["t"] == "ok", resigned.dump());
    }
}

} // namespace

TEST_CASE("a Swiss of four accounts is played to its end: each pairing's table is pushed to its "
          "players, its game's end pairs the next round and the standings follow the results") {
    LiveClub club;
    auto players = register_players(club, {"ann", "bob", "cid", "dan"});
    const auto page = tournament_page(club, players, "ann",
                                      {{"name", "Club Swiss"},
                                       {"variant", "chess"},
                                       {"base_seconds", 300},
                                       {"rounds", 2},
                                       {"rated", true},
                                       {"starts_at", 9'000'000'000'000}},
                                      Connected::All);
    REQUIRE(club.post(page + "/start", json::object(), players["ann"].cookie).status == 200);

    play_live_round(players);
    auto shown = poll(club, page, [](const json& t) { return t["rounds"].size() == 2; });
    for (const auto& p : shown["rounds"][0]["pairings"]) {
        CHECK(p["result"] == "1-0");
        CHECK(p["game_id"].is_number_integer());
    }
    play_live_round(players);
    shown = poll(club, page, [](const json& t) { return t["state"] == "finished"; });
    std::set<std::pair<std::string, std::string>> met;
    for (const auto& round : shown["rounds"])
        for (const auto& p : round["pairings"]) {
            CHECK(p["result"] == "1-0");
            CHECK(met.insert(
                         std::minmax(p["white"].get<std::string>(), p["black"].get<std::string>()))
                      .second);
        }
    int total_halves = 0;
    for (const auto& row : shown["standings"]) {
        const auto points = row["points"].get<std::string>();
        total_halves += std::stoi(points) * 2 + (points.ends_with(".5") ? 1 : 0);
    }
    CHECK(total_halves == 2 * 2 * 2); // two rounds of two decisive games

    // A rated tournament's games are rated like any other: each player has two chess games on
    // their rating, and the winner of both stands above the loser of both.
    std::map<std::string, double> rating;
    for (const auto& [name, player] : players) {
        const auto user = club.get("/api/users/" + name);
        REQUIRE_MESSAGE(user["ratings"].size() == 1, user.dump());
        CHECK(user["ratings"][0]["variant"] == "chess");
        CHECK(user["ratings"][0]["games"] == 2);
        rating[name] = user["ratings"][0]["rating"].get<double>();
    }
    const auto& first = shown["standings"].front();
    const auto& last = shown["standings"].back();
    REQUIRE(first["points"] == "2");
    REQUIRE(last["points"] == "0");
    CHECK(rating.at(first["name"].get<std::string>()) > 1500.0);
    CHECK(rating.at(last["name"].get<std::string>()) < 1500.0);
}

TEST_CASE("a tournament table refuses abort and rematch: its one game decides the pairing") {
    LiveClub club;
    auto players = register_players(club, {"ann", "bob"});
    const auto page = tournament_page(club, players, "ann", one_round_swiss("Two"), Connected::All);
    REQUIRE(club.post(page + "/start", json::object(), players["ann"].cookie).status == 200);
    std::string code;
    std::string white;
    std::string black;
    for (auto& [name, player] : players) {
        const auto notice =
            player.wait_for([](const json& m) { return m["t"] == "tournament_game"; });
        code = notice["table"].get<std::string>();
        white = notice["white"].get<std::string>();
        black = notice["black"].get<std::string>();
    }
    auto aborted = players.at(black).request({{"t", "abort"}, {"table", code}});
    CHECK(aborted["t"] == "error");
    CHECK(aborted["code"] == "not_allowed");
    const auto moved =
        players.at(white).request({{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
    REQUIRE_MESSAGE(moved["t"] == "table_event", moved.dump());
    const auto resigned = players.at(black).request({{"t", "resign"}, {"table", code}});
    REQUIRE_MESSAGE(resigned["t"] == "ok", resigned.dump());
    for (const auto* kind : {"offer_rematch", "accept_rematch"}) {
        const auto rematch = players.at(white).request({{"t", kind}, {"table", code}});
        CHECK(rematch["t"] == "error");
        CHECK(rematch["code"] == "not_allowed");
    }
    const auto shown = poll(club, page, [](const json& t) { return t["state"] == "finished"; });
    CHECK(shown["rounds"][0]["pairings"][0]["result"] == "1-0");
    CHECK(shown["rounds"][0]["pairings"][0]["table"] == code);
}

TEST_CASE("restarted with a tournament game in progress, the server takes the restored table as "
          "the pairing's: no second table or game, and it still refuses abort") {
    auto dir = std::make_shared<test::TempDir>();
    std::map<std::string, std::string> cookies;
    std::string page;
    std::string code;
    std::string white;
    std::string black;
    json before;
    {
        LiveClub club(dir);
        auto players = register_players(club, {"ann", "bob"});
        for (const auto& [name, player] : players)
            cookies[name] = player.cookie;
        page = tournament_page(club, players, "ann", one_round_swiss("Restart"), Connected::All);
        REQUIRE(club.post(page + "/start", json::object(), cookies["ann"]).status == 200);
        for (auto& [name, player] : players) {
            const auto notice =
                player.wait_for([](const json& m) { return m["t"] == "tournament_game"; });
            code = notice["table"].get<std::string>();
            white = notice["white"].get<std::string>();
            black = notice["black"].get<std::string>();
        }
        const auto moved = players.at(white).request(
            {{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
        REQUIRE_MESSAGE(moved["t"] == "table_event", moved.dump());
        before = poll(club, page, [](const json& t) {
            return t["rounds"][0]["pairings"][0]["game_id"].is_number_integer();
        });
    } // the server stops with the game in progress

    LiveClub club(dir);
    club.tick(); // asks again for the pairing's table, with its stored code
    std::this_thread::sleep_for(300ms); // the play service marks the restored table
    Player player{black, cookies[black], nullptr};
    player.ws = std::make_unique<test::WsTestClient>(
        test::WsOptions(club.app->port()).cookie_header(player.cookie));
    REQUIRE(player.ws->read_json()["t"] == "hello");
    const auto welcome = player.wait_for([](const json& m) { return m["t"] == "welcome"; });
    CHECK_MESSAGE(welcome.dump().find(code) != std::string::npos, welcome.dump());
    const auto aborted = player.request({{"t", "abort"}, {"table", code}});
    CHECK(aborted["t"] == "error");
    CHECK(aborted["code"] == "not_allowed");
    const auto resigned = player.request({{"t", "resign"}, {"table", code}});
    REQUIRE_MESSAGE(resigned["t"] == "ok", resigned.dump());
    const auto shown = poll(club, page, [](const json& t) { return t["state"] == "finished"; });
    const auto& pairing = shown["rounds"][0]["pairings"][0];
    CHECK(pairing["table"] == code);
    CHECK(pairing["game_id"] == before["rounds"][0]["pairings"][0]["game_id"]);
    CHECK(pairing["result"] == "1-0");
}

TEST_CASE("a player not connected when paired is seated all the same and shown disconnected, "
          "and connecting later finds the game on the tournament's page and plays it") {
    LiveClub club;
    auto players = register_players(club, {"ann", "bob"});
    const auto page =
        tournament_page(club, players, "ann", one_round_swiss("Away"), Connected::Later);
    // Only ann is connected when the round is paired.
    auto& ann = players["ann"];
    connect(club, ann);
    REQUIRE(club.post(page + "/start", json::object(), ann.cookie).status == 200);
    const auto notice = ann.wait_for([](const json& m) { return m["t"] == "tournament_game"; });
    const auto code = notice["table"].get<std::string>();
    const auto state = ann.request({{"t", "join"}, {"code", code}});
    REQUIRE_MESSAGE(state.contains("state"), state.dump());
    const auto& seats = state["state"]["seats"];
    REQUIRE(seats.size() == 2);
    const std::size_t bob_seat = notice["white"] == "bob" ? 0 : 1;
    CHECK(seats[bob_seat]["name"] == "bob");
    CHECK(seats[bob_seat]["connected"] == false);
    CHECK(seats[1 - bob_seat]["connected"] == true);

    // bob comes: the tournament's page names his table, and the game is played there.
    auto& bob = players["bob"];
    connect(club, bob);
    const auto shown = club.get(page)["tournament"];
    CHECK(shown["rounds"][0]["pairings"][0]["table"] == code);
    auto& white = notice["white"] == "bob" ? bob : ann;
    auto& black = notice["white"] == "bob" ? ann : bob;
    const auto moved = white.request({{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
    REQUIRE_MESSAGE(moved["t"] == "table_event", moved.dump());
    const auto resigned = black.request({{"t", "resign"}, {"table", code}});
    REQUIRE_MESSAGE(resigned["t"] == "ok", resigned.dump());
    const auto done = poll(club, page, [](const json& t) { return t["state"] == "finished"; });
    CHECK(done["rounds"][0]["pairings"][0]["result"] == "1-0");
}
