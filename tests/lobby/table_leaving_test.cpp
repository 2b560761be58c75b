// A player leaves a game of more than two and the others play on (issue 14): resign, flag and
// abandonment go through rules::Game::retire; the leaves are kept beside the moves, restored and
// replayed. Real chinese checkers games (the fake game has no retire).
#include "seats_fixture.h"

using namespace lobby;
using namespace lobby::testing;

namespace {

// Every seat's first move, one second apart from t0 + 1 s: the clocks run from t0 + `seats` s.
void opening(SeatsFixture& f) {
    for (int i = 1; i <= f.seats; ++i)
        f.move(t0 + i * 1s);
}

bool retired(const Table& table, int seat, TimePoint now) {
    return table.state(now).seats[seat]->retired;
}

} // namespace

TEST_CASE("the seat to move resigns at a table of four: the turn passes and its clock stops") {
    SeatsFixture f(4, true);
    f.start();
    opening(f);
    REQUIRE(f.table->clock_state()->running);
    const std::string position = f.table->game().position();
    REQUIRE_FALSE(f.table->resign("p0", t0 + 10s));
    const auto& out = f.events.last<PlayerRetired>();
    CHECK(out.seat == 0);
    CHECK(out.reason == "resign");
    CHECK(out.ply == 4);
    CHECK(out.next == 1);
    CHECK(out.clocks.to_move == 1);
    CHECK(out.clocks.remaining == PerSeat<Millis>{54s, 1min, 1min, 1min});
    CHECK(out.legal_moves.size() == f.table->game().legal_moves().size());
    CHECK(f.events.count<GameEnded>() == 0);
    CHECK(f.table->status() == TableStatus::Playing);
    CHECK(f.table->game().position() != position); // the turn and who has left
    CHECK(f.table->recorded_moves().size() == 4);  // a leave is not a move
    CHECK(f.table->recorded_leaves() ==
          std::vector<RecordedLeave>{{.seat = 0, .ply = 4, .reason = "resign", .at = t0 + 10s}});
    CHECK(f.table->clock_state()->turn_started == t0 + 10s);
    CHECK(retired(*f.table, 0, t0 + 10s));
    CHECK(f.table->state(t0 + 10s).seats[0]->left_reason == "resign");
    CHECK_FALSE(retired(*f.table, 1, t0 + 10s));
    CHECK(f.table->state(t0 + 10s).seats[1]->left_reason.empty());

    // The leaver cannot move or leave again; it may still chat.
    const auto move = f.table->play("p0", 4, f.table->game().legal_moves().front(), t0 + 11s);
    REQUIRE_FALSE(move.ok());
    CHECK(move.error().code == "not_your_turn");
    CHECK(move.error().detail == "you have left this game");
    const auto again = f.table->resign("p0", t0 + 11s);
    REQUIRE(again);
    CHECK(again->code == "game_over");
    CHECK_FALSE(f.table->chat("p0", "good luck", t0 + 11s));

    CHECK(f.table->state(t0 + 30s).clocks.remaining == PerSeat<Millis>{54s, 40s, 1min, 1min});
    f.move(t0 + 30s); // seat 1: 20 s, + 2 s
    f.move(t0 + 31s);
    f.move(t0 + 32s);
    CHECK(f.events.last<MovePlayed>().next == 1); // seat 0 is skipped
    CHECK(f.left(0) == 54s);
    CHECK(f.left(1) == 42s);
}

TEST_CASE("a seat not to move resigns at a table of four: the turn stays and later skips it") {
    SeatsFixture f(4, true);
    f.start();
    opening(f);
    const std::string position = f.table->game().position();
    REQUIRE_FALSE(f.table->resign("p2", t0 + 5s));
    const auto& out = f.events.last<PlayerRetired>();
    CHECK(out.seat == 2);
    CHECK(out.next == 0);
    // The pieces stay (the position adds who has left), and so does the turn.
    CHECK(f.table->game().position().starts_with(position));
    CHECK(f.table->clock_state()->to_move == 0);
    CHECK(f.table->clock_state()->turn_started == t0 + 4s);
    f.move(t0 + 6s);
    f.move(t0 + 7s);
    CHECK(f.events.last<MovePlayed>().next == 3);
    CHECK(f.table->clock_state()->to_move == 3);
    CHECK(f.left(2) == 1min);
    CHECK(f.table->state(t0 + 7s).history.size() == 6);
}

TEST_CASE("leaves until one player is left end a game of four ranked, and all play the rematch") {
    SeatsFixture f(4, true);
    f.start();
    opening(f);
    REQUIRE_FALSE(f.table->resign("p1", t0 + 5s));
    REQUIRE_FALSE(f.table->resign("p3", t0 + 6s));
    CHECK(f.table->status() == TableStatus::Playing);
    REQUIRE_FALSE(f.table->resign("p0", t0 + 7s));
    const auto names = f.events.names();
    REQUIRE(names.size() >= 2);
    CHECK(names[names.size() - 2] == "player_retired");
    CHECK(names.back() == "game_ended");
    CHECK(f.events.last<PlayerRetired>().legal_moves.empty());
    const GameResult expected{
        .kind = GameResult::Kind::Ranked, .reason = "retired", .places = {2, 4, 1, 3}};
    CHECK(f.events.last<GameEnded>().result == expected);
    CHECK(f.table->result() == expected);
    CHECK(f.table->status() == TableStatus::Finished);
    CHECK_FALSE(f.table->clock_state()->running);
    CHECK(f.table->resign("p2", t0 + 8s)->code == "game_over");

    for (const char* who : {"p0", "p1", "p2", "p3"})
        REQUIRE_FALSE(f.table->offer_rematch(who, t0 + 9s));
    CHECK(f.table->status() == TableStatus::Playing);
    CHECK(f.events.last<GameStarted>().players.size() == 4);
    CHECK(f.table->recorded_leaves().empty());
    for (int seat = 0; seat < 4; ++seat)
        CHECK_FALSE(retired(*f.table, seat, t0 + 9s));
}

TEST_CASE("a flag of the seat to move at a table of four takes it out and play goes on") {
    SeatsFixture f(4, true);
    f.start(f.setup(fischer(1min, 0s)));
    opening(f); // seat 0's time runs from t0 + 4 s
    SUBCASE("a late move") {
        const auto late = f.table->play("p0", 4, f.table->game().legal_moves().front(), t0 + 65s);
        REQUIRE_FALSE(late.ok());
        CHECK(late.error().code == "game_over");
        CHECK(late.error().detail == "your time ran out");
        CHECK(f.events.last<PlayerRetired>().seat == 0);
        CHECK(f.events.last<PlayerRetired>().reason == "flag");
        CHECK(f.table->status() == TableStatus::Playing);
        CHECK(f.table->clock_state()->turn_started == t0 + 65s);
        f.move(t0 + 66s);
        CHECK(f.left(1) == 59s);
        CHECK(f.left(0) == 0s);
    }
    SUBCASE("the timer, seat after seat, until one is left") {
        f.table->check_timeouts(t0 + 64s);
        CHECK(f.events.last<PlayerRetired>().seat == 0);
        CHECK(f.table->next_deadline() == t0 + 124s);
        f.table->check_timeouts(t0 + 124s);
        CHECK(f.events.last<PlayerRetired>().seat == 1);
        f.table->check_timeouts(t0 + 184s);
        CHECK(f.events.count<PlayerRetired>() == 3);
        const GameResult expected{
            .kind = GameResult::Kind::Ranked, .reason = "retired", .places = {4, 3, 2, 1}};
        CHECK(f.table->result() == expected);
        CHECK(f.table->clock_state()->remaining == PerSeat<Millis>{0s, 0s, 0s, 1min});
    }
}

TEST_CASE("a game of three where one has finished ends when another leaves") {
    // Seat 0 is one move from its goal (rules/halma tests, "finishing order").
    const std::string fen = "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,"
                            "m12,m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:0:-";
    SeatsFixture f(3, true);
    TableSetup setup = f.setup();
    setup.start_position = fen;
    f.start(setup);
    REQUIRE(f.table->play("p0", 0, "e5-d1", t0 + 1s).ok()); // seat 0 has finished
    CHECK(f.table->status() == TableStatus::Playing);
    const auto finished = f.table->resign("p0", t0 + 2s);
    REQUIRE(finished);
    CHECK(finished->code == "not_allowed"); // the rules: a seat that finished cannot leave
    REQUIRE_FALSE(f.table->resign("p1", t0 + 2s));
    CHECK(f.events.last<PlayerRetired>().ply == 1);
    const GameResult expected{
        .kind = GameResult::Kind::Ranked, .reason = "finished", .places = {1, 3, 2}};
    CHECK(f.events.last<GameEnded>().result == expected);
}

TEST_CASE("a record with leaves mid-game and at the end restores the same game and clocks") {
    SeatsFixture f(4, true);
    f.start();
    opening(f);
    REQUIRE_FALSE(f.table->resign("p2", t0 + 5s));  // ply 4, not to move
    f.move(t0 + 6s);                                // seat 0
    f.move(t0 + 8s);                                // seat 1; seat 3 to move
    REQUIRE_FALSE(f.table->resign("p3", t0 + 12s)); // ply 6, to move: seat 0's time starts
    const TableSnapshot leave_last = f.table->snapshot();
    CHECK(leave_last.leaves.size() == 2);
    f.move(t0 + 13s); // seat 0, after the leave at ply 6
    const TableSnapshot move_last = f.table->snapshot();

    const auto same = [&](const TableSnapshot& record, const Table& live) {
        for (const bool stored_clock : {true, false}) {
            CAPTURE(stored_clock);
            TableSnapshot r = record;
            if (!stored_clock)
                r.clock.reset();
            auto restored = Table::restore(r, f.context(), t0 + 20s);
            REQUIRE_MESSAGE(restored.ok(), restored.error().detail);
            const Table& table = *restored.value();
            CHECK(table.status() == live.status());
            CHECK(table.game().position() == live.game().position());
            CHECK(table.game().seat_to_move() == live.game().seat_to_move());
            CHECK(table.clock_state() == live.clock_state());
            CHECK(table.recorded_leaves() == live.recorded_leaves());
            CHECK(table.result() == live.result());
            for (int seat = 0; seat < 4; ++seat)
                CHECK(retired(table, seat, t0 + 20s) == retired(live, seat, t0 + 20s));
            CHECK(table.state(t0 + 20s).history.size() == live.recorded_moves().size());
        }
    };
    same(move_last, *f.table);
    CHECK(f.table->game().seat_to_move() == 1);

    // The restored table at the leave plays on with the seat after the leaver.
    auto at_leave = Table::restore(leave_last, f.context(), t0 + 20s);
    REQUIRE(at_leave.ok());
    CHECK(at_leave.value()->game().seat_to_move() == 0);
    CHECK(at_leave.value()->clock_state()->turn_started == t0 + 12s);
    TableSnapshot unclocked = leave_last;
    unclocked.clock.reset();
    auto rebuilt = Table::restore(unclocked, f.context(), t0 + 20s);
    REQUIRE(rebuilt.ok());
    CHECK(rebuilt.value()->clock_state() == at_leave.value()->clock_state());
    CHECK(rebuilt.value()->clock_state()->remaining[3] == 56s); // from t0 + 8 s to its leave
    REQUIRE(rebuilt.value()
                ->play("p0", 6, rebuilt.value()->game().legal_moves().front(), t0 + 21s)
                .ok());
    CHECK(rebuilt.value()->game().seat_to_move() == 1);

    // The last leave ends the game: the finished record restores with its places.
    REQUIRE_FALSE(f.table->resign("p1", t0 + 15s));
    REQUIRE(f.table->status() == TableStatus::Finished);
    CHECK(f.table->result()->places == std::vector<int>{1, 2, 4, 3});
    same(f.table->snapshot(), *f.table);
}

TEST_CASE("a record whose leaves do not replay is refused") {
    SeatsFixture f(4, true);
    f.start();
    opening(f);
    REQUIRE_FALSE(f.table->resign("p2", t0 + 5s));
    f.move(t0 + 6s);
    const TableSnapshot record = f.table->snapshot();
    const auto refused = [&](TableSnapshot r) {
        const auto restored = Table::restore(r, f.context(), t0 + 20s);
        REQUIRE_FALSE(restored.ok());
        CHECK(restored.error().code == "bad_setup");
    };
    TableSnapshot late = record;
    late.leaves[0].ply = 6; // after the last move
    refused(late);
    TableSnapshot twice = record;
    twice.leaves.push_back(twice.leaves[0]);
    twice.leaves[1].ply = 5;
    refused(twice); // seat 2 has left already
    TableSnapshot backwards = record;
    backwards.leaves[0].ply = 5;
    backwards.leaves.push_back({.seat = 1, .ply = 4, .reason = "resign", .at = t0 + 5s});
    refused(backwards);
}

TEST_CASE("an absent player of four is claimed out after its grace and the others play on") {
    SeatsFixture f(4, true);
    f.start(f.setup(TimeControl{.base = 15min, .per_move = 5min})); // a grace of 90 s
    opening(f);
    REQUIRE_FALSE(f.table->set_connected("p1", false, t0 + 5s));
    CHECK(f.events.last<ConnectionChanged>().claimable_at == t0 + 95s);
    CHECK(f.table->next_deadline() == t0 + 95s);
    CHECK(f.table->claim_abandonment("p2", AbandonmentClaim::Win, t0 + 60s)->code == "too_early");
    CHECK(f.table->claim_abandonment("p2", AbandonmentClaim::Draw, t0 + 96s)->code ==
          "not_allowed");
    f.table->check_timeouts(t0 + 95s);
    CHECK(f.events.last<AbandonmentClaimable>().absent == 1);
    CHECK(f.table->claim_abandonment("p1", AbandonmentClaim::Win, t0 + 96s)->code ==
          "not_allowed"); // nobody else is absent
    REQUIRE_FALSE(f.table->claim_abandonment("p2", AbandonmentClaim::Win, t0 + 96s));
    CHECK(f.events.last<PlayerRetired>().seat == 1);
    CHECK(f.events.last<PlayerRetired>().reason == "abandonment");
    CHECK(f.table->status() == TableStatus::Playing);
    // One who has left is no longer claimable, nor announced, nor can it claim.
    REQUIRE_FALSE(f.table->set_connected("p1", true, t0 + 97s));
    REQUIRE_FALSE(f.table->set_connected("p1", false, t0 + 98s));
    CHECK_FALSE(f.events.last<ConnectionChanged>().claimable_at);
    f.table->check_timeouts(t0 + 4min);
    CHECK(f.events.count<AbandonmentClaimable>() == 1);
    CHECK(f.table->claim_abandonment("p1", AbandonmentClaim::Win, t0 + 4min)->code == "game_over");
}

TEST_CASE("a withdrawn move replays the leaves before it and drops those after") {
    SeatsFixture f(4, true);
    f.start();
    opening(f);
    REQUIRE_FALSE(f.table->resign("p2", t0 + 5s)); // ply 4
    f.move(t0 + 6s);                               // seat 0: ply 4
    SUBCASE("a leave before the move stays") {
        f.table->abort_unstored(true, t0 + 7s);
        CHECK(f.table->recorded_moves().size() == 4);
        CHECK(f.table->recorded_leaves().size() == 1);
        CHECK(f.table->game().seat_to_move() == 0);
        CHECK(retired(*f.table, 2, t0 + 7s));
    }
    SUBCASE("a leave after the move goes with it") {
        REQUIRE_FALSE(f.table->resign("p3", t0 + 6s)); // ply 5
        f.table->abort_unstored(true, t0 + 7s);
        CHECK(f.table->recorded_leaves().size() == 1);
        CHECK_FALSE(retired(*f.table, 3, t0 + 7s));
    }
    CHECK(f.table->result()->reason == "storage_failed");
    CHECK(f.table->state(t0 + 7s).history.size() == 4);
}

TEST_CASE("a seat that leaves before its first move is not waited for by the first-move windows") {
    SUBCASE("the last seat of three leaves on its turn: the clocks start then") {
        SeatsFixture f(3, true);
        f.start();
        f.move(t0 + 1s);
        f.move(t0 + 2s);
        REQUIRE_FALSE(f.table->resign("p2", t0 + 5s));
        CHECK(f.table->clock_state()->running);
        CHECK(f.table->clock_state()->to_move == 0);
        CHECK(f.table->clock_state()->turn_started == t0 + 5s);
        CHECK_FALSE(f.table->state(t0 + 5s).first_move_deadline);
        CHECK(f.table->abort("p0", t0 + 6s)->code == "not_allowed"); // every player has moved
        auto unclocked = f.table->snapshot();
        unclocked.clock.reset();
        auto rebuilt = Table::restore(unclocked, f.context(), t0 + 6s);
        REQUIRE(rebuilt.ok());
        CHECK(rebuilt.value()->clock_state() == f.table->clock_state());
    }
    SUBCASE("a seat of four leaves before its turn: the clocks start after the three others") {
        SeatsFixture f(4, true);
        f.start();
        REQUIRE_FALSE(f.table->resign("p1", t0 + 1s)); // seat 0 has not moved either
        CHECK(f.table->state(t0 + 1s).first_move_deadline == t0 + 30s);
        f.move(t0 + 2s);
        CHECK(f.events.last<MovePlayed>().next == 2);
        f.move(t0 + 3s);
        CHECK_FALSE(f.table->clock_state()->running);
        f.move(t0 + 4s);
        CHECK(f.table->clock_state()->running);
        CHECK_FALSE(f.table->state(t0 + 4s).first_move_deadline);
        auto unclocked = f.table->snapshot();
        unclocked.clock.reset();
        auto rebuilt = Table::restore(unclocked, f.context(), t0 + 6s);
        REQUIRE(rebuilt.ok());
        CHECK(rebuilt.value()->clock_state() == f.table->clock_state());
    }
}

TEST_CASE("a player of three who has finished may go away or leave the table: nobody claims it") {
    SeatsFixture f(3, true);
    finish_seat_zero_at_ply_three(f); // fischer 1 min: a grace of 15 s
    REQUIRE_FALSE(f.table->set_connected("p0", false, t0 + 5s));
    CHECK_FALSE(f.events.last<ConnectionChanged>().claimable_at);
    f.table->check_timeouts(t0 + 30s);
    CHECK(f.events.count<AbandonmentClaimable>() == 0);
    const auto claim = f.table->claim_abandonment("p1", AbandonmentClaim::Win, t0 + 30s);
    REQUIRE(claim);
    CHECK(claim->detail == "every other player still in the game is connected");
    CHECK(f.table->state(t0 + 30s).seats[0]->retired == false); // finished, not left

    // It leaves the table while the other two play on; one still playing may not.
    CHECK(f.table->leave("p1", t0 + 31s)->code == "already_started");
    REQUIRE_FALSE(f.table->leave("p0", t0 + 31s));
    CHECK(f.events.last<PlayerLeft>().seat == 0);
    CHECK(f.table->status() == TableStatus::Playing);
    f.move(t0 + 32s); // seat 1
    f.move(t0 + 33s); // seat 2
    CHECK(f.table->recorded_moves().size() == 6);
}
