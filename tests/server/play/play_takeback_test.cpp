// A takeback in a casual game, then more moves: what is stored agrees with the game, as a
// restarted server shows.
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

TEST_CASE_FIXTURE(AliceAndBobOnDisk,
                  "after a takeback and more moves a restart brings back the game as played") {
    std::string code;
    {
        PlayServer first(db, clock, accounts);
        Client alice(first.port(), "user=alice");
        Client bob(first.port(), "user=bob");
        code = start_table(alice, bob, private_setup("chess", fischer_ms(300000, 0)));
        play_moves(alice, bob, code, {"e4", "e5", "Nf3"});
        REQUIRE(alice.request({{"t", "request_takeback"}, {"table", code}}).value("t", "") == "ok");
        REQUIRE(bob.request({{"t", "accept_takeback"}, {"table", code}}).value("t", "") == "ok");
        play_moves(alice, bob, code, {"d4", "d5"}, 2);
        const auto state = alice.request({{"t", "join"}, {"code", code}});
        REQUIRE(state["state"]["moves"] == json::array({"e2e4", "e7e5", "d2d4", "d7d5"}));
    }
    PlayServer second(db, clock, accounts);
    CHECK(second.restored() == 1);
    Client alice(second.port(), "user=alice");
    const auto state = alice.request({{"t", "join"}, {"code", code}});
    REQUIRE(state.value("t", "") == "table");
    CHECK(state["state"]["moves"] == json::array({"e2e4", "e7e5", "d2d4", "d7d5"}));
    move(alice, code, 4, "Nc3");
}
