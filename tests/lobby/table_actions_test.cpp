#include "table_fixture.h"

using namespace lobby;
using namespace lobby::testing;

TEST_CASE("a draw offer can be declined, and accepting one ends the game by agreement") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);
    REQUIRE_FALSE(f.table->offer_draw("alice", t0 + 2s));
    CHECK(f.events.last<DrawOffered>().by == white_seat);
    CHECK(f.table->state(t0 + 2s).draw_offer == white_seat);
    CHECK(f.table->accept_draw("alice", t0 + 2s)->code == "nothing_to_accept");
    REQUIRE_FALSE(f.table->decline_draw("bob", t0 + 3s));
    CHECK(f.events.last<DrawDeclined>().by == black_seat);
    CHECK_FALSE(f.table->state(t0 + 3s).draw_offer);
    CHECK(f.table->accept_draw("bob", t0 + 3s)->code == "nothing_to_accept");

    REQUIRE_FALSE(f.table->offer_draw("alice", t0 + 4s));
    REQUIRE_FALSE(f.table->accept_draw("bob", t0 + 5s));
    CHECK(f.events.last<GameEnded>().result == GameResult::draw("agreement"));
}

TEST_CASE("a draw offer is withdrawn when the opponent moves instead of answering") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);                                      // alice
    REQUIRE_FALSE(f.table->offer_draw("alice", t0 + 2s)); // during bob's turn
    f.move(t0 + 3s);                                      // bob moves instead
    CHECK(f.events.last<DrawOfferWithdrawn>().by == white_seat);
    CHECK_FALSE(f.table->state(t0 + 3s).draw_offer);
    CHECK(f.table->accept_draw("bob", t0 + 4s)->code == "nothing_to_accept");
}

TEST_CASE("a draw offer made before one's own move stays while the opponent thinks") {
    TableFixture f;
    f.start();
    REQUIRE_FALSE(f.table->offer_draw("alice", t0 + 1s)); // alice offers, then moves
    f.move(t0 + 2s);
    CHECK(f.table->state(t0 + 2s).draw_offer == white_seat);
    CHECK(f.events.count<DrawOfferWithdrawn>() == 0);
    // offering back is accepting
    REQUIRE_FALSE(f.table->offer_draw("bob", t0 + 3s));
    CHECK(f.events.last<GameEnded>().result.reason == "agreement");
}

TEST_CASE("offering a draw twice is a no-op") {
    TableFixture f;
    f.start();
    REQUIRE_FALSE(f.table->offer_draw("alice", t0));
    const auto v = f.table->version();
    REQUIRE_FALSE(f.table->offer_draw("alice", t0));
    CHECK(f.table->version() == v);
}

TEST_CASE("draws by rule are claimed under DrawRules::Claim") {
    TableFixture f;
    f.script->claimable_after[2] = rules::Outcome::draw("threefold");
    TableSetup setup = f.setup();
    setup.draw_rules = rules::DrawRules::Claim;
    f.start(setup);
    f.move(t0 + 1s);
    CHECK(f.table->claim_draw("bob", t0 + 2s)->code == "nothing_to_claim");
    f.move(t0 + 2s);
    REQUIRE_FALSE(f.table->claim_draw("alice", t0 + 3s));
    CHECK(f.events.last<GameEnded>().result == GameResult::draw("threefold"));

    TableFixture automatic;
    automatic.start();
    CHECK(automatic.table->claim_draw("alice", t0)->code == "nothing_to_claim");
}

TEST_CASE("resigning gives the opponent the game") {
    TableFixture f;
    f.start();
    REQUIRE_FALSE(f.table->resign("alice", t0 + 1s));
    CHECK(f.events.last<GameEnded>().result == GameResult::win(1, "resign"));
}

TEST_CASE("abort is allowed only until both sides have moved") {
    SUBCASE("before any move") {
        TableFixture f;
        f.start();
        REQUIRE_FALSE(f.table->abort("bob", t0 + 1s));
        CHECK(f.events.last<GameEnded>().result.kind == GameResult::Kind::Aborted);
        CHECK_FALSE(f.events.last<GameEnded>().result.counts());
    }
    SUBCASE("after White's first move") {
        TableFixture f;
        f.start();
        f.move(t0 + 1s);
        REQUIRE_FALSE(f.table->abort("alice", t0 + 2s));
        CHECK(f.events.last<GameEnded>().result.reason == "abort");
    }
    SUBCASE("not after both moved") {
        TableFixture f;
        f.start();
        f.move(t0 + 1s);
        f.move(t0 + 2s);
        const auto before = fingerprint(*f.table, t0 + 3s);
        CHECK(f.table->abort("alice", t0 + 3s)->code == "not_allowed");
        CHECK(fingerprint(*f.table, t0 + 3s) == before);
    }
}

TEST_CASE("a rematch needs both players and swaps the colours") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);
    REQUIRE_FALSE(f.table->resign("bob", t0 + 2s));
    CHECK(f.table->decline_rematch("bob", t0 + 3s)->code == "nothing_to_accept");
    REQUIRE_FALSE(f.table->offer_rematch("bob", t0 + 3s));
    CHECK(f.events.last<RematchOffered>().by == black_seat);
    CHECK(f.table->status() == TableStatus::Finished);
    REQUIRE_FALSE(f.table->offer_rematch("alice", t0 + 4s));
    CHECK(f.table->status() == TableStatus::Playing);
    CHECK(f.table->game_number() == 2);
    const auto& started = f.events.last<GameStarted>();
    CHECK(started.game_number == 2);
    CHECK(started.players[white_seat].id == "bob");
    CHECK(started.players[black_seat].id == "alice");
    CHECK(f.table->recorded_moves().empty());
    CHECK(f.table->play("bob", 0, "a1", t0 + 5s).ok());
}

TEST_CASE("a rematch can be declined, and is refused during a game or after a player left") {
    TableFixture f;
    f.start();
    CHECK(f.table->offer_rematch("alice", t0)->code == "not_allowed");
    REQUIRE_FALSE(f.table->resign("bob", t0 + 2s));
    REQUIRE_FALSE(f.table->offer_rematch("alice", t0 + 3s));
    REQUIRE_FALSE(f.table->decline_rematch("bob", t0 + 4s));
    CHECK(f.events.last<RematchDeclined>().by == black_seat);
    CHECK(f.table->state(t0 + 4s).rematch_offers == PerSeat<bool>{false, false});
    REQUIRE_FALSE(f.table->leave("bob", t0 + 5s));
    CHECK(f.events.last<PlayerLeft>().player == "bob");
    CHECK(f.table->offer_rematch("alice", t0 + 6s)->code == "not_allowed");
}

TEST_CASE("takebacks are for casual games only") {
    TableFixture f;
    f.start(f.setup(fischer(5min, 0s), true));
    f.move(t0 + 1s);
    const auto before = fingerprint(*f.table, t0 + 2s);
    CHECK(f.table->request_takeback("alice", t0 + 2s)->code == "not_allowed");
    CHECK(fingerprint(*f.table, t0 + 2s) == before);
}

TEST_CASE("a takeback of one's own move before the reply undoes one ply") {
    TableFixture f;
    f.script->legal = {{"a1", "b2"}, {"c3"}, {"d4"}};
    f.start();
    REQUIRE(f.table->play("alice", 0, "b2", t0 + 1s).ok());
    CHECK(f.table->accept_takeback("bob", t0 + 2s)->code == "nothing_to_accept");
    REQUIRE_FALSE(f.table->request_takeback("alice", t0 + 2s));
    CHECK(f.events.last<TakebackRequested>().plies == 1);
    const int made = f.script->games_made;
    REQUIRE_FALSE(f.table->accept_takeback("bob", t0 + 3s));
    CHECK(f.script->games_made == made + 1); // replayed from the start position
    const auto& done = f.events.last<TakebackDone>();
    CHECK(done.plies_undone == 1);
    CHECK(done.ply == 0);
    CHECK(done.position == "fake-start");
    CHECK(f.table->game().seat_to_move() == 0);
    CHECK(f.table->play("alice", 0, "a1", t0 + 4s).ok());
}

TEST_CASE("a takeback after the opponent replied undoes two plies, and a decline keeps them") {
    TableFixture f;
    f.start();
    for (int i = 1; i <= 4; ++i)
        f.move(t0 + std::chrono::seconds(i));                   // 4 plies
    REQUIRE_FALSE(f.table->request_takeback("alice", t0 + 5s)); // alice to move: undo 2
    REQUIRE_FALSE(f.table->decline_takeback("bob", t0 + 6s));
    CHECK(f.events.last<TakebackDeclined>().by == black_seat);
    CHECK(f.table->recorded_moves().size() == 4);
    REQUIRE_FALSE(f.table->request_takeback("alice", t0 + 7s));
    REQUIRE_FALSE(f.table->accept_takeback("bob", t0 + 8s));
    CHECK(f.table->recorded_moves().size() == 2);
    CHECK(f.table->game().seat_to_move() == 0);
    CHECK(f.table->state(t0 + 8s).clocks.running);
}

TEST_CASE("a pending takeback request lapses when a move is made") {
    TableFixture f;
    f.start();
    f.move(t0 + 1s);
    REQUIRE_FALSE(f.table->request_takeback("alice", t0 + 2s));
    f.move(t0 + 3s); // bob moves instead of answering
    CHECK_FALSE(f.table->state(t0 + 3s).takeback_request);
    CHECK(f.table->accept_takeback("bob", t0 + 4s)->code == "nothing_to_accept");
}

TEST_CASE("a takeback with no own move to take back is refused") {
    TableFixture f;
    f.start();
    CHECK(f.table->request_takeback("alice", t0)->code == "not_allowed");
    CHECK(f.table->request_takeback("bob", t0)->code == "not_allowed");
}
