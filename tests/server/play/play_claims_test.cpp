// What lobby/ tests alone before: abandonment claims after the grace period and a challenge
// that expires, here over the real protocol with the injected clock.
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

#include <optional>
#include <thread>

using namespace play_test;

namespace {

// A blitz 5+3 game (grace 42 s) where both have moved; `white` and `black` are seated.
std::string started_game(Client& white, Client& black) {
    const auto code = create_table(white, {{"variant", "chess"},
                                           {"time", {{"base_ms", 300000}, {"increment_ms", 3000}}},
                                           {"color", "white"},
                                           {"private", true}});
    join(black, code);
    move(white, code, 0, "e4");
    move(black, code, 1, "e5");
    return code;
}

} // namespace

TEST_CASE("after the grace period the present player claims the win, or a draw") {
    for (const bool win : {true, false}) {
        CAPTURE(win);
        test::TempDir dir;
        TestClock clock;
        PlayServer server(dir.path() / "play.db", clock);
        Client white(server.port());
        std::optional<Client> black(std::in_place, server.port());
        const auto code = started_game(white, *black);
        black.reset(); // Black's socket goes away; the seat stays
        white.wait_for([&](const json& m) {
            return m.value("t", "") == "table_event" &&
                   m["event"].value("type", "") == "connection" &&
                   m["event"].value("connected", true) == false;
        });
        const std::string claim = win ? "claim_win" : "claim_draw";
        clock.advance(20s);
        CHECK(white.request({{"t", claim}, {"table", code}}).value("code", "") == "too_early");
        clock.advance(30s);
        CHECK(white.request({{"t", claim}, {"table", code}}).value("t", "") == "ok");
        const auto ended = white.wait_event(code, "ended");
        CHECK(ended["event"]["result"]["reason"] == "abandonment");
        CHECK(ended["event"]["result"]["kind"] == (win ? "1-0" : "1/2-1/2"));
        const auto stored = server.backend().game_store()->find_game(1);
        REQUIRE(stored);
        CHECK(stored->game.result == (win ? "1-0" : "1/2-1/2"));
        CHECK(stored->game.termination == "abandonment");
    }
}

TEST_CASE("a challenge nobody answers expires after five minutes") {
    test::TempDir dir;
    TestClock clock;
    PlayServer server(dir.path() / "play.db", clock);
    Client alice(server.port());
    Client bob(server.port());
    const auto sent = alice.request({{"t", "challenge"},
                                     {"to", bob.id()},
                                     {"variant", "chess"},
                                     {"time", {{"base_ms", 60000}}}});
    REQUIRE(sent.value("t", "") == "challenge_sent");
    const auto id = sent["challenge"].get<std::int64_t>();
    bob.wait_push("challenge");
    clock.advance(4min);
    server.recheck_timers();
    CHECK(alice.none_within([](const json& m) { return m.value("t", "") == "challenge_gone"; }));
    clock.advance(1min + 1s);
    server.recheck_timers();
    for (Client* player : {&alice, &bob}) {
        const auto gone = player->wait_push("challenge_gone");
        CHECK(gone.value("reason", "") == "expired");
        CHECK(gone.value("challenge", 0) == id);
    }
    CHECK(bob.request({{"t", "accept_challenge"}, {"challenge", id}}).value("code", "") ==
          "no_such_challenge");
}
