#pragma once
// For the tournament tests over the real server: a LiveClub runs the HTTP routes, the tournament
// worker and the play service's tables (with the arena's berserk) on 127.0.0.1:0 over a
// temporary database, with a hand-moved clock shared by the play service and the tournaments;
// Players are accounts registered over HTTP with a WebSocket each. Every wait is bounded: a
// read has its own deadline, a poll a hundred looks.

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
#include <chrono>
#include <functional>
#include <future>
#include <initializer_list>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace tournament_test {

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
        tournaments->set_arena_clocks(std::make_shared<server::play::ArenaBerserk>(play));
        // As `tabula serve` does: unfinished games come back before the doors open.
        (void)play->restore(backend.game_store()->load_unfinished_games());
        app->add_message_handler(play);
        app->start();
    }
    ~LiveClub() {
        using namespace std::chrono_literals;
        app->stop(500ms);
        play->stop();
        tournaments.reset(); // finish their queued work while the io_context exists
        accounts.reset();
        play.reset();
        app.reset();
    }
    LiveClub(const LiveClub&) = delete;
    LiveClub& operator=(const LiveClub&) = delete;

    test::HttpReply post(const std::string& target, const nlohmann::json& body,
                         const std::string& cookie) {
        return test::http_request(app->port(), "POST", target,
                                  "Content-Type: application/json\r\nCookie: " + cookie + "\r\n",
                                  body.dump());
    }
    nlohmann::json get(const std::string& target) {
        return nlohmann::json::parse(test::http_request(app->port(), "GET", target).body, nullptr,
                                     false);
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

    nlohmann::json wait_for(const std::function<bool(const nlohmann::json&)>& match) {
        for (int i = 0; i < 200; ++i) { // each read has its own deadline
            auto message = ws->read_json();
            if (match(message))
                return message;
        }
        throw std::runtime_error(name + ": no such message");
    }
    nlohmann::json request(nlohmann::json message) {
        const int id = next_id++;
        message["id"] = id;
        ws->send_text(message.dump());
        return wait_for(
            [id](const nlohmann::json& m) { return m.contains("id") && m["id"] == id; });
    }
};

// Accounts registered over HTTP, each with its session cookie; none connected yet.
inline std::map<std::string, Player> register_players(LiveClub& club,
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
inline void connect(LiveClub& club, Player& player) {
    player.ws = std::make_unique<test::WsTestClient>(
        test::WsOptions(club.app->port()).cookie_header(player.cookie));
    REQUIRE(player.ws->read_json()["t"] == "hello");
    player.wait_for([](const nlohmann::json& m) { return m["t"] == "welcome"; });
}

// How the players come to a tournament made by tournament_page.
enum class Connected { All, Later };

// A tournament created over HTTP by `organiser` (the body of POST /api/tournaments) and joined
// by every player, each connected first unless Connected::Later; its page's path.
inline std::string tournament_page(LiveClub& club, std::map<std::string, Player>& players,
                                   const std::string& organiser, const nlohmann::json& body,
                                   Connected connected) {
    const auto created = club.post("/api/tournaments", body, players.at(organiser).cookie);
    REQUIRE_MESSAGE(created.status == 201, created.body);
    const auto page =
        "/api/tournaments/" + nlohmann::json::parse(created.body)["tournament"]["id"].dump();
    for (auto& [name, player] : players) {
        REQUIRE(club.post(page + "/join", nlohmann::json::object(), player.cookie).status == 200);
        if (connected == Connected::All)
            connect(club, player);
    }
    return page;
}

// Polls (bounded) until `done` holds for the tournament's page, ticking between looks.
inline nlohmann::json poll(LiveClub& club, const std::string& page,
                           const std::function<bool(const nlohmann::json&)>& done) {
    for (int i = 0; i < 100; ++i) {
        club.tick();
        auto shown = club.get(page)["tournament"];
        if (done(shown))
            return shown;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL("the tournament did not get there: " << club.get(page).dump());
    return {};
}

} // namespace tournament_test
