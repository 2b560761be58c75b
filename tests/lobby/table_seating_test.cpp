#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("a new table seats its host on the chosen colour and waits") {
    TableFixture f;
    f.open(TableSetup{.color = ColorChoice::Black});
    CHECK(f.table->seat_of("alice") == black_seat);
    CHECK(f.table->status() == TableStatus::Waiting);
    CHECK(f.events.names() == std::vector<std::string>{"player_seated"});
    CHECK(f.table->version() == 1);
}

TEST_CASE("a random colour choice comes from the injected generator") {
    int whites = 0;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        TableFixture f;
        f.random = SeededRandom(seed);
        f.open(TableSetup{.color = ColorChoice::Random});
        whites += f.table->seat_of("alice") == white_seat ? 1 : 0;
    }
    CHECK(whites > 5);
    CHECK(whites < 35);
}

TEST_CASE("the game starts when the second seat is taken") {
    TableFixture f;
    f.open(f.setup());
    const auto color = f.table->join(f.bob, t0 + 1s);
    REQUIRE(color.ok());
    CHECK(color.value() == black_seat);
    CHECK(f.table->status() == TableStatus::Playing);
    const auto& started = f.events.last<GameStarted>();
    CHECK(started.players[white_seat].id == "alice");
    CHECK(started.players[black_seat].id == "bob");
    CHECK(started.legal_moves.size() == 3);
    CHECK(started.first_move_deadline == t0 + 1s + 30s);
    CHECK_FALSE(started.clocks.running);
}

TEST_CASE("a full table refuses a third player with table_full and changes nothing") {
    TableFixture f;
    f.start();
    const auto before = fingerprint(*f.table, t0);
    const auto joined = f.table->join(f.carol, t0);
    REQUIRE_FALSE(joined.ok());
    CHECK(joined.error().code == "table_full");
    CHECK(fingerprint(*f.table, t0) == before);
}

TEST_CASE("a seated player cannot join again: already_seated") {
    TableFixture f;
    f.open(f.setup());
    CHECK(f.table->join(f.alice, t0).error().code == "already_seated");
    CHECK(f.table->version() == 1);
}

TEST_CASE("rated tables seat only registered players") {
    TableFixture f;
    f.open(f.setup(fischer(5min, 0s), true));
    const auto joined = f.table->join(player("guest-ABCD", 1500, false), t0);
    CHECK(joined.error().code == "not_allowed");
    CHECK(f.table->status() == TableStatus::Waiting);
    auto guest_host = Table::create("XYZXYZ", f.setup(fischer(5min, 0s), true),
                                    player("guest-ABCD", 1500, false), f.context(), f.random, t0);
    CHECK(guest_host.error().code == "not_allowed");
}

TEST_CASE("a setup that makes no game is refused when the table is created") {
    TableFixture f;
    TableSetup bad_position = f.setup();
    bad_position.start_position = "bad";
    CHECK(Table::create("AAAAAA", bad_position, f.alice, f.context(), f.random, t0).error().code ==
          "bad_setup");
    CHECK(Table::create("AAAAAA", f.setup(TimeControl{}), f.alice, f.context(), f.random, t0)
              .error()
              .code == "bad_setup");
    TableSetup rated_custom = f.setup(fischer(5min, 0s), true);
    rated_custom.start_position = "fake-start";
    CHECK(Table::create("AAAAAA", rated_custom, f.alice, f.context(), f.random, t0).error().code ==
          "not_allowed");
}

TEST_CASE("the host leaving before the start closes the table, and a spectator just goes") {
    TableFixture f;
    f.open(f.setup());
    REQUIRE_FALSE(f.table->watch(f.carol, t0));
    CHECK(f.table->leave("carol", t0) == std::nullopt);
    CHECK(f.events.names().back() == "spectator_left");
    CHECK(f.table->leave("bob", t0)->code == "not_seated");
    CHECK(f.table->leave("alice", t0) == std::nullopt);
    CHECK(f.table->status() == TableStatus::Closed);
    CHECK(f.events.last<TableClosed>().reason == "host-left");
    CHECK(f.table->join(f.bob, t0).error().code == "table_closed");
}

TEST_CASE("once both seats are taken nobody can leave: resign or abort instead") {
    TableFixture f;
    f.start();
    CHECK(f.table->leave("bob", t0)->code == "already_started");
    CHECK(f.table->leave("alice", t0)->code == "already_started");
    CHECK(f.table->status() == TableStatus::Playing);
}

TEST_CASE("the host cancels an unstarted table, and others cannot") {
    TableFixture f;
    f.open(f.setup());
    REQUIRE_FALSE(f.table->watch(f.bob, t0));
    CHECK(f.table->cancel("bob", t0)->code == "not_host");
    CHECK(f.table->status() == TableStatus::Waiting);
    CHECK(f.table->cancel("alice", t0) == std::nullopt);
    CHECK(f.table->status() == TableStatus::Closed);
    CHECK(f.events.last<TableClosed>().reason == "cancelled");
    CHECK(f.table->cancel("alice", t0)->code == "table_closed");
}

TEST_CASE("a started table cannot be cancelled") {
    TableFixture f;
    f.start();
    CHECK(f.table->cancel("alice", t0)->code == "already_started");
    CHECK(f.table->status() == TableStatus::Playing);
}

TEST_CASE("spectators watch, chat, and cannot move") {
    TableFixture f;
    f.start();
    REQUIRE_FALSE(f.table->watch(f.carol, t0));
    CHECK(f.table->is_spectator("carol"));
    CHECK(f.events.last<SpectatorJoined>().player.id == "carol");
    const auto before = fingerprint(*f.table, t0);
    CHECK(f.table->play("carol", 0, "a1", t0).error().code == "not_seated");
    CHECK(f.table->resign("carol", t0)->code == "not_seated");
    CHECK(f.table->offer_draw("carol", t0)->code == "not_seated");
    CHECK(fingerprint(*f.table, t0) == before);
    CHECK(f.table->chat("carol", "nice game", t0) == std::nullopt);
    CHECK(f.events.last<ChatPosted>().spectator);
    CHECK(f.table->watch(f.alice, t0)->code == "already_seated");
    CHECK(f.table->state(t0).spectators.size() == 1);
}

TEST_CASE("spectators see every move and the result through the table's events") {
    TableFixture f;
    f.start();
    REQUIRE_FALSE(f.table->watch(f.carol, t0));
    const std::uint64_t seen = f.table->version();
    f.move(t0 + 1s);
    REQUIRE_FALSE(f.table->resign("bob", t0 + 2s));
    const auto missed = f.table->events_since(seen);
    REQUIRE(missed);
    REQUIRE(missed->size() == 2);
    CHECK(event_name((*missed)[0]->body) == "move_played");
    CHECK(std::get<GameEnded>((*missed)[1]->body).result.won_by(0));
}

TEST_CASE("chat has a length limit and a rate limit, and refusals post nothing") {
    TableFixture f;
    f.start();
    const std::uint64_t v = f.table->version();
    CHECK(f.table->chat("alice", std::string(401, 'x'), t0)->code == "message_too_long");
    CHECK(f.table->chat("alice", "   ", t0)->code == "empty_message");
    CHECK(f.table->chat("dave", "hi", t0)->code == "not_seated");
    CHECK(f.table->version() == v);
    for (int i = 0; i < 5; ++i)
        CHECK(f.table->chat("alice", "hi", t0) == std::nullopt);
    CHECK(f.table->chat("alice", "hi", t0)->code == "rate_limited");
    CHECK(f.table->chat("bob", "hello", t0) == std::nullopt); // each sender has a bucket
    CHECK(f.table->chat("alice", "again", t0 + 2s) == std::nullopt);
    CHECK(f.table->version() == v + 7);
    CHECK(f.events.last<ChatPosted>().text == "again");
}

TEST_CASE("blocked users cannot join or watch a blocker's table") {
    TableFixture f;
    f.blocks.pairs.insert({"alice", "bob"});
    f.open(f.setup());
    CHECK(f.table->join(f.bob, t0).error().code == "blocked");
    CHECK(f.table->watch(f.bob, t0)->code == "blocked");
    CHECK(f.table->status() == TableStatus::Waiting);
    CHECK(f.table->join(f.carol, t0).ok());
}

TEST_CASE("the summary and state describe the table") {
    TableFixture f;
    f.start();
    const TableSummary s = f.table->summary();
    CHECK(s.code == "ABCDEF");
    CHECK(s.status == TableStatus::Playing);
    CHECK(s.seats[0]->id == "alice");
    CHECK(s.seats[1]->id == "bob");
    const TableState state = f.table->state(t0);
    CHECK(state.start_position == "fake-start");
    CHECK(state.legal_moves.size() == 3);
    CHECK(state.clocks.remaining[0] == 5min);
    CHECK(state.version == f.table->version());
    CHECK(status_name(state.status) == "playing");
}
