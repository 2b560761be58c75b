// What a reloading guest gets to show and keep its game (protocol.md 7.1 and 7.6): every move
// of the state with its cells, so a draughts capture that turns a corner can be stepped back
// to; when the game started; and the stored game's id in the state, the `ended` event and a
// resync, so a guest can download its record from /api/games/<id>.
#include "tests/server/play/play_fixture.h"

#include <algorithm>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

// Cell of an algebraic square on an 8x8 board (row 0 = rank 8), as protocol.md 7.1 numbers it.
int cell(std::string_view square) {
    return (8 - (square[1] - '0')) * 8 + (square[0] - 'a');
}

// Russian draughts: 1. a3-b4 b6-a5 2. c3-d4 a5:c3:e5, Black's man takes b4 and d4, turning at
// c3: its canonical notation (13x15) names only the ends, so only the cells tell the path.
const std::vector<std::string> russian_corner_capture{"a3-b4", "b6-a5", "c3-d4", "a5:c3:e5"};

std::vector<int> sorted(std::vector<int> cells) {
    std::sort(cells.begin(), cells.end());
    return cells;
}

// A new connection of the guest whose token is `token` (a page reload), joined to `code`.
json reload(std::uint16_t port, const std::string& token, const std::string& code) {
    Client page(port);
    const auto welcome = page.request({{"t", "identify"}, {"token", token}});
    REQUIRE(welcome.value("t", "") == "welcome");
    return join(page, code);
}

} // namespace

TEST_CASE_FIXTURE(TwoGuests, "after a reload the state has every move with its cells, a "
                             "corner-turning capture with each landing square and both captures") {
    clock.advance(1500ms);
    const auto started_ms = clock.now().time_since_epoch().count();
    const auto code = start_table(white, black, private_setup("russian"));
    clock.advance(2000ms);
    play_moves(white, black, code, russian_corner_capture);
    std::vector<json> events;
    for (int ply = 0; ply < 4; ++ply)
        events.push_back(white.wait_move(code, ply).at("event").at("move"));

    const auto state = reload(server.port(), black.token(), code);
    REQUIRE(state.value("t", "") == "table");
    CHECK(state.at("you") == 1);
    const json history = state.at("state").at("history");
    REQUIRE(history.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CAPTURE(i);
        CHECK(history[i] == events[i]);
        CHECK(history[i].at("move") == state.at("state").at("moves")[i]);
    }
    CHECK(history[0].at("path") == json::array({cell("a3"), cell("b4")}));
    CHECK(history[0].at("captures") == json::array());
    const json capture = history[3];
    CHECK(capture.at("move") == "13x15");
    CHECK(capture.at("path") == json::array({cell("a5"), cell("c3"), cell("e5")}));
    CHECK(sorted(capture.at("captures").get<std::vector<int>>()) ==
          std::vector<int>{cell("b4"), cell("d4")});
    CHECK(state.at("state").at("last_move") == capture);
    CHECK(state.at("state").at("started_at") == started_ms);
    CHECK(state.at("state").at("game_id").is_number_integer());
}

TEST_CASE_FIXTURE(TwoGuests, "a table with an open seat has no start time and no moves") {
    const auto code = create_table(white, private_setup("international"));
    const auto state = white.request({{"t", "join"}, {"code", code}});
    REQUIRE(state.value("t", "") == "table");
    CHECK(state.at("state").at("started_at").is_null());
    CHECK(state.at("state").at("history") == json::array());
    CHECK(state.at("state").at("game_id").is_null());
}

TEST_CASE("the ended event names the stored game, as the state and a resync do, and its "
          "record downloads by that id") {
    PlayServerOptions options;
    options.accounts_service = true;
    FreshServer fresh(nullptr, nullptr, options);
    Client white(fresh.server.port());
    Client black(fresh.server.port());
    const auto code = start_table(white, black, private_setup("russian"));
    play_moves(white, black, code, russian_corner_capture);
    const auto before_end = black.wait_move(code, 3).at("version").get<std::uint64_t>();
    REQUIRE(white.request({{"t", "resign"}, {"table", code}}).value("t", "") == "ok");

    const auto ended = black.wait_event(code, "game_ended");
    REQUIRE(ended.at("event").contains("game_id"));
    const json game_id = ended.at("event").at("game_id");
    REQUIRE(game_id.is_number_integer());
    CHECK(ended.at("event").at("result").at("kind") == "win");
    const auto state = reload(fresh.server.port(), white.token(), code);
    CHECK(state.at("state").at("game_id") == game_id);
    CHECK(state.at("state").at("history").size() == 4);

    Client again(fresh.server.port());
    REQUIRE(again.request({{"t", "identify"}, {"token", black.token()}}).value("t", "") ==
            "welcome");
    const auto done = again.request({{"t", "resync"}, {"table", code}, {"since", before_end}});
    REQUIRE(done.value("t", "") == "resynced");
    const auto resent =
        again.wait_for([](const json& m) { return is_table_event(m, "game_ended"); });
    CHECK(resent == ended);

    const auto record =
        fresh.server.get("/api/games/" + std::to_string(game_id.get<int>()) + ".pdn");
    CHECK(record.status == 200);
    CHECK(record.body.find("13x15") != std::string::npos);
}
