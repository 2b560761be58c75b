#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("a stored table is rebuilt from setup, start and moves with their times") {
    TableFixture f;
    f.start(f.setup(fischer(3min, 2s)));
    REQUIRE(f.table->play("alice", 0, "a1", t0 + 1s).ok());
    REQUIRE(f.table->play("bob", 1, "b2", t0 + 3s).ok());
    REQUIRE(f.table->play("alice", 2, "c3", t0 + 9s, 120ms).ok());
    REQUIRE(f.table->play("bob", 3, "a1", t0 + 20s).ok());
    TableSnapshot record = f.table->snapshot();
    record.clock.reset(); // rebuild the clock from the move times alone

    auto restored = Table::restore(record, f.context(), t0 + 25s);
    REQUIRE(restored.ok());
    Table& table = *restored.value();
    CHECK(table.status() == TableStatus::Playing);
    CHECK(table.game().position() == f.table->game().position());
    CHECK(table.clock_state() == f.table->clock_state());
    CHECK(table.state(t0 + 25s).clocks.remaining == f.table->state(t0 + 25s).clocks.remaining);
    CHECK(table.version() == f.table->version());
    std::vector<EventPtr> produced;
    table.take_events(produced);
    CHECK(produced.empty());
    // players come back as disconnected until their sockets return
    CHECK_FALSE(table.state(t0 + 25s).seats[0]->connected);
    // the next move goes on, with the next version
    const auto ack = table.play("alice", 4, "a1", t0 + 30s);
    REQUIRE(ack.ok());
    CHECK(ack.value().event->version == f.table->version() + 1);
    // clients from before the restart get the full state
    CHECK_FALSE(table.events_since(f.table->version() - 1));
}

TEST_CASE("a stored game whose time control a later range refuses is still restored") {
    TableFixture f;
    f.start();
    REQUIRE(f.table->play("alice", 0, "a1", t0 + 1s).ok());
    TableSnapshot record = f.table->snapshot();
    // 5 min of increment: over today's 3 min bound for new tables, valid when made.
    record.setup.time_control = fischer(10min, 5min);
    REQUIRE(validate_game(record.setup));
    CHECK_FALSE(validate_stored(record.setup));

    const auto restored = Table::restore(record, f.context(), t0 + 5s);
    REQUIRE(restored.ok());
    CHECK(restored.value()->recorded_moves().size() == 1);
}

TEST_CASE("a stored game whose clock cannot run is refused on restore") {
    TableFixture f;
    f.start();
    TableSnapshot record = f.table->snapshot();
    record.setup.time_control = fischer(0ms, 2s); // an increment with no total time
    const auto restored = Table::restore(record, f.context(), t0 + 5s);
    REQUIRE_FALSE(restored.ok());
    CHECK(restored.error().code == "bad_setup");
}

TEST_CASE("a resend after a restart is still recognised as a duplicate") {
    TableFixture f;
    f.start();
    REQUIRE(f.table->play("alice", 0, "b2", t0 + 1s).ok());
    auto restored = Table::restore(f.table->snapshot(), f.context(), t0 + 2s);
    REQUIRE(restored.ok());
    const auto again = restored.value()->play("alice", 0, "b2", t0 + 3s);
    REQUIRE(again.ok());
    CHECK(again.value().duplicate);
}

TEST_CASE("a stored clock state is used as is") {
    TableFixture f;
    f.start(f.setup(fischer(3min, 0s)));
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    TableSnapshot record = f.table->snapshot();
    record.clock->remaining = {42s, 17s};
    auto restored = Table::restore(record, f.context(), t0 + 3s);
    REQUIRE(restored.ok());
    CHECK(restored.value()->state(t0 + 2s).clocks.remaining == PerSeat<Millis>{42s, 17s});
    Table& table = *restored.value();
    CHECK(table.next_deadline() == t0 + 3s + 18s); // first the absent players' grace
    table.check_timeouts(t0 + 43s);
    CHECK(table.status() == TableStatus::Playing);
    table.check_timeouts(t0 + 44s); // White's 42 s from t0 + 2s
    CHECK(table.result()->reason == "flag");
}

TEST_CASE("a finished game is restored finished") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);
    REQUIRE_FALSE(f.table->resign("bob", t0 + 2s));
    auto restored = Table::restore(f.table->snapshot(), f.context(), t0 + 3s);
    REQUIRE(restored.ok());
    CHECK(restored.value()->status() == TableStatus::Finished);
    CHECK(restored.value()->result()->reason == "resign");
}

TEST_CASE("a record whose moves do not replay is refused") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);
    TableSnapshot record = f.table->snapshot();
    record.moves.push_back(RecordedMove{.move = "zz", .at = t0 + 2s});
    const auto restored = Table::restore(record, f.context(), t0 + 3s);
    REQUIRE_FALSE(restored.ok());
    CHECK(restored.error().code == "bad_setup");
    record.status = TableStatus::Closed;
    CHECK(Table::restore(record, f.context(), t0).error().code == "table_closed");
    record.status = TableStatus::Playing;
    record.seats[1].reset();
    CHECK(Table::restore(record, f.context(), t0).error().code == "bad_setup");
}

TEST_CASE("a waiting table is restored with its host and an open seat") {
    TableFixture f;
    f.open(f.setup());
    auto restored = Table::restore(f.table->snapshot(), f.context(), t0 + 1s);
    REQUIRE(restored.ok());
    CHECK(restored.value()->status() == TableStatus::Waiting);
    CHECK(restored.value()->join(f.bob, t0 + 2s).ok());
    CHECK(restored.value()->status() == TableStatus::Playing);
}
