// A Swiss of four accounts to its end over the real server: the HTTP routes, the tournament
// worker, the play service's tables (server/play/tournament_games.h) and WebSocket clients that
// get the `tournament_game` push and play. 127.0.0.1:0, a temporary database, a hand-moved
// clock shared by the play service and the tournaments, every wait bounded.
#include "lobby/time.h"
#include "server/accounts/accounts_service.h"
#include "server/play/play_service.h"
#include "server/play/tournament_games.h"
#include "server/tournaments/tournament_runner.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <algorithm>
#include <atomic>
#include <future>
#include <map>
#include <memory>
#include <set>
#include <thread>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using nlohmann::json;
using namespace std::chrono_literals;

namespace {

class HandClock final : public lobby::TimeSource {
public:
    lobby::TimePoint now() const override { return lobby::TimePoint{lobby::Millis{ms_.load()}}; }
    void advance(lobby::Millis by) { ms_ += by.count(); }

private:
    std::atomic<std::int64_t> ms_{1'767'225'600'000};
};

struct LiveClub {
    std::shared_ptr<test::TempDir> dir; // shared with a club restarted on the same database
    HandClock clock;
    storage::sqlite::SqliteBackend backend{(dir->path() / "tabula.db").string()};
    test::SampleWeb web;
    std::unique_ptr<server::App> app;
    std::unique_ptr<server::accounts::AccountsService> accounts;
    std::unique_ptr<server::tournaments::TournamentRunner> tournaments;
    std::shared_ptr<server::play::PlayService> play;

    explicit LiveClub(std::shared_ptr<test::TempDir> shared = std::make_shared<test::TempDir>())
        : dir(std::move(shared)) {
        auto config = test::test_config(web.web);
        config.messages_per_second = 200;
        config.burst = 200;
        app = std::make_unique<server::App>(config);
        server::accounts::AccountsServiceOptions options;
        options.accounts.password = {.memory_kib = 256, .passes = 1, .lanes = 1};
        options.clock = [this] { return clock.now(); };
        accounts = std::make_unique<server::accounts::AccountsService>(backend, options);
        accounts->register_routes(app->routes());
        app->set_authenticator(accounts->authenticator());
        tournaments = std::make_unique<server::tournaments::TournamentRunner>(
            backend, server::tournaments::TournamentRunnerOptions{
                          .clock = [this] { return clock.now(); }, .schedules = {}});
        tournaments->register_routes(app->routes());
        play = std::make_shared<server::play::PlayService>(app->io_context(), clock,
                                                           backend.game_writer());
        tournaments->set_game_starter(std::make_shared<server::play::TournamentGames>(play));
        // As `tabula serve` does: unfinished games come back before the doors open.
        (void)play->restore(backend.game_store()->load_unfinished_games());
        app->add_message_handler(play);
        app->start();
    }
    ~LiveClub() {
        app->stop(500ms);
        play->stop();
        tournaments.reset(); // finish their queued work while the io_context exists
        accounts.reset();
        play.reset();
        app.reset();
    }
    LiveClub(const LiveClub&) = delete;
    LiveClub& operator=(const LiveClub&) = delete;

    test::HttpReply post(const std::string& target, const json& body, const std::string& cookie) {
        return test::http_request(app->port(), "POST", target,
                                  "Content-Type: application/json\r\nCookie: " + cookie + "\r\n",
                                  body.dump());
    }
    json get(const std::string& target) {
        return json::parse(test::http_request(app->port(), "GET", target).body, nullptr, false);
    }
    void tick() {
        std::promise<void> done;
        tournaments->run([&](server::tournaments::TournamentService& service) {
            service.tick(clock.now());
            done.set_value();
        });
        done.get_future().get();
    }
};

// A player's WebSocket, logged in by its session cookie.
struct Player {
    std::string name;
    std::string cookie;
    std::unique_ptr<test::WsTestClient> ws;
    int next_id = 1;

    json wait_for(const std::function<bool(const json&)>& match) {
        for (int i = 0; i < 200; ++i) { // each read has its own deadline
            auto message = ws->read_json();
            if (match(message))
                return message;
        }
        throw std::runtime_error(name + ": no such message");
    }
    json request(json message) {
        const int id = next_id++;
        message["id"] = id;
        ws->send_text(message.dump());
        return wait_for([id](const json& m) { return m.contains("id") && m["id"] == id; });
    }
};

// Accounts registered over HTTP, each with its session cookie; none connected yet.
std::map<std::string, Player> register_players(LiveClub& club,
                                               std::initializer_list<const char*> names) {
    std::map<std::string, Player> players;
    for (const auto* name : names) {
        const auto reply =
            club.post("/api/register", {{"name", name}, {"password", "correct horse"}}, "x=y");
        REQUIRE_MESSAGE(reply.status == 201, reply.body);
        const auto header = reply.header("set-cookie");
        players[name] = Player{name, header.substr(0, header.find(';')), nullptr};
    }
    return players;
}

// The player's WebSocket, open and welcomed.
void connect(LiveClub& club, Player& player) {
    player.ws = std::make_unique<test::WsTestClient>(
        test::WsOptions(club.app->port()).cookie_header(player.cookie));
    REQUIRE(player.ws->read_json()["t"] == "hello");
    player.wait_for([](const json& m) { return m["t"] == "welcome"; });
}

// Polls (bounded) until `done` holds for the tournament's page, ticking between looks.
json poll(LiveClub& club, const std::string& page, const std::function<bool(const json&)>& done) {
    for (int i = 0; i < 100; ++i) {
        club.tick();
        auto shown = club.get(page)["tournament"];
        if (done(shown))
            return shown;
        std::this_thread::sleep_for(50ms);
    }
    FAIL("the tournament did not get there: " << club.get(page).dump());
    return {};
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
    const auto created = club.post("/api/tournaments",
                                   {{"name", "Club Swiss"},
                                    {"variant", "chess"},
                                    {"base_seconds", 300},
                                    {"rounds", 2},
                                    {"rated", true},
                                    {"starts_at", 9'000'000'000'000}},
                                   players["ann"].cookie);
    REQUIRE_MESSAGE(created.status == 201, created.body);
    const auto page = "/api/tournaments/" + json::parse(created.body)["tournament"]["id"].dump();
    for (auto& [name, player] : players) {
        REQUIRE(club.post(page + "/join", json::object(), player.cookie).status == 200);
        connect(club, player);
    }
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
    const auto created = club.post("/api/tournaments",
                                   {{"name", "Two"},
                                    {"variant", "chess"},
                                    {"base_seconds", 300},
                                    {"rounds", 1},
                                    {"starts_at", 9'000'000'000'000}},
                                   players["ann"].cookie);
    REQUIRE_MESSAGE(created.status == 201, created.body);
    const auto page = "/api/tournaments/" + json::parse(created.body)["tournament"]["id"].dump();
    for (auto& [name, player] : players) {
        REQUIRE(club.post(page + "/join", json::object(), player.cookie).status == 200);
        connect(club, player);
    }
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
        std::map<std::string, Player> players;
        for (const auto* name : {"ann", "bob"}) {
            const auto reply = club.post("/api/register",
                                         {{"name", name}, {"password", "correct horse"}}, "x=y");
            REQUIRE_MESSAGE(reply.status == 201, reply.body);
            const auto header = reply.header("set-cookie");
            cookies[name] = header.substr(0, header.find(';'));
            players[name] = Player{name, cookies[name], nullptr};
        }
        const auto created = club.post("/api/tournaments",
                                       {{"name", "Restart"},
                                        {"variant", "chess"},
                                        {"base_seconds", 300},
                                        {"rounds", 1},
                                        {"starts_at", 9'000'000'000'000}},
                                       cookies["ann"]);
        REQUIRE_MESSAGE(created.status == 201, created.body);
        page = "/api/tournaments/" + json::parse(created.body)["tournament"]["id"].dump();
        for (auto& [name, player] : players) {
            REQUIRE(club.post(page + "/join", json::object(), player.cookie).status == 200);
            player.ws = std::make_unique<test::WsTestClient>(
                test::WsOptions(club.app->port()).cookie_header(player.cookie));
            REQUIRE(player.ws->read_json()["t"] == "hello");
            player.wait_for([](const json& m) { return m["t"] == "welcome"; });
        }
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
    const auto created = club.post("/api/tournaments",
                                   {{"name", "Away"},
                                    {"variant", "chess"},
                                    {"base_seconds", 300},
                                    {"rounds", 1},
                                    {"starts_at", 9'000'000'000'000}},
                                   players["ann"].cookie);
    REQUIRE_MESSAGE(created.status == 201, created.body);
    const auto page = "/api/tournaments/" + json::parse(created.body)["tournament"]["id"].dump();
    for (auto& [name, player] : players)
        REQUIRE(club.post(page + "/join", json::object(), player.cookie).status == 200);
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
