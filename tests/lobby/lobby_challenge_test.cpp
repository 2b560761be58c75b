#include "lobby_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("a challenge is issued to the invitee and accepted into a match") {
    LobbyFixture f;
    const auto id = f.lobby.challenge(f.alice, "bob", TableSetup{.color = ColorChoice::Black}, t0);
    REQUIRE(id.ok());
    CHECK(f.listener.last<ChallengeIssued>().challenge.challenged == "bob");
    CHECK(f.listener.events.back().to == std::vector<PlayerId>{"bob", "alice"});
    CHECK(f.lobby.accept_challenge(id.value(), f.alice, t0).error().code == "not_your_challenge");
    const auto match = f.lobby.accept_challenge(id.value(), f.bob, t0 + 5s);
    REQUIRE(match.ok());
    CHECK(match.value().white.id == "bob"); // alice chose black
    CHECK(match.value().black.id == "alice");
    CHECK(f.lobby.find_by_code(match.value().table_code).ok());
    CHECK(f.listener.last<ChallengeAccepted>().match.table_code == match.value().table_code);
    CHECK(f.lobby.accept_challenge(id.value(), f.bob, t0).error().code == "no_such_challenge");
}

TEST_CASE("a challenge can be declined with a reason") {
    LobbyFixture f;
    const auto id = f.lobby.challenge(f.alice, "bob", TableSetup{}, t0).value();
    CHECK(f.lobby.decline_challenge(id, "alice", DeclineReason::Later)->code ==
          "not_your_challenge");
    REQUIRE_FALSE(f.lobby.decline_challenge(id, "bob", DeclineReason::TooFast));
    CHECK(f.listener.last<ChallengeDeclined>().reason == DeclineReason::TooFast);
    CHECK(decline_reason_name(DeclineReason::TooFast) == "too_fast");
    CHECK(decline_reason_from_name("time_control") == DeclineReason::TimeControl);
    CHECK_FALSE(decline_reason_from_name("rude"));
    CHECK(f.lobby.challenges_of("alice").empty());
}

TEST_CASE("a counter-offer changes the setup and passes the turn, and countering again works") {
    LobbyFixture f;
    const auto id =
        f.lobby.challenge(f.alice, "bob", TableSetup{.color = ColorChoice::White}, t0).value();
    TableSetup slower{.time_control = fischer(15min, 10s), .color = ColorChoice::White};
    REQUIRE_FALSE(f.lobby.counter_challenge(id, f.bob, CounterOffer{slower}, t0 + 10s));
    const auto& countered = f.listener.last<ChallengeCountered>();
    CHECK(countered.by == "bob");
    CHECK(countered.challenge.awaiting == "alice");
    CHECK(countered.challenge.setup.time_control == fischer(15min, 10s));
    // now bob cannot accept his own counter
    CHECK(f.lobby.accept_challenge(id, f.bob, t0 + 11s).error().code == "not_your_challenge");
    // alice counters back
    TableSetup middle{.time_control = fischer(10min, 5s), .color = ColorChoice::White};
    REQUIRE_FALSE(f.lobby.counter_challenge(id, f.alice, CounterOffer{middle}, t0 + 20s));
    CHECK(f.listener.last<ChallengeCountered>().challenge.awaiting == "bob");
    const auto match = f.lobby.accept_challenge(id, f.bob, t0 + 30s);
    REQUIRE(match.ok());
    CHECK(match.value().setup.time_control == fischer(10min, 5s));
    CHECK(match.value().white.id == "alice");
}

TEST_CASE("the challenger accepts the invitee's counter-offer") {
    LobbyFixture f;
    const auto id = f.lobby.challenge(f.alice, "bob", TableSetup{}, t0).value();
    REQUIRE_FALSE(
        f.lobby.counter_challenge(id, f.bob, CounterOffer{TableSetup{.rated = true}}, t0));
    const auto match = f.lobby.accept_challenge(id, f.alice, t0 + 1s);
    REQUIRE(match.ok());
    CHECK(match.value().setup.rated);
    CHECK(std::set<std::string>{match.value().white.id, match.value().black.id} ==
          std::set<std::string>{"alice", "bob"});
}

TEST_CASE("a counter-offer that names no colour keeps the challenger's colour") {
    LobbyFixture f;
    const auto id =
        f.lobby.challenge(f.alice, "bob", TableSetup{.color = ColorChoice::White}, t0).value();
    const CounterOffer slower{.setup = TableSetup{.time_control = fischer(15min, 10s)},
                              .names_color = false};
    REQUIRE_FALSE(f.lobby.counter_challenge(id, f.bob, slower, t0 + 10s));
    CHECK(f.listener.last<ChallengeCountered>().challenge.setup.color == ColorChoice::White);
    const auto match = f.lobby.accept_challenge(id, f.alice, t0 + 20s);
    REQUIRE(match.ok());
    CHECK(match.value().white.id == "alice");
    CHECK(match.value().setup.time_control == fischer(15min, 10s));
}

TEST_CASE("a counter-offer that names a colour changes it") {
    LobbyFixture f;
    const auto id =
        f.lobby.challenge(f.alice, "bob", TableSetup{.color = ColorChoice::White}, t0).value();
    REQUIRE_FALSE(f.lobby.counter_challenge(
        id, f.bob, CounterOffer{TableSetup{.color = ColorChoice::Black}}, t0 + 10s));
    const auto match = f.lobby.accept_challenge(id, f.alice, t0 + 20s);
    REQUIRE(match.ok());
    CHECK(match.value().white.id == "bob");
}

TEST_CASE("challenges expire when left unanswered") {
    LobbyFixture f;
    const auto id = f.lobby.challenge(f.alice, "bob", TableSetup{}, t0).value();
    CHECK(f.lobby.next_deadline() == t0 + 5min);
    f.lobby.check_timeouts(t0 + 4min);
    CHECK(f.listener.count<ChallengeExpired>() == 0);
    REQUIRE_FALSE(f.lobby.counter_challenge(id, f.bob, CounterOffer{}, t0 + 4min));
    CHECK(f.lobby.next_deadline() == t0 + 9min); // a counter restarts the wait
    f.lobby.check_timeouts(t0 + 9min);
    CHECK(f.listener.last<ChallengeExpired>().challenge.id == id);
    CHECK(f.lobby.accept_challenge(id, f.alice, t0 + 9min).error().code == "no_such_challenge");
}

TEST_CASE("correspondence challenges wait longer") {
    LobbyFixture f;
    REQUIRE(
        f.lobby.challenge(f.alice, "bob", TableSetup{.time_control = correspondence(3)}, t0).ok());
    CHECK(f.lobby.next_deadline() == t0 + std::chrono::days(7));
}

TEST_CASE("a blocked user cannot challenge the blocker") {
    LobbyFixture f;
    f.blocks.pairs.insert({"bob", "alice"});
    CHECK(f.lobby.challenge(f.alice, "bob", TableSetup{}, t0).error().code == "blocked");
    CHECK(f.lobby.challenges_of("bob").empty());
    CHECK(f.listener.events.empty());
}

TEST_CASE("challenges are checked: self, bad setup, rated with a guest, duplicates") {
    LobbyFixture f;
    CHECK(f.lobby.challenge(f.alice, "alice", TableSetup{}, t0).error().code == "not_allowed");
    CHECK(f.lobby.challenge(f.alice, "bob", TableSetup{.time_control = TimeControl{}}, t0)
              .error()
              .code == "bad_setup");
    CHECK(f.lobby.challenge(f.guest, "bob", TableSetup{.rated = true}, t0).error().code ==
          "not_allowed");
    const auto id = f.lobby.challenge(f.alice, "guest-ABCD", TableSetup{.rated = true}, t0);
    REQUIRE(id.ok());
    CHECK(f.lobby.accept_challenge(id.value(), f.guest, t0).error().code == "not_allowed");
    CHECK(f.lobby.challenges_of("alice").size() == 1); // the refusal changed nothing
    CHECK(f.lobby.challenge(f.alice, "guest-ABCD", TableSetup{}, t0).error().code == "not_allowed");
    CHECK(f.lobby.decline_challenge(999, "bob", DeclineReason::Generic)->code ==
          "no_such_challenge");
}

TEST_CASE("the proposer may withdraw a challenge, and leaving the site withdraws it too") {
    LobbyFixture f;
    const auto a = f.lobby.challenge(f.alice, "bob", TableSetup{}, t0).value();
    CHECK(f.lobby.cancel_challenge(a, "bob")->code == "not_your_challenge");
    REQUIRE_FALSE(f.lobby.cancel_challenge(a, "alice"));
    CHECK(f.listener.last<ChallengeCancelled>().by == "alice");
    const auto b = f.lobby.challenge(f.alice, "carol", TableSetup{}, t0).value();
    const auto c = f.lobby.challenge(f.dave, "alice", TableSetup{}, t0).value();
    f.lobby.forget_player("alice");
    CHECK(f.lobby.accept_challenge(b, f.carol, t0).error().code == "no_such_challenge");
    CHECK(f.lobby.challenges_of("dave").size() == 1); // addressed to alice: stays
    (void)c;
}

TEST_CASE("a player can have only a few open challenges") {
    LobbyFixture f;
    for (int i = 0; i < 5; ++i) {
        std::string name = "p";
        name += std::to_string(i);
        REQUIRE(f.lobby.challenge(f.alice, name, TableSetup{}, t0).ok());
    }
    CHECK(f.lobby.challenge(f.alice, "p9", TableSetup{}, t0).error().code == "rate_limited");
}

TEST_CASE("a challenge keeps the invitee's name for display apart from its id") {
    LobbyFixture f;
    const auto named = f.lobby.challenge(f.alice, "u9", TableSetup{}, t0, "bob");
    REQUIRE(named.ok());
    const auto& issued = f.listener.last<ChallengeIssued>().challenge;
    CHECK(issued.challenged == "u9");
    CHECK(issued.challenged_name == "bob");
    CHECK(issued.awaiting == "u9");
    // A second one to the same player is refused by name, not by id.
    const auto again = f.lobby.challenge(f.alice, "u9", TableSetup{}, t0, "bob");
    REQUIRE_FALSE(again.ok());
    CHECK(again.error().detail == "you have already challenged bob");
    // Without a name (a guest, whose id is its name) the id is shown.
    REQUIRE(f.lobby.challenge(f.alice, "guest-AB12", TableSetup{}, t0).ok());
    CHECK(f.listener.last<ChallengeIssued>().challenge.challenged_name == "guest-AB12");
}
