// An arena of three accounts over the real server: the HTTP routes, the tournament worker, the
// play service's tables and berserk (server/play/arena_berserk.h) and WebSocket clients that get
// the `tournament_game` push, see the `berserked` event and play. 127.0.0.1:0, a temporary
// database, a hand-moved clock shared by the play service and the tournaments, every wait
// bounded.
#include "lobby/time.h"
#include "server/accounts/accounts_service.h"
#include "server/play/arena_berserk.h"
#include "server/play/play_service.h"
#include "server/play/tournament_games.h"
#include "server/tournaments/tournament_runner.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"

#include <atomic>
#include <future>
#include <map>
#include <memory>
#include <thread>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using nlohmann::json;
using namespace std::chrono_literals;

namespace {

class ArenaHandClock final : public lobby::TimeSource {
public:
    lobby::TimePoint now() const override { return lobby::TimePoint{lobby::Millis{ms_.load()}}; }

private:
    std::atomic<std::int64_t> ms_{1'767'225'600'000};
};

struct ArenaLiveClub {
    test::TempDir dir;
    ArenaHandClock clock;
    storage::sqlite::SqliteBackend backend{(dir.path() / "tabula.db").string()};
    test::SampleWeb web;
    std::unique_ptr<server::App> app;
    std::unique_ptr<server::accounts::AccountsService> accounts;
    std::unique_ptr<server::tournaments::TournamentRunner> tournaments;
    std::shared_ptr<server::play::PlayService> play;

    ArenaLiveClub() {
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
        tournaments->set_arena_clocks(std::make_shared<server::play::ArenaBerserk>(play));
        app->add_message_handler(play);
        app->start();
    }
    ~ArenaLiveClub() {
        app->stop(500ms);
        play->stop();
        tournaments.reset(); // finish their queued work while the io_context exists
        accounts.reset();
        play.reset();
        app.reset();
    }
    ArenaLiveClub(const ArenaLiveClub&) = delete;
    ArenaLiveClub& operator=(const ArenaLiveClub&) = delete;

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
    // Polls (bounded) until `done` holds for the tournament's page, ticking between looks.
    json poll(const std::string& page, const std::function<bool(const json&)>& done) {
        for (int i = 0; i < 100; ++i) {
            tick();
            auto shown = get(page)["tournament"];
            if (done(shown))
                return shown;
            std::this_thread::sleep_for(50ms);
        }
        FAIL("the arena did not get there: " << get(page).dump());
        return {};
    }
};

struct ArenaWsPlayer {
    std::string cookie;
    std::unique_ptr<test::WsTestClient> ws;
    int next_id = 1;

    json wait_for(const std::function<bool(const json&)>& match) {
        for (int i = 0; i < 200; ++i) { // each read has its own deadline
            auto message = ws->read_json();
            if (match(message))
                return message;
        }
        throw std::runtime_error("no such message");
    }
    json request(json message) {
        const int id = next_id++;
        message["id"] = id;
        ws->send_text(message.dump());
        return wait_for([id](const json& m) { return m.contains("id") && m["id"] == id; });
    }
};

bool is_berserked(const json& m) {
    return m["t"] == "table_event" && m["event"]["type"] == "berserked";
}

} // namespace

TEST_CASE("an arena of three accounts over WebSockets: paired, one player goes berserk on the "
          "live table, the game ends and the standings and the next wave follow") {
    ArenaLiveClub club;
    std::map<std::string, ArenaWsPlayer> players;
    for (const auto* name : {"ann", "bob", "cid"}) {
        const auto reply =
            club.post("/api/register", {{"name", name}, {"password", "correct horse"}}, "x=y");
        REQUIRE_MESSAGE(reply.status == 201, reply.body);
        const auto header = reply.header("set-cookie");
        players[name] = ArenaWsPlayer{header.substr(0, header.find(';')), nullptr};
    }
    const auto created = club.post("/api/tournaments",
                                   {{"name", "Club arena"},
                                    {"format", "arena"},
                                    {"variant", "chess"},
                                    {"base_seconds", 300},
                                    {"increment_seconds", 2},
                                    {"duration", 60},
                                    {"rated", true},
                                    {"starts_at", 9'000'000'000'000}},
                                   players["ann"].cookie);
    REQUIRE_MESSAGE(created.status == 201, created.body);
    const auto page = "/api/tournaments/" + json::parse(created.body)["tournament"]["id"].dump();
    for (auto& [name, player] : players) {
        REQUIRE(club.post(page + "/join", json::object(), player.cookie).status == 200);
        player.ws = std::make_unique<test::WsTestClient>(
            test::WsOptions(club.app->port()).cookie_header(player.cookie));
        REQUIRE(player.ws->read_json()["t"] == "hello");
        player.wait_for([](const json& m) { return m["t"] == "welcome"; });
    }
    REQUIRE(club.post(page + "/start", json::object(), players["ann"].cookie).status == 200);
    auto shown = club.poll(page, [](const json& t) {
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
    shown = club.poll(page, [](const json& t) { return t["rounds"].size() == 2; });
    CHECK(shown["rounds"][0]["pairings"][0]["result"] == "1-0");
    CHECK(shown["rounds"][0]["pairings"][0]["black_berserk"] == true);
    CHECK(shown["standings"][0]["name"] == white_name);
    CHECK(shown["standings"][0]["points"] == 2);
    CHECK(shown["standings"][0]["sheet"] == json::array({2}));
    const auto second = shown["rounds"][1]["pairings"][0];
    CHECK((second["white"] == white_name || second["black"] == white_name));
    CHECK((second["white"] != black_name && second["black"] != black_name));
}
