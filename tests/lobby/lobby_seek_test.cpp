#include "lobby_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("a seeker is paired at once with the closest-rated compatible player") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek(player("far", 1600), f.blitz, t0).value());
    REQUIRE_FALSE(f.lobby.seek(player("near", 1490), f.blitz, t0).value()); // 110 apart
    const auto paired = f.lobby.seek(player("me", 1520), f.blitz, t0 + 1s);
    REQUIRE(paired.ok());
    REQUIRE(paired.value());
    const Match& match = *paired.value();
    const bool near_white = match.white.id == "near";
    CHECK((near_white ? match.black.id : match.white.id) == "me");
    CHECK(match.table_code.size() == 6);
    CHECK(match.setup.color == ColorChoice::White);
    CHECK(match.setup.time_control == fischer(5min, 3s));
    CHECK(f.lobby.find_by_code(match.table_code).ok());
    CHECK(f.listener.last<SeekMatched>().match.table_code == match.table_code);
    CHECK(f.listener.events.back().to.size() == 2);
    CHECK(f.lobby.seeks().waiting(f.blitz) == 1); // "far" still waits
    // the matched table is not a waiting table of its host
    const Player& host = match.white;
    for (int i = 0; i < 3; ++i)
        CHECK(f.lobby.open_table(host, TableSetup{}).ok());
}

TEST_CASE("seekers in different pools are not paired") {
    LobbyFixture f;
    REQUIRE(f.lobby.seek(f.alice, f.blitz, t0).ok());
    SeekPool bullet = f.blitz;
    bullet.time_control = fischer(1min, 0s);
    const auto other = f.lobby.seek(f.bob, bullet, t0);
    REQUIRE(other.ok());
    CHECK_FALSE(other.value());
    SeekPool draughts = f.blitz;
    draughts.variant = rules::VariantId::International;
    CHECK_FALSE(f.lobby.seek(f.carol, draughts, t0).value());
}

TEST_CASE("the acceptable rating range widens while players wait") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek(player("low", 1200), f.blitz, t0).value());
    REQUIRE_FALSE(f.lobby.seek(player("high", 1500), f.blitz, t0).value()); // gap 300 > 100
    // both reaches grow 10 points a second: 300 at t0 + 20 s
    CHECK(f.lobby.next_deadline() == t0 + 20s);
    f.lobby.check_timeouts(t0 + 19s);
    CHECK(f.listener.count<SeekMatched>() == 0);
    f.lobby.check_timeouts(t0 + 20s);
    REQUIRE(f.listener.count<SeekMatched>() == 1);
    CHECK(f.lobby.seeks().waiting(f.blitz) == 0);
    CHECK_FALSE(f.lobby.next_deadline());
}

TEST_CASE("the next meeting time follows every change of the seeks, not a stale one") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek(player("low", 1200), f.blitz, t0).value());
    REQUIRE_FALSE(f.lobby.seek(player("high", 1500), f.blitz, t0).value());
    CHECK(f.lobby.next_deadline() == t0 + 20s);
    // A seeker arriving later 120 below "high" (not at once: its own reach is 100) meets it
    // when its reach has grown to 120, 2 s after it came.
    REQUIRE_FALSE(f.lobby.seek(player("mid", 1380), f.blitz, t0 + 5s).value());
    CHECK(f.lobby.next_deadline() == t0 + 7s);
    // Gone again: back to the first pair's time; both gone: nothing to wait for.
    CHECK(f.lobby.cancel_seek("mid"));
    CHECK(f.lobby.next_deadline() == t0 + 20s);
    CHECK(f.lobby.cancel_seek("high"));
    CHECK_FALSE(f.lobby.next_deadline());
    // Nothing pairs before the time, and asking early changes nothing.
    f.lobby.check_timeouts(t0 + 30s);
    CHECK(f.listener.count<SeekMatched>() == 0);
}

TEST_CASE("a newcomer's narrow range must also cover the gap") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek(player("old", 1200), f.blitz, t0).value());
    // after a minute "old" reaches 700, but the newcomer only 100
    CHECK_FALSE(f.lobby.seek(player("new", 1500), f.blitz, t0 + 60s).value());
    CHECK(f.lobby.next_deadline() == t0 + 80s);
}

TEST_CASE("widening pairs the best matches first") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek(player("a", 1000), f.blitz, t0).value());
    REQUIRE_FALSE(f.lobby.seek(player("b", 1250), f.blitz, t0).value());
    REQUIRE_FALSE(f.lobby.seek(player("c", 1400), f.blitz, t0).value());
    f.lobby.check_timeouts(t0 + 15s); // reach 250: b-c (150) before a-b (250)
    REQUIRE(f.listener.count<SeekMatched>() == 1);
    const Match& m = f.listener.last<SeekMatched>().match;
    CHECK(std::set<std::string>{m.white.id, m.black.id} == std::set<std::string>{"b", "c"});
    CHECK(f.lobby.seeks().pool_of("a") == f.blitz);
}

TEST_CASE("rated pools pair only registered players, and casual pools pair anyone") {
    LobbyFixture f;
    CHECK(f.lobby.seek(f.guest, f.rated_blitz, t0).error().code == "not_allowed");
    REQUIRE_FALSE(f.lobby.seek(f.guest, f.blitz, t0).value());
    const auto casual = f.lobby.seek(f.bob, f.blitz, t0);
    REQUIRE(casual.value());
    REQUIRE_FALSE(f.lobby.seek(f.alice, f.rated_blitz, t0).value());
    const auto rated = f.lobby.seek(f.bob, f.rated_blitz, t0);
    REQUIRE(rated.value());
    CHECK(rated.value()->setup.rated);
}

TEST_CASE("blocked players are never paired") {
    LobbyFixture f;
    f.blocks.pairs.insert({"alice", "bob"});
    REQUIRE_FALSE(f.lobby.seek(f.alice, f.blitz, t0).value());
    CHECK_FALSE(f.lobby.seek(f.bob, f.blitz, t0).value());
    f.lobby.check_timeouts(t0 + 1h);
    CHECK(f.listener.count<SeekMatched>() == 0);
    CHECK_FALSE(f.lobby.next_deadline());
    CHECK(f.lobby.seek(f.carol, f.blitz, t0 + 1h).value()); // pairs with one of them
}

TEST_CASE("seeking again replaces the earlier seek, and cancelling removes it") {
    LobbyFixture f;
    REQUIRE_FALSE(f.lobby.seek(f.alice, f.blitz, t0).value());
    REQUIRE_FALSE(f.lobby.seek(f.alice, f.rated_blitz, t0).value());
    CHECK(f.lobby.seeks().waiting(f.blitz) == 0);
    CHECK(f.lobby.seeks().pool_of("alice") == f.rated_blitz);
    CHECK(f.lobby.cancel_seek("alice"));
    CHECK_FALSE(f.lobby.cancel_seek("alice"));
    CHECK_FALSE(f.lobby.seek(f.bob, f.rated_blitz, t0).value());
}

TEST_CASE("a bad pool is refused") {
    LobbyFixture f;
    SeekPool bad = f.blitz;
    bad.time_control = TimeControl{};
    CHECK(f.lobby.seek(f.alice, bad, t0).error().code == "bad_setup");
}
