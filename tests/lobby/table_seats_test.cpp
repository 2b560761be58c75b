// Tables of more than two seats (issue 14): seating, turn order from the rules, one clock per
// seat, the end by places, rematches and what does not apply past two players.
#include "seats_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("joins fill the seats of 3-, 4- and 6-seat tables in order and the last starts it") {
    for (const int seats : {3, 4, 6}) {
        CAPTURE(seats);
        SeatsFixture f(seats);
        f.open(f.setup());
        CHECK(f.table->seat_count() == seats);
        CHECK(f.table->seat_of("p0") == 0);
        for (int i = 1; i < seats; ++i) {
            CHECK(f.table->status() == TableStatus::Waiting);
            const auto seat = f.table->join(f.people[static_cast<std::size_t>(i)], t0 + 1s);
            REQUIRE(seat.ok());
            CHECK(seat.value() == i);
            CHECK(f.events.last<PlayerSeated>().seat == i);
        }
        CHECK(f.table->status() == TableStatus::Playing);
        CHECK(f.events.count<GameStarted>() == 1);
        const auto& started = f.events.last<GameStarted>();
        REQUIRE(started.players.size() == static_cast<std::size_t>(seats));
        for (int i = 0; i < seats; ++i)
            CHECK(started.players[static_cast<std::size_t>(i)].id ==
                  f.people[static_cast<std::size_t>(i)].id);
        CHECK(started.clocks.remaining == PerSeat<Millis>(seats, 1min));
        CHECK(started.clocks.to_move == 0);
        CHECK_FALSE(started.clocks.running); // until every seat has made its first move
        const auto full = f.table->join(f.people.back(), t0 + 2s);
        REQUIRE_FALSE(full.ok());
        CHECK(full.error().code == "table_full");
    }
}

TEST_CASE("a player who leaves a table of four before the start frees the seat for the next") {
    SeatsFixture f(4);
    f.open(f.setup());
    REQUIRE(f.table->join(f.people[1], t0).ok());
    REQUIRE(f.table->join(f.people[2], t0).ok());
    REQUIRE_FALSE(f.table->leave("p1", t0 + 1s));
    CHECK(f.events.last<PlayerLeft>().seat == 1);
    CHECK_FALSE(f.table->seat_of("p1"));
    CHECK(f.table->join(f.people[3], t0 + 2s).value() == 1);
    CHECK(f.table->status() == TableStatus::Waiting);
    CHECK(f.table->join(f.people[1], t0 + 3s).value() == 3);
    CHECK(f.table->status() == TableStatus::Playing);
    // The host leaving before the start closes the table, as at two seats.
    SeatsFixture g(3);
    g.open(g.setup());
    REQUIRE(g.table->join(g.people[1], t0).ok());
    REQUIRE_FALSE(g.table->leave("p0", t0 + 1s));
    CHECK(g.table->status() == TableStatus::Closed);
}

TEST_CASE("turns follow the rules' seat to move, a finished seat is skipped and each seat has "
          "its own clock") {
    SeatsFixture f(3);
    // Seat 1 finishes with its second move (ply 4): the rules skip it from then on.
    f.script->turns = {0, 1, 2, 0, 1, 2, 0, 2, 0};
    f.start();
    auto wrong = f.table->play("p1", 0, "a1", t0 + 1s);
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().code == "not_your_turn");
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    CHECK_FALSE(f.table->clock_state()->running); // the first moves are not timed
    f.move(t0 + 3s); // every seat has moved: seat 0's clock runs from now
    CHECK(f.table->clock_state()->running);
    CHECK(f.table->clock_state()->to_move == 0);
    f.move(t0 + 13s); // seat 0: 10 s, + 2 s increment
    f.move(t0 + 18s); // seat 1: 5 s
    f.move(t0 + 19s); // seat 2: 1 s
    CHECK(f.left(0) == 52s);
    CHECK(f.left(1) == 57s);
    CHECK(f.left(2) == 61s);
    f.move(t0 + 23s); // seat 0: 4 s; seat 1 has finished, so seat 2 is next
    const auto& moved = f.events.last<MovePlayed>();
    CHECK(moved.by == 0);
    CHECK(moved.next == 2);
    CHECK(moved.clocks.to_move == 2);
    wrong = f.table->play("p1", 7, "a1", t0 + 24s);
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().code == "not_your_turn");
    f.move(t0 + 30s); // seat 2: 7 s
    CHECK(f.table->clock_state()->to_move == 0);
    CHECK(f.left(0) == 50s);
    CHECK(f.left(1) == 57s); // its clock stands still
    CHECK(f.left(2) == 56s);
    CHECK(f.table->state(t0 + 35s).clocks.remaining == PerSeat<Millis>{45s, 57s, 56s});
}

TEST_CASE("the per-move limit and the total flag the seat to move at a table of three, which "
          "leaves while the others play on") {
    SUBCASE("per-move limit") {
        SeatsFixture f(3, true);
        f.start(f.setup(TimeControl{.base = 15min, .per_move = 10s}));
        f.move(t0 + 1s);
        f.move(t0 + 2s);
        f.move(t0 + 3s);
        f.move(t0 + 9s); // seat 0 within its 10 s; seat 1 to move
        CHECK(f.table->next_deadline() == t0 + 19s);
        f.table->check_timeouts(t0 + 18s);
        CHECK(f.events.count<PlayerRetired>() == 0);
        f.table->check_timeouts(t0 + 19s);
        const auto& out = f.events.last<PlayerRetired>();
        CHECK(out.seat == 1);
        CHECK(out.reason == "flag");
        CHECK(out.next == 2);
        CHECK(f.table->status() == TableStatus::Playing);
        CHECK(f.table->clock_state()->to_move == 2);
        CHECK(f.table->clock_state()->turn_started == t0 + 19s);
        CHECK(f.left(1) == 15min - 10s); // its total, charged for the 10 s, for good
        CHECK(f.table->next_deadline() == t0 + 29s);
    }
    SUBCASE("total time") {
        SeatsFixture f(3, true);
        f.start(f.setup(fischer(1min, 0s)));
        f.move(t0 + 1s);
        f.move(t0 + 2s);
        f.move(t0 + 3s);
        f.move(t0 + 9s); // seat 0: 6 s; seat 1 to move
        CHECK(f.table->next_deadline() == t0 + 69s);
        f.table->check_timeouts(t0 + 69s);
        CHECK(f.events.last<PlayerRetired>().seat == 1);
        CHECK(f.events.last<PlayerRetired>().clocks.remaining == PerSeat<Millis>{54s, 0s, 1min});
        CHECK(f.events.count<GameEnded>() == 0);
        f.move(t0 + 70s); // seat 2 plays on, then seat 0: seat 1 is skipped
        CHECK(f.table->game().seat_to_move() == 0);
        CHECK(f.left(2) == 59s);
        CHECK(f.left(1) == 0s);
    }
}

TEST_CASE("each seat of a table of four has its first-move window") {
    SeatsFixture f(4);
    f.start();
    f.move(t0 + 10s);
    f.move(t0 + 20s);
    CHECK(f.table->state(t0 + 20s).first_move_deadline == t0 + 50s);
    f.table->check_timeouts(t0 + 50s);
    const auto& ended = f.events.last<GameEnded>();
    CHECK(ended.result.kind == GameResult::Kind::Aborted);
    CHECK(ended.result.reason == "first-move-timeout");
    CHECK(ended.result.did_not_start == 2);
}

TEST_CASE("a game of more than two ends with the places the rules give") {
    SeatsFixture f(4);
    f.script->outcome_after[6] = rules::Outcome::ranked({2, 4, 1, 3}, "finished");
    f.start();
    for (int i = 1; i <= 6; ++i)
        f.move(t0 + i * 1s);
    REQUIRE(f.table->status() == TableStatus::Finished);
    const GameResult expected = GameResult::ranked({2, 4, 1, 3}, "finished");
    CHECK(f.events.last<GameEnded>().result == expected);
    CHECK(f.table->result() == expected);
    CHECK(expected.counts());
    CHECK(result_name(expected) == "ranked");
    CHECK(f.events.last<GameEnded>().players[2].id == "p2");
    CHECK_FALSE(f.table->clock_state()->running);
}

namespace {

// A game of three that the (scripted) rules end after one round, places 1, 2, 3, at t0 + 3 s.
void play_one_round_to_the_end(SeatsFixture& f) {
    f.script->outcome_after[3] = rules::Outcome::ranked({1, 2, 3}, "finished");
    f.start();
    for (int i = 1; i <= 3; ++i)
        f.move(t0 + i * 1s);
}

} // namespace

TEST_CASE("a rematch at a table of three needs every player and moves each a seat round") {
    SeatsFixture f(3);
    play_one_round_to_the_end(f);
    REQUIRE(f.table->status() == TableStatus::Finished);
    REQUIRE_FALSE(f.table->offer_rematch("p0", t0 + 5s));
    CHECK(f.events.last<RematchOffered>().by == 0);
    REQUIRE_FALSE(f.table->offer_rematch("p2", t0 + 6s));
    CHECK(f.table->status() == TableStatus::Finished);
    CHECK(f.table->state(t0 + 6s).rematch_offers == PerSeat<bool>{true, false, true});
    REQUIRE_FALSE(f.table->offer_rematch("p1", t0 + 7s));
    CHECK(f.table->status() == TableStatus::Playing);
    const auto& started = f.events.last<GameStarted>();
    CHECK(started.game_number == 2);
    CHECK(started.players[0].id == "p1");
    CHECK(started.players[1].id == "p2");
    CHECK(started.players[2].id == "p0");
    CHECK(f.table->state(t0 + 7s).rematch_offers == PerSeat<bool>(3, false));
}

TEST_CASE("any player of a table of three can decline the rematch for all") {
    SeatsFixture f(3);
    play_one_round_to_the_end(f);
    CHECK(f.table->decline_rematch("p1", t0 + 4s)->code == "nothing_to_accept");
    REQUIRE_FALSE(f.table->offer_rematch("p0", t0 + 5s));
    CHECK(f.table->decline_rematch("p0", t0 + 5s)->code == "nothing_to_accept");
    REQUIRE_FALSE(f.table->decline_rematch("p2", t0 + 6s));
    CHECK(f.events.last<RematchDeclined>().by == 2);
    CHECK(f.table->state(t0 + 6s).rematch_offers == PerSeat<bool>(3, false));
}

TEST_CASE("draws are refused past two players") {
    SeatsFixture f(3);
    f.start(f.setup(fischer(1min, 2s)));
    for (int i = 1; i <= 4; ++i)
        f.move(t0 + i * 1s);
    const auto before = fingerprint(*f.table, t0 + 5s);
    const auto draw = f.table->offer_draw("p0", t0 + 5s);
    REQUIRE(draw);
    CHECK(draw->code == "not_allowed");
    CHECK(draw->detail == "draw offers are for games of two players, not 3");
    CHECK(f.table->claim_draw("p1", t0 + 5s)->code == "not_allowed");
    CHECK(fingerprint(*f.table, t0 + 5s) == before);
}

TEST_CASE("a game of three can be aborted until every player has moved") {
    SeatsFixture f(3);
    f.start();
    f.move(t0 + 1s);
    f.move(t0 + 2s);
    SUBCASE("before the last first move") {
        REQUIRE_FALSE(f.table->abort("p0", t0 + 3s));
        CHECK(f.events.last<GameEnded>().result.reason == "abort");
    }
    SUBCASE("after it") {
        f.move(t0 + 3s);
        const auto refused = f.table->abort("p1", t0 + 4s);
        REQUIRE(refused);
        CHECK(refused->code == "not_allowed");
        CHECK(refused->detail == "every player has moved: the game is on");
    }
}

TEST_CASE("state, summary and record of a table of four carry every seat and restore rebuilds "
          "it") {
    SeatsFixture f(4);
    f.script->turns = {0, 1, 2, 3, 0, 2, 3, 0};
    f.start();
    REQUIRE_FALSE(f.table->watch(f.people[4], t0));
    for (int i = 1; i <= 6; ++i)
        f.move(t0 + i * 2s);
    const TableSummary summary = f.table->summary();
    REQUIRE(summary.seats.size() == 4);
    CHECK(summary.seats[3]->id == "p3");
    const TableState state = f.table->state(t0 + 13s);
    REQUIRE(state.seats.size() == 4);
    CHECK(state.seats[1]->player.id == "p1");
    CHECK(state.clocks.remaining.size() == 4);
    CHECK(state.clocks.to_move == 3);
    CHECK(state.rematch_offers.size() == 4);
    const TableSnapshot record = f.table->snapshot();
    REQUIRE(record.seats.size() == 4);
    CHECK(record.moves.size() == 6);

    auto restored = Table::restore(record, f.context(), t0 + 20s);
    REQUIRE(restored.ok());
    const auto& table = *restored.value();
    CHECK(table.seat_count() == 4);
    CHECK(table.summary().seats == summary.seats);
    CHECK(table.clock_state() == f.table->clock_state());
    CHECK(table.game().seat_to_move() == 3);
    CHECK(table.state(t0 + 20s).clocks.remaining == f.table->state(t0 + 20s).clocks.remaining);
    CHECK_FALSE(table.state(t0 + 20s).seats[2]->connected);
    CHECK(table.version() == f.table->version());
    // The restored table plays on with the seat to move.
    REQUIRE(restored.value()->play("p3", 6, "a1", t0 + 21s).ok());
    CHECK(restored.value()->game().seat_to_move() == 0);

    // Without a stored clock the moves and their times rebuild it, skipped seat included.
    TableSnapshot unclocked = record;
    unclocked.clock.reset();
    auto rebuilt = Table::restore(unclocked, f.context(), t0 + 20s);
    REQUIRE(rebuilt.ok());
    CHECK(rebuilt.value()->clock_state() == f.table->clock_state());

    // A record whose seats do not match the game's players is refused.
    TableSnapshot wrong = record;
    wrong.seats = PerSeat<std::optional<Player>>{f.people[0], f.people[1], f.people[2]};
    const auto refused = Table::restore(wrong, f.context(), t0 + 20s);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == "bad_setup");
}

TEST_CASE("a finished game of six is restored with its places") {
    SeatsFixture f(6);
    f.script->outcome_after[6] = rules::Outcome::ranked({3, 1, 2, 6, 4, 4}, "move-limit");
    f.start();
    for (int i = 1; i <= 6; ++i)
        f.move(t0 + i * 1s);
    REQUIRE(f.table->status() == TableStatus::Finished);
    auto restored = Table::restore(f.table->snapshot(), f.context(), t0 + 1min);
    REQUIRE(restored.ok());
    CHECK(restored.value()->status() == TableStatus::Finished);
    REQUIRE(restored.value()->result());
    CHECK(restored.value()->result()->places == std::vector<int>{3, 1, 2, 6, 4, 4});
    CHECK(restored.value()->result()->kind == GameResult::Kind::Ranked);
}

TEST_CASE("chinese-checkers-3 at a real table: a seat that finishes is skipped and the places "
          "end the game") {
    // Seats 0 and 1 are one move from their goals (rules/halma tests, "finishing order").
    const std::string fen = "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,"
                            "m12,m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:0:-";
    SeededRandom random{3};
    const std::vector<Player> people{player("ann"), player("bo"), player("cy")};
    TableContext context; // rules::make_game
    context.limits.lag = LagPolicy{.initial_quota = 0ms, .quota_gain = 0ms, .max_quota = 0ms};
    auto created = Table::create("HALMA3",
                                 TableSetup{.variant = rules::VariantId::ChineseCheckers3,
                                            .start_position = fen,
                                            .time_control = fischer(1min, 2s),
                                            .color = ColorChoice::White},
                                 people[0], context, random, t0);
    REQUIRE(created.ok());
    std::unique_ptr<Table> table = std::move(created).value();
    EventRecorder events{table};
    REQUIRE(table->join(people[1], t0).ok());
    REQUIRE(table->join(people[2], t0).ok());
    REQUIRE(table->status() == TableStatus::Playing);
    const auto play = [&](const Player& who, const char* move, TimePoint at) {
        const auto ply = static_cast<int>(table->recorded_moves().size());
        const auto ack = table->play(who.id, ply, move, at);
        REQUIRE_MESSAGE(ack.ok(), move << ": " << ack.error().detail);
    };
    play(people[0], "e5-d1", t0 + 1s); // seat 0 has finished
    play(people[1], "i9-i8", t0 + 2s);
    play(people[2], "f5-f4", t0 + 3s);
    CHECK(events.last<MovePlayed>().next == 1); // seat 0 is skipped
    CHECK(table->clock_state()->to_move == 1);
    const auto skipped = table->play("ann", 3, "d1-c1", t0 + 4s);
    REQUIRE_FALSE(skipped.ok());
    CHECK(skipped.error().code == "not_your_turn");
    play(people[1], "i8-j9", t0 + 8s); // 5 s, + 2 s
    play(people[2], "f4-f3", t0 + 9s); // 1 s, + 2 s
    CHECK(table->clock_state()->remaining == PerSeat<Millis>{1min, 57s, 61s});
    play(people[1], "j9-j10", t0 + 10s);
    REQUIRE(table->status() == TableStatus::Finished);
    const GameResult expected{
        .kind = GameResult::Kind::Ranked, .reason = "finished", .places = {1, 2, 3}};
    CHECK(events.last<GameEnded>().result == expected);
    CHECK(events.last<GameEnded>().moves.size() == 6);
}
