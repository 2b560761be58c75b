// Berserk at a table (an arena tournament's game): lobby::Table::berserk over the clock's one
// rule (lobby/game_clock.h, berserk_time_control).
#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("berserk: the clock's rule halves the base and drops the increment, and a berserk "
          "seat's moves earn none") {
    const TimeControl control = fischer(3min, 2s);
    CHECK(berserk_time_control(control).base == 90s);
    CHECK(berserk_time_control(control).increment == 0s);
    GameClock clock(control, LagPolicy{.initial_quota = 0ms, .quota_gain = 0ms, .max_quota = 0ms});
    clock.berserk(white_seat);
    CHECK(clock.is_berserk(white_seat));
    CHECK_FALSE(clock.is_berserk(black_seat));
    CHECK(clock.remaining(white_seat, t0) == 90s);
    CHECK(clock.remaining(black_seat, t0) == 3min);
    clock.start(white_seat, t0);
    CHECK(clock.press(t0 + 10s, 0ms).remaining == 80s); // no increment
    CHECK(clock.press(t0 + 20s, 0ms).remaining == 3min - 10s + 2s);
    clock.berserk(white_seat); // again (a restart): never more time
    CHECK(clock.remaining(white_seat, t0 + 20s) == 80s);
    const GameClock copy = GameClock::restore(control, clock.state());
    CHECK(copy.is_berserk(white_seat));
}

TEST_CASE("berserk: a player halves their own clock before their first move, the table says "
          "so to everyone, and every other case is refused without a change") {
    TableFixture f;
    f.open(f.setup(fischer(3min, 2s)));
    CHECK(f.table->berserk("alice", false, t0).value().code == "not_started");
    REQUIRE(f.table->join(f.bob, t0).ok());

    REQUIRE_FALSE(f.table->berserk("bob", false, t0 + 1s));
    const auto& event = f.events.last<Berserked>();
    CHECK(event.seat == black_seat);
    CHECK(event.clocks.remaining[black_seat] == 90s);
    CHECK(event.clocks.remaining[white_seat] == 3min);
    const auto before = fingerprint(*f.table, t0 + 2s);
    CHECK(f.table->berserk("bob", false, t0 + 2s).value().code == "not_allowed");
    CHECK(f.table->berserk("carol", false, t0 + 2s).value().code == "not_seated");
    f.move(t0 + 3s); // alice's first move
    const auto moved = fingerprint(*f.table, t0 + 4s);
    CHECK(f.table->berserk("alice", false, t0 + 4s).value().code == "not_allowed");
    CHECK(fingerprint(*f.table, t0 + 4s) == moved);
    CHECK(before.version + 1 == moved.version);
    // A berserk stored before a restart comes back on the restored clock even after a move,
    // once: the second time changes nothing.
    REQUIRE_FALSE(f.table->berserk("alice", true, t0 + 4s));
    CHECK(f.table->clock_state()->remaining[white_seat] == 90s);
    const auto restored = fingerprint(*f.table, t0 + 5s);
    REQUIRE_FALSE(f.table->berserk("alice", true, t0 + 5s));
    CHECK(fingerprint(*f.table, t0 + 5s) == restored);
}

TEST_CASE("berserk: refused for a game without a total time") {
    TableFixture f;
    f.start(f.setup(correspondence(3)));
    CHECK(f.table->berserk("alice", false, t0).value().code == "not_allowed");
}
