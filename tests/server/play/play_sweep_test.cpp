// Finished tables are swept (server/play/live_table.h): kept while someone is there (so a
// rematch can follow), dropped five minutes after the last connection left or an hour after
// the game ended.
#include "tests/server/play/play_fixture.h"

#include <thread>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// A chess table where `white` (its creator) lost to fool's mate, seen ended by both.
std::string finished_table(Client& white, Client& black) {
    const auto code = start_table(white, black, private_setup("chess", fischer_ms(300000, 0)));
    play_moves(white, black, code, {"f3", "e5", "g4", "Qh4#"});
    white.wait_event(code, "game_ended");
    black.wait_event(code, "game_ended");
    return code;
}

std::string watch_reply(PlayServer& server, const std::string& code) {
    Client visitor(server.port());
    return visitor.request({{"t", "watch"}, {"code", code}}).value("code", "table");
}

} // namespace

TEST_CASE_FIXTURE(FreshServer,
                  "a finished table with its players is kept for a rematch with colours swapped") {
    Client alice(server.port());
    Client bob(server.port());
    const auto code = finished_table(alice, bob);
    pass_time(30min);
    REQUIRE(alice.request({{"t", "offer_rematch"}, {"table", code}}).value("t", "") == "ok");
    REQUIRE(bob.request({{"t", "accept_rematch"}, {"table", code}}).value("t", "") == "ok");
    const auto started = alice.wait_for([&](const json& m) {
        return is_table_event(m, "game_started") && m["event"].value("game_number", 0) == 2;
    });
    CHECK(started["event"]["players"][0]["id"] == bob.id());
    CHECK(started["event"]["players"][1]["id"] == alice.id());
    // Bob now has White; the second game is stored as its own row.
    play_moves(bob, alice, code, {"e4", "e5"});
    const auto second = server.backend().game_store()->find_game(2);
    REQUIRE(second);
    CHECK(second->game.seats[0].name == bob.id());
    CHECK(second->game.seats[1].name == alice.id());
    CHECK(second->moves.size() == 2);
    // A table being played is not swept, however long it lasts: two hours on, the check
    // finds Alice's flag fallen, and the table (finished just now) is still there.
    pass_time(2h);
    const auto seat = alice.request({{"t", "join"}, {"code", code}});
    CHECK(seat.value("t", "") == "table");
    CHECK(seat["state"]["status"] == "finished");
    CHECK(seat["state"]["result"]["reason"] == "flag");
}

TEST_CASE_FIXTURE(FreshServer,
                  "a finished table is swept five minutes after the last connection left") {
    std::string code;
    {
        Client alice(server.port());
        Client bob(server.port());
        code = finished_table(alice, bob);
    }
    std::this_thread::sleep_for(200ms); // the server sees both sockets close
    pass_time(4min);
    CHECK(watch_reply(server, code) == "table"); // a spectator came and went
    std::this_thread::sleep_for(200ms);
    pass_time(4min);
    CHECK(watch_reply(server, code) == "table");
    std::this_thread::sleep_for(200ms);
    pass_time(5min + 1s);
    CHECK(watch_reply(server, code) == "bad_join_code");
}

TEST_CASE_FIXTURE(FreshServer,
                  "a finished table is swept an hour after its end even with someone there") {
    Client alice(server.port());
    Client bob(server.port());
    const auto code = finished_table(alice, bob);
    pass_time(59min);
    CHECK(alice.none_within([](const json& m) { return m.value("t", "") == "table_gone"; }));
    pass_time(1min + 1s);
    const auto gone = alice.wait_push("table_gone");
    CHECK(gone.value("table", "") == code);
    CHECK(bob.request({{"t", "offer_rematch"}, {"table", code}}).value("code", "") ==
          "bad_join_code");
}

TEST_CASE_FIXTURE(FreshServer,
                  "a waiting table closes five minutes after its host went away, not before") {
    auto host = std::make_optional<Client>(server.port());
    const auto code = create_table(*host, private_setup("chess", fischer_ms(300000, 0)));
    Client friend_(server.port());
    REQUIRE(friend_.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");
    host.reset(); // the host's page closes: its seat waits for it
    friend_.wait_for([&](const json& m) {
        return is_table_event(m, "connection_changed") &&
               m["event"].value("connected", true) == false;
    });
    pass_time(4min);
    CHECK(watch_reply(server, code) == "table"); // a reload in time finds it
    pass_time(1min + 1s);
    const auto closed = friend_.wait_event(code, "table_closed");
    CHECK(closed["event"]["reason"] == "host-left");
    CHECK(watch_reply(server, code) == "bad_join_code"); // gone from the lobby too
    Client late(server.port());
    CHECK(late.request({{"t", "join"}, {"code", code}}).value("code", "") == "bad_join_code");
}
