// What lobby/ tests alone before: abandonment claims after the grace period and a challenge
// that expires, here over the real protocol with the injected clock.
#include "tests/server/play/play_fixture.h"

#include <optional>
#include <thread>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// A blitz 5+3 game (grace 42 s) where both have moved; `white` and `black` are seated.
std::string started_game(Client& white, Client& black) {
    const auto code = start_table(white, black, private_setup("chess", fischer_ms(300000, 3000)));
    play_moves(white, black, code, {"e4", "e5"});
    return code;
}

} // namespace

TEST_CASE("after the grace period the present player claims the win, or a draw") {
    for (const bool win : {true, false}) {
        CAPTURE(win);
        FreshServer fresh;
        Client white(fresh.server.port());
        std::optional<Client> black(std::in_place, fresh.server.port());
        const auto code = started_game(white, *black);
        black.reset(); // Black's socket goes away; the seat stays
        white.wait_for([&](const json& m) {
            return is_table_event(m, "connection_changed") &&
                   m["event"].value("connected", true) == false;
        });
        const std::string claim = win ? "claim_win" : "claim_draw";
        fresh.clock.advance(20s);
        CHECK(white.request({{"t", claim}, {"table", code}}).value("code", "") == "too_early");
        fresh.clock.advance(30s);
        CHECK(white.request({{"t", claim}, {"table", code}}).value("t", "") == "ok");
        const auto ended = white.wait_event(code, "game_ended");
        CHECK(ended["event"]["result"]["reason"] == "abandonment");
        CHECK(ended["event"]["result"]["kind"] == (win ? "win" : "draw"));
        const auto stored = fresh.server.backend().game_store()->find_game(1);
        REQUIRE(stored);
        CHECK(stored->game.result == (win ? "1-0" : "1/2-1/2"));
        CHECK(stored->game.termination == "abandonment");
    }
}

TEST_CASE("a threefold repetition is claimed while the opponent is away, grace or none") {
    // Under claim rules a draw by rule is the claimant's right at once: an opponent's dropped
    // connection must not turn the claim into an abandonment claim (too_early in a timed game,
    // not_allowed in one without a clock).
    for (const bool timed : {true, false}) {
        CAPTURE(timed);
        FreshServer fresh;
        Client white(fresh.server.port());
        std::optional<Client> black(std::in_place, fresh.server.port());
        auto setup = private_setup("chess", timed ? fischer_ms(300000, 3000) : json(nullptr));
        setup["draw_rules"] = "claim";
        const auto code = start_table(white, *black, setup);
        play_moves(white, *black, code, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
        black.reset();
        white.wait_for([&](const json& m) {
            return is_table_event(m, "connection_changed") &&
                   m["event"].value("connected", true) == false;
        });
        CHECK(white.request({{"t", "claim_draw"}, {"table", code}}).value("t", "") == "ok");
        const auto ended = white.wait_event(code, "game_ended");
        CHECK(ended["event"]["result"]["reason"] == "threefold");
        CHECK(ended["event"]["result"]["kind"] == "draw");
    }
}

TEST_CASE_FIXTURE(FreshServer, "a challenge nobody answers expires after five minutes") {
    Client alice(server.port());
    Client bob(server.port());
    const auto id =
        challenge(alice, bob, {{"variant", "chess"}, {"time", {{"base_ms", 60000}}}}).id;
    pass_time(4min);
    CHECK(alice.none_within([](const json& m) { return m.value("t", "") == "challenge_gone"; }));
    pass_time(1min + 1s);
    for (Client* player : {&alice, &bob}) {
        const auto gone = player->wait_push("challenge_gone");
        CHECK(gone.value("reason", "") == "expired");
        CHECK(gone.value("challenge", 0) == id);
    }
    CHECK(bob.request({{"t", "accept_challenge"}, {"challenge", id}}).value("code", "") ==
          "no_such_challenge");
}
