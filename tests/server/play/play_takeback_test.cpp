// A takeback in a casual game, then more moves: what is stored agrees with the game, as a
// restarted server shows.
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

TEST_CASE("after a takeback and more moves a restart brings back the game as played") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    auto accounts = std::make_shared<Accounts>();
    {
        storage::sqlite::SqliteBackend backend(db.string());
        auto users = backend.user_store();
        const auto now = lobby::TimePoint{lobby::Millis{1'700'000'000'000}};
        accounts->ids["alice"] = users->create_user("alice", "hash", now).value();
        accounts->ids["bob"] = users->create_user("bob", "hash", now).value();
    }
    TestClock clock;
    std::string code;
    {
        PlayServer first(db, clock, accounts);
        Client alice(first.port(), "user=alice");
        Client bob(first.port(), "user=bob");
        code = create_table(alice, {{"variant", "chess"},
                                    {"time", {{"base_ms", 300000}, {"increment_ms", 0}}},
                                    {"color", "white"},
                                    {"private", true}});
        join(bob, code);
        move(alice, code, 0, "e4");
        move(bob, code, 1, "e5");
        move(alice, code, 2, "Nf3");
        REQUIRE(alice.request({{"t", "request_takeback"}, {"table", code}}).value("t", "") ==
                "ok");
        REQUIRE(bob.request({{"t", "accept_takeback"}, {"table", code}}).value("t", "") == "ok");
        move(alice, code, 2, "d4");
        move(bob, code, 3, "d5");
        const auto state = alice.request({{"t", "join"}, {"code", code}});
        REQUIRE(state["table"]["moves"] == json::array({"e2e4", "e7e5", "d2d4", "d7d5"}));
    }
    PlayServer second(db, clock, accounts);
    CHECK(second.restored() == 1);
    Client alice(second.port(), "user=alice");
    const auto state = alice.request({{"t", "join"}, {"code", code}});
    REQUIRE(state.value("t", "") == "table");
    CHECK(state["table"]["moves"] == json::array({"e2e4", "e7e5", "d2d4", "d7d5"}));
    move(alice, code, 4, "Nc3");
}
