#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("events_since returns the missed events, nothing when up to date") {
    TableFixture f;
    f.start();
    const std::uint64_t seen = f.table->version();
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    REQUIRE_FALSE(f.table->chat("alice", "hi", t0 + 3s));
    const auto missed = f.table->events_since(seen);
    REQUIRE(missed);
    REQUIRE(missed->size() == 3);
    CHECK((*missed)[0]->version == seen + 1);
    CHECK((*missed)[2]->version == seen + 3);
    CHECK(f.table->events_since(f.table->version())->empty());
}

TEST_CASE("the history keeps the board and legal moves of the newest position only") {
    TableFixture f;
    f.start();
    const std::uint64_t seen = f.table->version();
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    REQUIRE_FALSE(f.table->chat("alice", "hi", t0 + 3s));
    // Every move was returned whole.
    CHECK_FALSE(f.events.last<MovePlayed>().legal_moves.empty());
    const auto missed = f.table->events_since(seen);
    REQUIRE(missed);
    REQUIRE(missed->size() == 3);
    const auto& older = std::get<MovePlayed>((*missed)[0]->body);
    CHECK(older.legal_moves.empty());
    CHECK(older.board.cells.empty());
    CHECK(older.ply == 0);
    const auto& newest = std::get<MovePlayed>((*missed)[1]->body);
    CHECK_FALSE(newest.legal_moves.empty());
    CHECK_FALSE(newest.board.cells.empty());
    CHECK(newest.ply == 1);
}

TEST_CASE("a client too far behind, or from the future, is told to take the full state") {
    TableFixture f;
    auto context = f.context();
    context.limits.event_history = 4;
    auto created = Table::create("SMALLS", f.setup(), f.alice, context, f.random, t0);
    REQUIRE(created.ok());
    auto& table = *created.value();
    REQUIRE(table.join(f.bob, t0).ok()); // versions 1..3
    for (int i = 0; i < 6; ++i)
        REQUIRE_FALSE(table.chat("alice", "x", t0 + std::chrono::minutes(i)));
    CHECK(table.version() == 9);
    CHECK_FALSE(table.events_since(0));
    CHECK_FALSE(table.events_since(4)); // version 5 is gone
    CHECK(table.events_since(5)->size() == 4);
    CHECK_FALSE(table.events_since(10)); // a version this table never had
    const TableState state = table.state(t0);
    CHECK(state.version == 9);
}

TEST_CASE("a disconnected player keeps the seat, the clock runs, and returning goes on") {
    TableFixture f;
    f.start(f.setup(fischer(5min, 3s))); // grace 42 s
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    REQUIRE_FALSE(f.table->set_connected("alice", false, t0 + 3s));
    const auto& change = f.events.last<ConnectionChanged>();
    CHECK_FALSE(change.connected);
    CHECK(change.claimable_at == t0 + 3s + 42s);
    CHECK(f.table->state(t0 + 10s).clocks.remaining[0] == 5min - 8s);
    CHECK(f.table->claim_abandonment("bob", AbandonmentClaim::Win, t0 + 30s)->code == "too_early");
    REQUIRE_FALSE(f.table->set_connected("alice", true, t0 + 40s));
    CHECK(f.table->state(t0 + 40s).seats[0]->connected);
    f.table->check_timeouts(t0 + 50s);
    CHECK(f.events.count<AbandonmentClaimable>() == 0);
    CHECK(f.table->claim_abandonment("bob", AbandonmentClaim::Win, t0 + 50s)->code ==
          "not_allowed");
    CHECK(f.table->play("alice", 2, "a1", t0 + 50s).ok());
}

TEST_CASE("after the grace period the opponent may claim the win by abandonment") {
    TableFixture f;
    f.start(f.setup(fischer(5min, 3s)));
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    f.move(t0 + 3s);
    REQUIRE_FALSE(f.table->set_connected("bob", false, t0 + 4s));
    CHECK(f.table->next_deadline() == t0 + 4s + 42s);
    f.table->check_timeouts(t0 + 46s);
    CHECK(f.events.last<AbandonmentClaimable>().absent == black_seat);
    CHECK(f.table->claim_abandonment("bob", AbandonmentClaim::Win, t0 + 47s)->code ==
          "not_allowed"); // the absent one cannot claim against a connected opponent
    REQUIRE_FALSE(f.table->claim_abandonment("alice", AbandonmentClaim::Win, t0 + 47s));
    CHECK(f.events.last<GameEnded>().result == GameResult::win(0, "abandonment"));
}

TEST_CASE("after the grace period the opponent may instead call it a draw") {
    TableFixture f;
    f.start(f.setup(fischer(1min, 0s))); // grace: 15 s minimum
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    REQUIRE_FALSE(f.table->set_connected("alice", false, t0 + 3s));
    REQUIRE_FALSE(f.table->claim_abandonment("bob", AbandonmentClaim::Draw, t0 + 18s));
    CHECK(f.events.last<GameEnded>().result == GameResult::draw("abandonment"));
}

TEST_CASE("the abandonment grace grows with the time control, and correspondence has none") {
    CHECK(abandonment_grace(fischer(1min, 0s)) == 15s);
    CHECK(abandonment_grace(fischer(5min, 3s)) == 42s);
    CHECK(abandonment_grace(fischer(15min, 10s)) == 130s);
    CHECK(abandonment_grace(fischer(90min, 30s)) == 3min);
    CHECK_FALSE(abandonment_grace(correspondence(2)));
    TableFixture f;
    f.start(f.setup(correspondence(2)));
    REQUIRE_FALSE(f.table->set_connected("alice", false, t0));
    CHECK(f.table->claim_abandonment("bob", AbandonmentClaim::Win, t0 + 100h)->code ==
          "not_allowed");
}

TEST_CASE("connection changes are for seated players only") {
    TableFixture f;
    f.start();
    CHECK(f.table->set_connected("carol", false, t0)->code == "not_seated");
    const auto v = f.table->version();
    REQUIRE_FALSE(f.table->set_connected("alice", true, t0)); // no change: no event
    CHECK(f.table->version() == v);
}
