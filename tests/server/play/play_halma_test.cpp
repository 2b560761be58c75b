// The two-player games of the halma family (Chinese checkers and Halma for two, issue 14) at a
// two-seat table over the protocol: the star's state and moves, a chain of hops, a spectator,
// a resignation, a finish by the rules, a restart in the middle, the stored record, and the
// refusals that stay (more than two players).
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

namespace {

constexpr const char* star_start =
    "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-";

PlayServerOptions with_http() {
    PlayServerOptions options;
    options.accounts_service = true;
    return options;
}

} // namespace

TEST_CASE("Chinese checkers for two: a chain of hops, a spectator, a takeback and a resignation, "
          "stored and downloadable") {
    FreshServer s(nullptr, nullptr, with_http());
    Client white(s.server.port());
    Client black(s.server.port());
    Client watcher(s.server.port());
    auto setup = private_setup("chinese-checkers-2", fischer_ms(300000, 2000));
    setup["t"] = "create_table";
    const auto created = white.request(setup);
    REQUIRE_MESSAGE(created.value("t", "") == "table_created", created.dump());
    const std::string code = created.at("code");
    CHECK(created.at("state").at("setup").at("variant") == "chinese-checkers-2");

    join(black, code);
    const auto started = white.wait_event(code, "game_started");
    CHECK(started.at("event").at("start_position") == star_start);
    CHECK(started.at("event").at("board").at("rows") == 17);
    CHECK(started.at("event").at("board").at("cols") == 25);
    CHECK(started.at("event").at("legal_moves").size() == 14);
    CHECK(watcher.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");

    // White steps, Black steps, White's p2 hops twice to l5 (over o2, then over m6).
    play_moves(white, black, code, {"n2-m6", "d2-e6", "p2-l5", "d3-e7"});
    const auto chain = watcher.wait_move(code, 2).at("event");
    CHECK(chain.at("by") == 0);
    CHECK(chain.at("move").at("move") == "p2-l5");
    CHECK(chain.at("move").at("display") == "p2-l5");
    CHECK(chain.at("move").at("path").size() == 3);
    CHECK(chain.at("move").at("captures") == json::array());
    CHECK(chain.at("to_move") == 1);

    // A move of the wrong shape, or not legal here, changes nothing.
    const auto wrong =
        white.request({{"t", "move"}, {"table", code}, {"ply", 4}, {"move", "q1-i5"}});
    CHECK(wrong.value("code", "") == "illegal_move");
    CHECK(contains(wrong.value("message", ""), "q1-i5"));
    const auto nonsense =
        white.request({{"t", "move"}, {"table", code}, {"ply", 4}, {"move", "e2e4"}});
    CHECK(nonsense.value("t", "") == "error");

    // A single hop.
    move(white, code, 4, "o1-m5");
    const auto state = watcher.request({{"t", "watch"}, {"code", code}}).at("state");
    CHECK(state.at("moves") == json::array({"n2-m6", "d2-e6", "p2-l5", "d3-e7", "o1-m5"}));
    CHECK(state.at("history").at(2).at("path").size() == 3);
    CHECK(state.at("to_move") == 1);
    CHECK_FALSE(state.at("legal_moves").empty());

    // Taken back at White's request (a casual game), and played again.
    REQUIRE(white.request({{"t", "request_takeback"}, {"table", code}}).value("t", "") == "ok");
    REQUIRE(black.request({{"t", "accept_takeback"}, {"table", code}}).value("t", "") == "ok");
    const auto undone = watcher.wait_event(code, "takeback_done").at("event");
    CHECK(undone.at("ply") == 4);
    CHECK(undone.at("last_move").at("move") == "d3-e7");
    const auto m5 = static_cast<std::size_t>(12 * 25 + 8); // m5: grid row 12, column 8
    CHECK(undone.at("board").at("cells").get<std::string>().at(m5) == '.');
    move(white, code, 4, "o1-m5");

    REQUIRE(black.request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");
    const auto ended = watcher.wait_event(code, "game_ended").at("event");
    CHECK(ended.at("result").at("kind") == "win");
    CHECK(ended.at("result").at("winner") == 0);
    CHECK(ended.at("result").at("reason") == "resign");
    REQUIRE(ended.contains("game_id"));
    const auto id = ended.at("game_id").get<std::int64_t>();

    const auto stored = s.server.backend().game_store()->find_game(id);
    REQUIRE(stored);
    CHECK(stored->game.variant == "chinese-checkers-2");
    CHECK(stored->game.result == "1-0");
    CHECK(stored->game.termination == "resign");
    CHECK(stored->moves.size() == 5);
    CHECK(stored->moves[2].move == "p2-l5");

    const auto record = s.server.get("/api/games/" + std::to_string(id) + ".pdn");
    CHECK(record.status == 200);
    CHECK(contains(record.body, "[Variant \"chinese-checkers-2\"]"));
    CHECK(contains(record.body, "[Seat1 \"" + white.id() + "\"]"));
    CHECK(contains(record.body, "[Seat2 \"" + black.id() + "\"]"));
    CHECK(contains(record.body, "[Result \"1-0\"]"));
    CHECK(contains(record.body, "1. n2-m6 d2-e6 2. p2-l5 d3-e7 3. o1-m5 1-0"));
}

TEST_CASE("Chinese checkers for two ends by the rules when White's last piece comes home") {
    FreshServer s(nullptr, nullptr, with_http());
    Client white(s.server.port());
    Client black(s.server.port());
    auto setup = private_setup("chinese-checkers-2", fischer_ms(300000, 0));
    // Nine of White's pieces already in its goal (point 0), the tenth one step away.
    setup["position"] = "1:a1,b1,b2,c1,c2,c3,d1,d2,d3,e8:h1,h2,h3,h4,h5,h6,h7,h8,h9,h10:0:-";
    const auto code = start_table(white, black, setup);
    move(white, code, 0, "e8-d4");
    const auto ended = black.wait_event(code, "game_ended").at("event");
    CHECK(ended.at("result").at("kind") == "win");
    CHECK(ended.at("result").at("reason") == "finished");
    REQUIRE(ended.contains("game_id"));
    const auto id = ended.at("game_id").get<std::int64_t>();
    const auto stored = s.server.backend().game_store()->find_game(id);
    REQUIRE(stored);
    CHECK(stored->game.result == "1-0");
    CHECK(stored->game.termination == "finished");
    const auto record = s.server.get("/api/games/" + std::to_string(id) + ".pdn");
    CHECK(record.status == 200);
    CHECK(contains(record.body, "[FEN \""));
    CHECK(contains(record.body, "[Places \"1,2\"]"));
    CHECK(contains(record.body, "1. e8-d4 1-0"));
}

TEST_CASE_FIXTURE(AliceAndBobOnDisk,
                  "a Halma game for two survives a restart and goes on to a flag fall") {
    std::string code;
    {
        PlayServer first(db, clock, accounts);
        Client alice(first.port(), "user=alice");
        Client bob(first.port(), "user=bob");
        code = start_table(alice, bob, private_setup("halma-2", fischer_ms(60000, 0)));
        const auto state = alice.request({{"t", "join"}, {"code", code}}).at("state");
        CHECK(state.at("board").at("rows") == 16);
        CHECK(state.at("legal_moves").size() == 40);
        play_moves(alice, bob, code, {"b5-c6", "o12-n11"});
    }
    PlayServer second(db, clock, accounts);
    CHECK(second.restored() == 1);
    Client alice(second.port(), "user=alice");
    Client bob(second.port(), "user=bob");
    const auto state = alice.request({{"t", "join"}, {"code", code}});
    REQUIRE(state.value("t", "") == "table");
    CHECK(state.at("you") == 0);
    CHECK(state.at("state").at("moves") == json::array({"b5-c6", "o12-n11"}));
    CHECK(state.at("state").at("history").at(1).at("path").size() == 2);
    CHECK(state.at("state").at("setup").at("variant") == "halma-2");
    move(alice, code, 2, "a5-a6");
    REQUIRE(bob.request({{"t", "join"}, {"code", code}}).value("t", "") == "table");

    // Black's minute runs out with nobody moving: White wins on time.
    clock.advance(62s);
    second.recheck_timers();
    const auto ended = alice.wait_event(code, "game_ended").at("event");
    CHECK(ended.at("result").at("kind") == "win");
    CHECK(ended.at("result").at("reason") == "flag");
    const auto games = second.backend().game_store()->history(accounts->ids["alice"], {});
    REQUIRE(games.size() == 1);
    CHECK(games[0].variant == "halma-2");
    CHECK(games[0].result == "1-0");
}

TEST_CASE("a table of three is made, filled by code and started, and the computer plays the halma "
          "family") {
    FreshServer s;
    Client first(s.server.port());
    Client second(s.server.port());
    Client third(s.server.port());
    const auto code = create_table(first, private_setup("chinese-checkers-3"));
    join(second, code);
    // Two of three seats: the table waits.
    CHECK(first.request({{"t", "join"}, {"code", code}}).at("state").at("status") == "waiting");
    join(third, code);
    const auto started = first.wait_event(code, "game_started").at("event");
    CHECK(started.at("players").size() == 3);
    const auto state = third.request({{"t", "join"}, {"code", code}});
    CHECK(state.at("you").is_number_integer());
    CHECK(state.at("state").at("to_move") == 0);
    Client fourth(s.server.port());
    // Every seat taken: a fourth player may watch, not join.
    CHECK(fourth.request({{"t", "join"}, {"code", code}}).value("t", "") == "error");
    CHECK(fourth.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");
    // The third player resigns: it leaves, the others play on, and the state says why.
    const int third_seat = state.at("you").get<int>();
    const auto resigned = third.request({{"t", "resign"}, {"table", code}});
    REQUIRE(resigned.value("t", "") == "ok");
    CHECK(first.wait_event(code, "player_retired").at("event").at("seat") == third_seat);
    const auto after = fourth.request({{"t", "watch"}, {"code", code}}).at("state");
    CHECK(after.at("status") == "playing");
    CHECK(after.at("seats").at(static_cast<std::size_t>(third_seat)).at("retired") == true);
    CHECK(after.at("seats").at(static_cast<std::size_t>(third_seat)).at("left_reason") == "resign");
    CHECK_FALSE(after.at("seats")
                    .at(static_cast<std::size_t>((third_seat + 1) % 3))
                    .contains("left_reason"));
    // The computer plays Chinese checkers and Halma (more in play_computer_group_test.cpp).
    for (const char* variant : {"chinese-checkers-2", "halma-2"}) {
        CAPTURE(variant);
        const auto reply = fourth.request({{"t", "create_table"},
                                           {"variant", variant},
                                           {"opponent", "computer"},
                                           {"level", "easy"},
                                           {"color", "white"},
                                           {"private", true}});
        CHECK(reply.value("t", "") == "table_created");
        CHECK(reply.at("state").at("status") == "playing");
    }
    // A private table is not listed.
    CHECK(fourth.request({{"t", "lobby_subscribe"}}).at("tables") == json::array());
}
