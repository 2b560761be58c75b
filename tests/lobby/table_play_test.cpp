#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("a legal move is played, versioned and described for the clients") {
    TableFixture f;
    f.start();
    const std::uint64_t v = f.table->version();
    const auto ack = f.table->play("alice", 0, "b2", t0 + 2s);
    REQUIRE(ack.ok());
    CHECK_FALSE(ack.value().duplicate);
    REQUIRE(ack.value().event);
    CHECK(ack.value().event->version == v + 1);
    const auto& move = std::get<MovePlayed>(ack.value().event->body);
    CHECK(move.ply == 0);
    CHECK(move.by == white_seat);
    CHECK(move.move.notation == "b2");
    CHECK(move.move.display == "B2");
    CHECK(move.move.path == std::vector<int>{0, 9});
    CHECK(move.position == "fake-start b2");
    CHECK(move.legal_moves.size() == 3);
    CHECK(move.first_move_deadline == t0 + 2s + 30s);  // Black's first move is due
    CHECK(f.events.all().back() == ack.value().event); // the same shared event
    CHECK(f.table->recorded_moves().back() == RecordedMove{"b2", t0 + 2s, 0ms});
}

TEST_CASE("a resend of the last move with its ply is a no-op success") {
    TableFixture f;
    f.start();
    const auto first = f.table->play("alice", 0, "a1", t0 + 1s);
    REQUIRE(first.ok());
    const std::uint64_t v = f.table->version();
    const auto again = f.table->play("alice", 0, "a1", t0 + 3s);
    REQUIRE(again.ok());
    CHECK(again.value().duplicate);
    CHECK(again.value().event == first.value().event);
    CHECK(f.table->version() == v);
    CHECK(f.table->recorded_moves().size() == 1);
}

TEST_CASE("every refusal of a move has its code and changes nothing") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s); // alice a1
    const auto before = fingerprint(*f.table, t0 + 2s);

    SUBCASE("not_your_turn") {
        CHECK(f.table->play("alice", 1, "a1", t0 + 2s).error().code == "not_your_turn");
    }
    SUBCASE("stale_ply: behind") {
        CHECK(f.table->play("bob", 0, "a1", t0 + 2s).error().code == "stale_ply");
    }
    SUBCASE("stale_ply: ahead and negative") {
        CHECK(f.table->play("bob", 5, "a1", t0 + 2s).error().code == "stale_ply");
        CHECK(f.table->play("bob", -1, "a1", t0 + 2s).error().code == "stale_ply");
    }
    SUBCASE("a resend with a different move is not a duplicate") {
        CHECK(f.table->play("alice", 0, "b2", t0 + 2s).error().code == "not_your_turn");
    }
    SUBCASE("illegal_move with the rules' detail") {
        const auto refused = f.table->play("bob", 1, "z9", t0 + 2s);
        CHECK(refused.error().code == "illegal_move");
        CHECK(refused.error().detail == "z9 is not legal here");
        CHECK(f.table->play("bob", 1, "", t0 + 2s).error().code == "illegal_move");
        CHECK(f.table->play("bob", 1, std::string(5000, 'x'), t0 + 2s).error().code ==
              "illegal_move");
    }
    SUBCASE("not_seated") {
        CHECK(f.table->play("mallory", 1, "a1", t0 + 2s).error().code == "not_seated");
    }
    CHECK(fingerprint(*f.table, t0 + 2s) == before);
}

TEST_CASE("moves before the start or after the end are refused") {
    TableFixture f;
    f.open(f.setup());
    CHECK(f.table->play("alice", 0, "a1", t0).error().code == "not_started");
    REQUIRE(f.table->join(f.bob, t0).ok());
    REQUIRE_FALSE(f.table->resign("bob", t0 + 1s));
    const auto before = fingerprint(*f.table, t0 + 2s);
    CHECK(f.table->play("alice", 0, "a1", t0 + 2s).error().code == "game_over");
    CHECK(f.table->offer_draw("alice", t0 + 2s)->code == "game_over");
    CHECK(f.table->resign("alice", t0 + 2s)->code == "game_over");
    CHECK(fingerprint(*f.table, t0 + 2s) == before);
}

TEST_CASE("an outcome from the rules ends the game for all with its reason") {
    TableFixture f;
    f.script->outcome_after[3] = rules::Outcome::win(0, "checkmate");
    f.start();
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    f.move(t0 + 3s);
    CHECK(f.table->status() == TableStatus::Finished);
    const auto& ended = f.events.last<GameEnded>();
    CHECK(ended.result.won_by(0));
    CHECK(ended.result.reason == "checkmate");
    CHECK(ended.moves.size() == 3);
    CHECK(f.events.names().back() == "game_ended");
    CHECK(f.events.last<MovePlayed>().legal_moves.empty());
    CHECK_FALSE(f.table->state(t0 + 4s).clocks.running);
    // the mating move resent after the end is still a duplicate success
    CHECK(f.table->play("alice", 2, "a1", t0 + 5s).value().duplicate);
}

TEST_CASE("a draw outcome from the rules (threefold) ends the game drawn") {
    TableFixture f;
    f.script->outcome_after[4] = rules::Outcome::draw("threefold");
    f.start();
    for (int i = 0; i < 4; ++i)
        f.move(t0 + std::chrono::seconds(i + 1));
    CHECK(f.events.last<GameEnded>().result == GameResult::draw("threefold"));
}

TEST_CASE("the clock starts after both first moves and charges from then on") {
    TableFixture f;
    f.start(f.setup(fischer(1min, 2s)));
    f.move(t0 + 10s); // White's first move: no clock yet
    CHECK_FALSE(f.table->state(t0 + 10s).clocks.running);
    f.move(t0 + 20s); // Black's first move starts White's clock
    const ClockView after = f.events.last<MovePlayed>().clocks;
    CHECK(after.running);
    CHECK(after.to_move == white_seat);
    CHECK(after.remaining == PerSeat<Millis>{1min, 1min});
    f.move(t0 + 25s); // White thinks 5 s, gets 2 s
    CHECK(f.events.last<MovePlayed>().clocks.remaining[0] == 57s);
    CHECK(f.table->state(t0 + 30s).clocks.remaining[1] == 55s);
}

TEST_CASE("the opponent's time runs from when the move was released to it, not from its arrival") {
    TableFixture f;
    f.start(f.setup(fischer(1min, 0s)));
    f.move(t0 + 10s);
    f.move(t0 + 20s);                        // White's clock runs from here ...
    f.table->move_released(t0 + 20s + 50ms); // ... until the move was stored and sent: 50 ms
    CHECK(f.table->state(t0 + 21s).clocks.remaining[0] == 1min - 950ms);
    f.move(t0 + 25s);
    CHECK(f.events.last<MovePlayed>().clocks.remaining[0] == 1min - 4950ms);
    // Releasing again, or earlier than the turn started, changes nothing.
    f.table->move_released(t0 + 24s);
    f.table->move_released(t0 + 25s);
    CHECK(f.table->state(t0 + 26s).clocks.remaining[1] == 1min - 1s);
}

TEST_CASE("a release after the game ended changes nothing") {
    TableFixture f;
    f.start(f.setup(fischer(1min, 0s)));
    f.move(t0 + 10s);
    f.move(t0 + 20s);
    REQUIRE_FALSE(f.table->resign(f.alice.id, t0 + 21s));
    const auto clocks = f.table->state(t0 + 22s).clocks;
    f.table->move_released(t0 + 30s);
    CHECK(f.table->state(t0 + 22s).clocks.remaining == clocks.remaining);
}

TEST_CASE("the measured lag is credited against the quota on a real move") {
    TableFixture f;
    f.open(f.setup(fischer(1min, 0s)));
    REQUIRE(f.table->join(f.bob, t0).ok());
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    // the fixture's quota is zero: no credit
    REQUIRE(f.table->play("alice", 2, "a1", t0 + 12s, 400ms).ok());
    CHECK(f.events.last<MovePlayed>().clocks.remaining[0] == 50s);
    CHECK(f.table->recorded_moves().back().lag == 400ms);

    TableFixture g;
    auto context = g.context();
    context.limits.lag = LagPolicy{}; // 300 ms quota
    auto created =
        Table::create("LAGLAG", g.setup(fischer(1min, 0s)), g.alice, context, g.random, t0);
    REQUIRE(created.ok());
    g.table = std::move(created).value();
    auto& table = *g.table;
    REQUIRE(table.join(g.bob, t0).ok());
    REQUIRE(table.play("alice", 0, "a1", t0 + 1s).ok());
    REQUIRE(table.play("bob", 1, "a1", t0 + 2s).ok());
    REQUIRE(table.play("alice", 2, "a1", t0 + 12s, 400ms).ok());
    CHECK(g.events.last<MovePlayed>().clocks.remaining[0] == 50s + 300ms);
}

TEST_CASE("a move that arrives after the flag ends the game on time, then is refused") {
    TableFixture f;
    f.start(f.setup(fischer(1min, 0s)));
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    const auto refused = f.table->play("alice", 2, "a1", t0 + 2s + 61s);
    CHECK(refused.error().code == "game_over");
    CHECK(f.table->recorded_moves().size() == 2);
    const auto& ended = f.events.last<GameEnded>();
    CHECK(ended.result == GameResult::win(1, "flag"));
    CHECK(ended.clocks.remaining[0] == 0ms);
}

TEST_CASE("a call's events go to its caller once, in order, and nothing is called back") {
    TableFixture f;
    f.open(f.setup());
    std::vector<EventPtr> taken;
    f.table->take_events(taken);
    REQUIRE(taken.size() == 1);
    CHECK(event_name(taken[0]->body) == "player_seated");
    REQUIRE(f.table->join(f.bob, t0).ok());
    f.table->take_events(taken);
    REQUIRE(taken.size() == 2); // the first batch was dropped, not kept
    CHECK(event_name(taken[0]->body) == "player_seated");
    CHECK(event_name(taken[1]->body) == "game_started");
    CHECK(taken[1]->version == taken[0]->version + 1);
    const auto ack = f.table->play("alice", 0, "b2", t0 + 1s);
    REQUIRE(ack.ok());
    f.table->take_events(taken);
    REQUIRE(taken.size() == 1);
    CHECK(taken[0] == ack.value().event); // the same shared event, not a copy
    f.table->take_events(taken);
    CHECK(taken.empty()); // each event is returned once
    // A refusal produces nothing.
    CHECK_FALSE(f.table->play("alice", 1, "b2", t0 + 2s).ok());
    f.table->take_events(taken);
    CHECK(taken.empty());
}

TEST_CASE("a move storage could not keep is withdrawn and the game ends aborted, storage_failed") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);                                    // alice
    f.move(t0 + 2s);                                    // bob: both clocks start now
    REQUIRE_FALSE(f.table->offer_draw("bob", t0 + 3s)); // during alice's turn
    const std::uint64_t before = f.table->version();
    const std::string position = f.table->game().position();
    const auto board = f.table->state(t0 + 3s).board;
    std::vector<EventPtr> taken;
    f.table->take_events(taken);
    REQUIRE(f.table->play("alice", 2, "a1", t0 + 5s).ok()); // withdraws bob's offer
    f.table->take_events(taken);
    REQUIRE(taken.size() == 2); // move, draw_withdrawn: never sent, the write failed

    f.table->abort_unstored(/*withdraw_last_move=*/true, t0 + 12s);
    f.table->take_events(taken);
    REQUIRE(taken.size() == 1);
    CHECK(taken[0]->version == before + 1); // the withdrawn versions are given again
    const auto& ended = std::get<GameEnded>(taken[0]->body);
    CHECK(ended.result == GameResult{.kind = GameResult::Kind::Aborted,
                                     .reason = "storage_failed",
                                     .did_not_start = std::nullopt});
    CHECK(ended.moves.size() == 2);
    // The clock is as before the move, stopped at its arrival (no increment, storage free).
    CHECK(ended.clocks.remaining[0] == 5min - 3s);
    CHECK(ended.clocks.remaining[1] == 5min);
    CHECK_FALSE(ended.clocks.running);

    const TableState state = f.table->state(t0 + 20s);
    CHECK(state.status == TableStatus::Finished);
    CHECK(state.moves.size() == 2);
    CHECK(state.history.size() == 2);
    CHECK(state.position == position);
    CHECK(state.version == before + 1);
    // A client from before the move replays to the position the table is back at: no trace of
    // the withdrawn move, and the newest position carries its board again.
    const auto missed = f.table->events_since(before - 2);
    REQUIRE(missed);
    for (const auto& event : *missed)
        if (const auto* move = std::get_if<MovePlayed>(&event->body))
            CHECK(move->ply < 2);
    const MovePlayed* newest = nullptr;
    for (const auto& event : *missed)
        if (const auto* move = std::get_if<MovePlayed>(&event->body))
            newest = move;
    REQUIRE(newest);
    CHECK(newest->board.cells == board.cells);
    CHECK(f.table->play("bob", 2, "a1", t0 + 21s).error().code == "game_over");
}

TEST_CASE("a game whose storage failed with nothing to withdraw ends aborted at once") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);
    f.table->abort_unstored(/*withdraw_last_move=*/false, t0 + 2s);
    CHECK(f.events.last<GameEnded>().result.reason == "storage_failed");
    CHECK(f.events.last<GameEnded>().moves.size() == 1);
    CHECK(f.table->recorded_moves().size() == 1);
    const std::size_t events = f.events.all().size();
    f.table->abort_unstored(false, t0 + 3s); // over already: nothing more
    CHECK(f.events.all().size() == events);
}
