// Takebacks at tables of more than two seats (issue 14: "a takeback only in casual games with
// all players agreeing"): a player still playing takes back its own last move and every move
// since, once every other player still playing has accepted. Real chinese checkers for three
// (the fake game has no retire, which tells who still plays).
#include "seats_fixture.h"

using namespace lobby;
using namespace lobby::testing;

namespace {

// Each seat's first move and then each seat's second, one second apart from t0 + 1 s: seven
// plies later seat 1 is to move, having last moved at ply 4 (seat 2 at 5, seat 0 at 6).
void seven_plies(SeatsFixture& f) {
    for (int i = 1; i <= 7; ++i)
        f.move(t0 + i * 1s);
    REQUIRE(f.table->game().seat_to_move() == 1);
}

} // namespace

TEST_CASE("at a table of three a takeback needs both others: the first accepts, then the last") {
    SeatsFixture f(3, true);
    f.start();
    seven_plies(f);
    // The board as it stood before seat 1's last move (ply 4).
    SeatsFixture g(3, true);
    g.start();
    for (int i = 1; i <= 4; ++i)
        g.move(t0 + i * 1s);
    const std::string before_my_move = g.table->game().position();

    REQUIRE_FALSE(f.table->request_takeback("p1", t0 + 10s));
    const auto& asked = f.events.last<TakebackRequested>();
    CHECK(asked.by == 1);
    CHECK(asked.plies == 3); // its move at ply 4, seat 2's at 5, seat 0's at 6
    CHECK(asked.waiting == std::vector<int>{0, 2});
    // Asking again changes nothing; the requester cannot answer its own request.
    const auto version = f.table->version();
    REQUIRE_FALSE(f.table->request_takeback("p1", t0 + 10s));
    CHECK(f.table->version() == version);
    CHECK(f.table->accept_takeback("p1", t0 + 10s)->code == "nothing_to_accept");
    // Another request waits until this one is answered.
    const auto other = f.table->request_takeback("p0", t0 + 10s);
    REQUIRE(other);
    CHECK(other->code == "not_allowed");
    CHECK(other->detail == "seat 1 has asked for a takeback: answer that first");

    REQUIRE_FALSE(f.table->accept_takeback("p2", t0 + 11s));
    const auto& accepted = f.events.last<TakebackAccepted>();
    CHECK(accepted.by == 2);
    CHECK(accepted.accepted == std::vector<int>{2});
    CHECK(accepted.waiting == std::vector<int>{0});
    const auto pending = f.table->state(t0 + 11s);
    CHECK(pending.takeback_request == 1);
    CHECK(pending.takeback_accepted == std::vector<int>{2});
    CHECK(pending.takeback_waiting == std::vector<int>{0});
    CHECK(f.table->recorded_moves().size() == 7);            // nothing undone yet
    REQUIRE_FALSE(f.table->accept_takeback("p2", t0 + 11s)); // accepted already: no change
    CHECK(f.events.count<TakebackAccepted>() == 1);

    REQUIRE_FALSE(f.table->accept_takeback("p0", t0 + 12s));
    CHECK(f.events.count<TakebackAccepted>() == 1); // the last acceptance is the takeback
    const auto& done = f.events.last<TakebackDone>();
    CHECK(done.plies_undone == 3);
    CHECK(done.ply == 4);
    CHECK(f.table->recorded_moves().size() == 4);
    CHECK(f.table->game().position() == before_my_move);
    CHECK(f.table->game().seat_to_move() == 1);
    CHECK(done.clocks.to_move == 1); // the requester's clock runs again
    CHECK(f.table->clock_state()->running);
    const auto after = f.table->state(t0 + 12s);
    CHECK_FALSE(after.takeback_request);
    CHECK(after.takeback_accepted.empty());
    CHECK(after.takeback_waiting.empty());
    // The requester plays again.
    f.move(t0 + 13s);
    CHECK(f.table->recorded_moves().size() == 5);
}

TEST_CASE("at a table of three one decline calls a takeback off for everyone") {
    SeatsFixture f(3, true);
    f.start();
    seven_plies(f);
    REQUIRE_FALSE(f.table->request_takeback("p1", t0 + 10s));
    REQUIRE_FALSE(f.table->accept_takeback("p0", t0 + 11s));
    REQUIRE_FALSE(f.table->decline_takeback("p2", t0 + 12s));
    CHECK(f.events.last<TakebackDeclined>().by == 2);
    CHECK_FALSE(f.table->state(t0 + 12s).takeback_request);
    CHECK(f.table->accept_takeback("p0", t0 + 13s)->code == "nothing_to_accept");
    CHECK(f.table->decline_takeback("p2", t0 + 13s)->code == "nothing_to_accept");
    CHECK(f.table->recorded_moves().size() == 7);
    CHECK(f.events.count<TakebackDone>() == 0);
}

TEST_CASE("at a table of three a move or a leave calls a takeback off") {
    SeatsFixture f(3, true);
    f.start();
    seven_plies(f);
    SUBCASE("a move") {
        REQUIRE_FALSE(f.table->request_takeback("p0", t0 + 10s)); // its move at ply 6
        CHECK(f.events.last<TakebackRequested>().plies == 1);
        f.move(t0 + 11s); // seat 1 plays instead of answering
        CHECK_FALSE(f.table->state(t0 + 11s).takeback_request);
        CHECK(f.table->accept_takeback("p2", t0 + 12s)->code == "nothing_to_accept");
    }
    SUBCASE("a leave") {
        REQUIRE_FALSE(f.table->request_takeback("p0", t0 + 10s));
        REQUIRE_FALSE(f.table->accept_takeback("p1", t0 + 11s));
        REQUIRE_FALSE(f.table->resign("p2", t0 + 12s));
        CHECK_FALSE(f.table->state(t0 + 12s).takeback_request);
        CHECK(f.table->accept_takeback("p1", t0 + 12s)->code == "nothing_to_accept");
        CHECK(f.table->recorded_moves().size() == 7);
    }
}

TEST_CASE("at a table of three a takeback is refused: rated, no move, a leave since, game over") {
    SeatsFixture f(3, true);
    SUBCASE("rated") {
        auto s = f.setup();
        s.rated = true;
        f.start(s);
        seven_plies(f);
        const auto before = fingerprint(*f.table, t0 + 10s);
        const auto refused = f.table->request_takeback("p1", t0 + 10s);
        REQUIRE(refused);
        CHECK(refused->code == "not_allowed");
        CHECK(refused->detail == "no takebacks in rated games");
        CHECK(fingerprint(*f.table, t0 + 10s) == before);
    }
    SUBCASE("no move yet") {
        f.start();
        f.move(t0 + 1s);
        const auto refused = f.table->request_takeback("p2", t0 + 2s);
        REQUIRE(refused);
        CHECK(refused->code == "not_allowed");
        CHECK(refused->detail == "you have no move to take back");
        CHECK(f.table->accept_takeback("p1", t0 + 2s)->code == "nothing_to_accept");
    }
    SUBCASE("a player has left since the move") {
        f.start();
        seven_plies(f);
        REQUIRE_FALSE(f.table->resign("p2", t0 + 8s)); // after seat 1's move at ply 4
        const auto before = fingerprint(*f.table, t0 + 9s);
        const auto refused = f.table->request_takeback("p1", t0 + 9s);
        REQUIRE(refused);
        CHECK(refused->code == "not_allowed");
        CHECK(refused->detail ==
              "a player has left since your last move, and a leave is not taken back");
        CHECK(fingerprint(*f.table, t0 + 9s) == before);
        // A leaver asks nothing.
        CHECK(f.table->request_takeback("p2", t0 + 9s)->code == "game_over");
    }
    SUBCASE("a leave before the move does not stand in the way") {
        f.start();
        seven_plies(f);
        REQUIRE_FALSE(f.table->resign("p2", t0 + 8s));
        f.move(t0 + 9s);  // seat 1, after the leave
        f.move(t0 + 10s); // seat 0
        REQUIRE_FALSE(f.table->request_takeback("p1", t0 + 11s));
        CHECK(f.events.last<TakebackRequested>().plies == 2);
        CHECK(f.events.last<TakebackRequested>().waiting == std::vector<int>{0});
        REQUIRE_FALSE(f.table->accept_takeback("p0", t0 + 12s));
        CHECK(f.table->recorded_moves().size() == 7);
        CHECK(f.table->game().seat_to_move() == 1);
        CHECK(f.table->recorded_leaves().size() == 1); // the leave stays
        CHECK(f.table->state(t0 + 12s).seats[2]->retired);
    }
    SUBCASE("the game is over") {
        f.start();
        seven_plies(f);
        REQUIRE_FALSE(f.table->resign("p2", t0 + 8s));
        REQUIRE_FALSE(f.table->resign("p0", t0 + 9s));
        REQUIRE(f.table->status() == TableStatus::Finished);
        CHECK(f.table->request_takeback("p1", t0 + 10s)->code == "game_over");
    }
}

TEST_CASE("at a table of three a finish since the move refuses a takeback, and a player who has "
          "finished neither asks nor answers") {
    SeatsFixture f(3, true);
    finish_seat_zero_at_ply_three(f);

    const auto before = fingerprint(*f.table, t0 + 5s);
    const auto refused = f.table->request_takeback("p1", t0 + 5s); // its move at ply 1
    REQUIRE(refused);
    CHECK(refused->code == "not_allowed");
    CHECK(refused->detail ==
          "a player has finished since your last move, and a finish is not taken back");
    const auto finished = f.table->request_takeback("p0", t0 + 5s);
    REQUIRE(finished);
    CHECK(finished->code == "not_allowed");
    CHECK(finished->detail == "you have finished: you have no move to take back");
    CHECK(fingerprint(*f.table, t0 + 5s) == before);

    // After the finish, seats 1 and 2 play on; seat 2's takeback waits for seat 1 only.
    f.move(t0 + 6s);                                         // seat 1, ply 4
    f.move(t0 + 7s);                                         // seat 2, ply 5
    REQUIRE_FALSE(f.table->request_takeback("p2", t0 + 8s)); // its move at ply 5
    CHECK(f.events.last<TakebackRequested>().plies == 1);
    CHECK(f.events.last<TakebackRequested>().waiting == std::vector<int>{1});
    CHECK(f.table->accept_takeback("p0", t0 + 9s)->code == "nothing_to_accept");
    REQUIRE_FALSE(f.table->accept_takeback("p1", t0 + 9s));
    CHECK(f.events.last<TakebackDone>().ply == 5);
    CHECK(f.table->game().seat_to_move() == 2);
}
