// The full table state a (re)joining client gets (protocol.md 7.1): the last move with its
// cells, as the move event had it, and the table's recent chat with author and server time;
// over real WebSocket clients, through a takeback and a restart.
#include "tests/server/play/play_fixture.h"

#include <algorithm>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// Cell of an algebraic square on an 8x8 board (row 0 = rank 8), as protocol.md 7.1 numbers it.
int cell(std::string_view square) {
    return (8 - (square[1] - '0')) * 8 + (square[0] - 'a');
}

// Russian draughts: 1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. d4-e5 f6:d4:b2 (Black takes e5 and c3).
const std::vector<std::string> russian_double_capture{"c3-d4", "d6-c5", "b2-c3",
                                                      "c7-d6", "d4-e5", "f6:d4:b2"};

json chat(Client& who, const std::string& table, const std::string& text) {
    return who.request({{"t", "chat"}, {"table", table}, {"text", text}});
}

std::vector<int> sorted(std::vector<int> cells) {
    std::sort(cells.begin(), cells.end());
    return cells;
}

} // namespace

TEST_CASE_FIXTURE(TwoGuests, "a joining spectator's state has the last draughts move with every "
                             "landing square and both captures, as its move event had it") {
    const auto code = start_table(white, black, private_setup("russian"));
    const auto before = white.request({{"t", "join"}, {"code", code}});
    CHECK(before.at("state").at("last_move").is_null());
    play_moves(white, black, code, russian_double_capture);
    const auto event = white.wait_move(code, 5);

    Client spectator(server.port());
    const auto watched = spectator.request({{"t", "watch"}, {"code", code}});
    REQUIRE(watched.value("t", "") == "table");
    const json last = watched.at("state").at("last_move");
    REQUIRE(last.is_object());
    CHECK(last == event.at("event").at("move"));
    CHECK(last.at("path").get<std::vector<int>>() ==
          std::vector<int>{cell("f6"), cell("d4"), cell("b2")});
    CHECK(sorted(last.at("captures").get<std::vector<int>>()) ==
          std::vector<int>{cell("e5"), cell("c3")});
    CHECK(last.at("move") == watched.at("state").at("moves").back());
}

TEST_CASE_FIXTURE(TwoGuests, "after a takeback the state's last move is the move now last") {
    const auto code = start_table(white, black, private_setup("chess"));
    play_moves(white, black, code, {"e4", "d5", "exd5"});
    const auto after_capture = join(black, code);
    CHECK(after_capture.at("state").at("last_move").at("captures") == json::array({cell("d5")}));
    REQUIRE(white.request({{"t", "request_takeback"}, {"table", code}}).value("t", "") == "ok");
    REQUIRE(black.request({{"t", "accept_takeback"}, {"table", code}}).value("t", "") == "ok");
    white.wait_event(code, "takeback_done");
    const auto state = join(white, code);
    const json last = state.at("state").at("last_move");
    REQUIRE(last.is_object());
    CHECK(last.at("move") == "d7d5");
    CHECK(last.at("display") == "d5");
    CHECK(last.at("path") == json::array({cell("d7"), cell("d5")}));
    CHECK(last.at("captures") == json::array());
}

TEST_CASE_FIXTURE(TwoGuests, "chat sent before a join is in the state of players and of a "
                             "spectator who comes later, in order, with author and server time") {
    const auto code = start_table(white, black, private_setup("chess"));
    REQUIRE(chat(white, code, "good luck").value("t", "") == "ok");
    const auto first = white.wait_event(code, "chat_posted");
    clock.advance(1500ms);
    Client early(server.port());
    REQUIRE(early.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");
    REQUIRE(chat(early, code, "hello from the rail").value("t", "") == "ok");
    clock.advance(1500ms);
    REQUIRE(chat(black, code, "you too").value("t", "") == "ok");
    black.wait_event(code, "chat_posted");

    Client late(server.port());
    const auto watched = late.request({{"t", "watch"}, {"code", code}});
    REQUIRE(watched.value("t", "") == "table");
    const json lines = watched.at("state").at("chat");
    REQUIRE(lines.size() == 3);
    CHECK(lines.at(0) == json{{"from", white.id()},
                              {"display_name", white.player().value("name", "")},
                              {"spectator", false},
                              {"text", "good luck"},
                              {"at", first.at("at")}});
    CHECK(lines.at(1).at("from") == early.id());
    CHECK(lines.at(1).at("spectator") == true);
    CHECK(lines.at(1).at("text") == "hello from the rail");
    CHECK(lines.at(2).at("text") == "you too");
    CHECK(lines.at(2).at("at").get<std::int64_t>() - lines.at(0).at("at").get<std::int64_t>() ==
          3000);
    // A player who joins again (a reload) gets the same history as the spectator.
    const auto rejoined = join(white, code);
    CHECK(rejoined.at("state").at("chat") == lines);
    // A refused line is not kept.
    CHECK(chat(late, code, std::string(401, 'x')).value("code", "") == "message_too_long");
    CHECK(join(white, code).at("state").at("chat").size() == 3);
}

TEST_CASE_FIXTURE(TwoGuests, "a private table's chat reaches no one without its code") {
    const auto code = start_table(white, black, private_setup("chess"));
    Client stranger(server.port());
    const auto lobby = stranger.request({{"t", "lobby_subscribe"}});
    REQUIRE(lobby.value("t", "") == "lobby");
    CHECK(lobby.dump().find(code) == std::string::npos);
    const std::string wrong = code.substr(0, 5) + (code[5] == 'A' ? "B" : "A");
    CHECK(stranger.request({{"t", "watch"}, {"code", wrong}}).value("code", "") == "bad_join_code");
    REQUIRE(chat(white, code, "just between us").value("t", "") == "ok");
    CHECK(join(black, code).at("state").at("chat").size() == 1);
    CHECK(stranger.none_within(
        [](const json& m) { return m.dump().find("just between us") != std::string::npos; }));
}

TEST_CASE("after a restart the last move's cells are back and the chat is gone") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    TestClock clock;
    std::string code;
    json last_before;
    {
        PlayServer first(db, clock);
        Client white(first.port());
        Client black(first.port());
        code = start_table(white, black, private_setup("russian", fischer_ms(300000, 0)));
        REQUIRE(chat(white, code, "see you after the restart").value("t", "") == "ok");
        play_moves(white, black, code, russian_double_capture);
        last_before = join(white, code).at("state").at("last_move");
        REQUIRE(last_before.is_object());
    }
    clock.advance(2s);
    PlayServer second(db, clock);
    REQUIRE(second.restored() == 1);
    Client spectator(second.port());
    const auto watched = spectator.request({{"t", "watch"}, {"code", code}});
    REQUIRE(watched.value("t", "") == "table");
    CHECK(watched.at("state").at("last_move") == last_before);
    CHECK(watched.at("state").at("chat") == json::array());
}
