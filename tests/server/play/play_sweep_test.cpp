// Finished tables are swept (server/play/table_host.h): kept while someone is there (so a
// rematch can follow), dropped five minutes after the last connection left or an hour after
// the game ended.
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

#include <thread>

using namespace play_test;

namespace {

std::string finished_table(Client& white, Client& black) {
    const auto code = create_table(white, {{"variant", "chess"},
                                           {"time", {{"base_ms", 300000}, {"increment_ms", 0}}},
                                           {"color", "white"},
                                           {"private", true}});
    join(black, code);
    const std::vector<std::string> moves = {"f3", "e5", "g4", "Qh4#"};
    for (std::size_t i = 0; i < moves.size(); ++i)
        move(i % 2 == 0 ? white : black, code, static_cast<int>(i), moves[i]);
    white.wait_event(code, "ended");
    black.wait_event(code, "ended");
    return code;
}

std::string watch_reply(PlayServer& server, const std::string& code) {
    Client visitor(server.port());
    return visitor.request({{"t", "watch"}, {"code", code}}).value("code", "table");
}

} // namespace

TEST_CASE("a finished table with its players is kept for a rematch with colours swapped") {
    test::TempDir dir;
    TestClock clock;
    PlayServer server(dir.path() / "play.db", clock);
    Client alice(server.port());
    Client bob(server.port());
    const auto code = finished_table(alice, bob);
    clock.advance(30min);
    server.recheck_timers();
    REQUIRE(alice.request({{"t", "offer_rematch"}, {"table", code}}).value("t", "") == "ok");
    REQUIRE(bob.request({{"t", "accept_rematch"}, {"table", code}}).value("t", "") == "ok");
    const auto started = alice.wait_for([&](const json& m) {
        return m.value("t", "") == "table_event" && m["event"].value("type", "") == "started" &&
               m["event"].value("game_number", 0) == 2;
    });
    CHECK(started["event"]["white"]["id"] == bob.id());
    CHECK(started["event"]["black"]["id"] == alice.id());
    // Bob now has White; the second game is stored as its own row.
    move(bob, code, 0, "e4");
    move(alice, code, 1, "e5");
    const auto second = server.backend().game_store()->find_game(2);
    REQUIRE(second);
    CHECK(second->game.white_name == bob.id());
    CHECK(second->game.black_name == alice.id());
    CHECK(second->moves.size() == 2);
    // A table being played is not swept, however long it lasts: two hours on, the check
    // finds Alice's flag fallen, and the table (finished just now) is still there.
    clock.advance(2h);
    server.recheck_timers();
    const auto seat = alice.request({{"t", "join"}, {"code", code}});
    CHECK(seat.value("t", "") == "table");
    CHECK(seat["table"]["status"] == "finished");
    CHECK(seat["table"]["result"]["reason"] == "flag");
}

TEST_CASE("a finished table is swept five minutes after the last connection left") {
    test::TempDir dir;
    TestClock clock;
    PlayServer server(dir.path() / "play.db", clock);
    std::string code;
    {
        Client alice(server.port());
        Client bob(server.port());
        code = finished_table(alice, bob);
    }
    std::this_thread::sleep_for(200ms); // the server sees both sockets close
    clock.advance(4min);
    server.recheck_timers();
    CHECK(watch_reply(server, code) == "table"); // a spectator came and went
    std::this_thread::sleep_for(200ms);
    clock.advance(4min);
    server.recheck_timers();
    CHECK(watch_reply(server, code) == "table");
    std::this_thread::sleep_for(200ms);
    clock.advance(5min + 1s);
    server.recheck_timers();
    CHECK(watch_reply(server, code) == "bad_join_code");
}

TEST_CASE("a finished table is swept an hour after its end even with someone there") {
    test::TempDir dir;
    TestClock clock;
    PlayServer server(dir.path() / "play.db", clock);
    Client alice(server.port());
    Client bob(server.port());
    const auto code = finished_table(alice, bob);
    clock.advance(59min);
    server.recheck_timers();
    CHECK(alice.none_within([](const json& m) { return m.value("t", "") == "table_gone"; }));
    clock.advance(1min + 1s);
    server.recheck_timers();
    const auto gone = alice.wait_push("table_gone");
    CHECK(gone.value("table", "") == code);
    CHECK(bob.request({{"t", "offer_rematch"}, {"table", code}}).value("code", "") ==
          "bad_join_code");
}
