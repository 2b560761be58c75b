#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("the flag falls on the server's timer with no traffic at all") {
    TableFixture f;
    f.start(f.setup(fischer(1min, 0s)));
    f.move(t0 + 1s);
    f.move(t0 + 2s); // White's clock runs from t0 + 2s
    CHECK(f.table->next_deadline() == t0 + 62s);
    f.table->check_timeouts(t0 + 61s);
    CHECK(f.table->status() == TableStatus::Playing);
    f.table->check_timeouts(t0 + 62s);
    CHECK(f.table->status() == TableStatus::Finished);
    CHECK(f.events.last<GameEnded>().result == GameResult::win(1, "flag"));
    CHECK_FALSE(f.table->next_deadline());
}

TEST_CASE("a flag is a draw when the opponent could not have won") {
    TableFixture f;
    f.script->can_win = {true, false}; // Black has no mating material
    f.start(f.setup(fischer(1min, 0s)));
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    f.table->check_timeouts(t0 + 2min);
    CHECK(f.events.last<GameEnded>().result == GameResult::draw("flag-vs-insufficient"));
}

TEST_CASE("the per-move limit ends the game even with total time left") {
    TableFixture f;
    f.start(f.setup(TimeControl{.base = 15min, .per_move = 60s}));
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    f.move(t0 + 50s); // White within the minute
    CHECK(f.events.last<MovePlayed>().clocks.turn_started == t0 + 50s);
    CHECK(f.table->state(t0 + 70s).clocks.turn_started == t0 + 50s);
    CHECK(f.table->next_deadline() == t0 + 50s + 60s);
    f.table->check_timeouts(t0 + 50s + 60s);
    CHECK(f.events.last<GameEnded>().result == GameResult::win(0, "flag"));
}

TEST_CASE("after a flag fall on a per-move limit alone the loser's clock shows 0") {
    TableFixture f;
    f.start(f.setup(TimeControl{.per_move = 3s}));
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    f.move(t0 + 4s); // White within its 3 s: Black's 3 s start
    f.table->check_timeouts(t0 + 7s);
    const auto& ended = f.events.last<GameEnded>();
    CHECK(ended.result == GameResult::win(0, "flag"));
    CHECK(ended.clocks.remaining[1] == 0ms);
    CHECK(ended.clocks.remaining[0] == 3s);
}

TEST_CASE("a Bronstein delay shows in the clock after a move") {
    TableFixture f;
    f.start(f.setup(bronstein(1min, 5s)));
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    f.move(t0 + 5s); // 3 s, under the delay
    CHECK(f.events.last<MovePlayed>().clocks.remaining[0] == 1min);
    f.move(t0 + 15s); // Black 10 s: 5 charged
    CHECK(f.events.last<MovePlayed>().clocks.remaining[1] == 55s);
}

TEST_CASE("a correspondence game flags after its days per move") {
    TableFixture f;
    f.start(f.setup(correspondence(3)));
    CHECK(f.table->next_deadline() == t0 + 72h); // first move window: the move period
    f.move(t0 + 70h);
    f.move(t0 + 100h);
    f.table->check_timeouts(t0 + 100h + 71h);
    CHECK(f.table->status() == TableStatus::Playing);
    f.table->check_timeouts(t0 + 100h + 72h);
    CHECK(f.events.last<GameEnded>().result.reason == "flag");
}

TEST_CASE("first-move timeout: White does not start, the game is aborted") {
    TableFixture f;
    f.start();
    CHECK(f.table->next_deadline() == t0 + 30s);
    f.table->check_timeouts(t0 + 29s);
    CHECK(f.table->status() == TableStatus::Playing);
    f.table->check_timeouts(t0 + 30s);
    const auto& ended = f.events.last<GameEnded>();
    CHECK(ended.result.kind == GameResult::Kind::Aborted);
    CHECK(ended.result.reason == "first-move-timeout");
    CHECK(ended.result.did_not_start == white_seat);
    CHECK_FALSE(ended.result.counts());
}

TEST_CASE("first-move timeout: Black has its own window after White's first move") {
    TableFixture f;
    f.start();
    f.move(t0 + 20s);
    CHECK(f.table->next_deadline() == t0 + 50s);
    const auto refused = f.table->play("bob", 1, "a1", t0 + 50s);
    CHECK(refused.error().code == "game_over");
    CHECK(f.events.last<GameEnded>().result.did_not_start == black_seat);
}

TEST_CASE("after both first moves there is no first-move window, only the clock") {
    TableFixture f;
    f.start(f.setup(fischer(10min, 0s)));
    f.move(t0 + 20s);
    f.move(t0 + 40s);
    CHECK(f.table->next_deadline() == t0 + 40s + 10min);
    CHECK_FALSE(f.events.last<MovePlayed>().first_move_deadline);
}

TEST_CASE("a waiting table closes once its host has been away for host_away_close") {
    TableFixture f;
    f.open(f.setup());
    CHECK_FALSE(f.table->next_deadline()); // the host is here: nothing is due
    REQUIRE_FALSE(f.table->set_connected(f.alice.id, false, t0 + 10s));
    CHECK(f.table->next_deadline() == t0 + 10s + 5min);
    SUBCASE("back in time: the table stays open") {
        REQUIRE_FALSE(f.table->set_connected(f.alice.id, true, t0 + 2min));
        CHECK_FALSE(f.table->next_deadline());
        f.table->check_timeouts(t0 + 10min);
        CHECK(f.table->status() == TableStatus::Waiting);
    }
    SUBCASE("away too long: closed as if the host had left") {
        f.table->check_timeouts(t0 + 10s + 5min - 1ms);
        CHECK(f.table->status() == TableStatus::Waiting);
        f.table->check_timeouts(t0 + 10s + 5min);
        CHECK(f.table->status() == TableStatus::Closed);
        CHECK(f.events.last<TableClosed>().reason == "host-left");
        CHECK_FALSE(f.table->next_deadline());
        CHECK(f.table->join(f.bob, t0 + 6min).error().code == "table_closed");
    }
}

TEST_CASE("a waiting table without host_away_close waits for its host for ever") {
    TableFixture f;
    auto context = f.context();
    context.limits.host_away_close.reset();
    auto created = Table::create("ABCDEF", f.setup(), f.alice, context, f.random, t0);
    REQUIRE(created.ok());
    f.table = std::move(created).value();
    REQUIRE_FALSE(f.table->set_connected(f.alice.id, false, t0));
    CHECK_FALSE(f.table->next_deadline());
    f.table->check_timeouts(t0 + 24h);
    CHECK(f.table->status() == TableStatus::Waiting);
}
