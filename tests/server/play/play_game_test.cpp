// Games over the WebSocket protocol: create and join by code, play to the end, clocks and
// timers with the injected clock, draw offers, repetition, reconnection and spectators.
#include "tests/server/play/play_fixture.h"

#include <algorithm>
#include <cctype>

#include <doctest/doctest.h>

using namespace play_test;

namespace {

json chess_setup(const json& time = fischer_ms(300000, 3000)) {
    return private_setup("chess", time);
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

} // namespace

TEST_CASE_FIXTURE(TwoGuests,
                  "two guests create a private table, join by code and play fool's mate") {
    CHECK(white.id().starts_with("guest-"));
    CHECK_FALSE(white.token().empty());

    auto request = chess_setup();
    request["t"] = "create_table";
    const auto created = white.request(request);
    REQUIRE(created["t"] == "table_created");
    const std::string code = created["code"];
    CHECK(code.size() == 6);
    CHECK(created["link"] == "/t/" + code);
    CHECK(created["you"] == 0);
    CHECK(created["state"]["status"] == "waiting");

    // The code is typed in lower case: codes ignore case.
    const auto joined = join(black, lower(code));
    CHECK(joined["you"] == 1);
    CHECK(joined["state"]["status"] == "playing");
    const auto started = white.wait_event(code, "game_started");
    CHECK(started["event"]["legal_moves"].size() == 20);
    CHECK(started["event"]["board"]["rows"] == 8);

    play_moves(white, black, code, {"f3", "e5", "g4", "Qh4#"});
    const auto mate = white.wait_move(code, 3);
    CHECK(mate["event"]["move"]["move"] == "d8h4");
    CHECK(mate["event"]["move"]["display"] == "Qh4#");
    CHECK(mate["event"]["board"]["check"].get<int>() >= 0);
    for (Client* player : {&white, &black}) {
        const auto ended = player->wait_event(code, "game_ended");
        CHECK(ended["event"]["result"]["winner"] == 1);
        CHECK(ended["event"]["result"]["reason"] == "checkmate");
        CHECK(ended["event"]["result"]["kind"] == "win");
    }
    // Stored before it was announced: the game, its four moves and its end.
    const auto stored = server.backend().game_store()->find_game(1);
    REQUIRE(stored);
    CHECK(stored->moves.size() == 4);
    CHECK(stored->moves[3].move == "d8h4");
    CHECK(stored->game.result == "0-1");
    CHECK(stored->game.termination == "checkmate");
    CHECK(stored->game.table_code == code);
}

TEST_CASE_FIXTURE(TwoGuests,
                  "an international draughts game is played to a win, joined by its link") {
    auto setup = private_setup("international");
    setup["position"] = "W:W32,37,38:B19,13";
    const auto code = create_table(white, setup);
    join(black, "/t/" + code);
    white.wait_event(code, "game_started");
    play_moves(white, black, code,
               {"32-27", "13-18", "27-21", "18-22", "21-16", "19-23", "16-11", "22-27", "11-6",
                "23-28", "6-1", "27-31", "37x26", "28-32", "38x27"});
    const auto ended = black.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["winner"] == 0);
    CHECK(ended["event"]["result"]["reason"] == "no-moves");
    const auto stored = server.backend().game_store()->find_game(1);
    REQUIRE(stored);
    CHECK(stored->moves.size() == 15);
    CHECK(stored->game.result == "1-0");
}

TEST_CASE_FIXTURE(TwoGuests, "the flag falls on the server's timer with nobody sending anything") {
    const auto code = start_table(white, black, chess_setup({{"base_ms", 1000}}));
    play_moves(white, black, code, {"e4", "e5"});
    pass_time(500ms);
    CHECK(white.none_within([](const json& m) { return is_table_event(m, "game_ended"); }));
    pass_time(3s);
    const auto ended = black.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["reason"] == "flag");
    CHECK(ended["event"]["result"]["winner"] == 1);
    CHECK(ended["event"]["clocks"]["remaining_ms"][0] == 0);
    const auto late = white.request({{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "Nf3"}});
    CHECK(late["code"] == "game_over");
}

TEST_CASE_FIXTURE(TwoGuests, "a per-move limit ends the game when the side to move runs past it") {
    const auto code = start_table(white, black, chess_setup({{"per_move_ms", 10000}}));
    play_moves(white, black, code, {"e4", "e5"});
    pass_time(8s);
    move(white, code, 2, "Nf3"); // in time: the limit starts again for Black
    pass_time(8s);
    CHECK(black.none_within([](const json& m) { return is_table_event(m, "game_ended"); }));
    pass_time(3s);
    const auto ended = white.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["winner"] == 0);
    CHECK(ended["event"]["clocks"]["remaining_ms"][1] == 0); // not the next move's 10 s
}

TEST_CASE_FIXTURE(
    TwoGuests, "a player who does not make the first move in time aborts the game and must wait") {
    const auto code = start_table(white, black, chess_setup());
    pass_time(31s);
    const auto ended = black.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["kind"] == "aborted");
    CHECK(ended["event"]["result"]["reason"] == "first-move-timeout");
    CHECK(ended["event"]["result"]["did_not_start"] == 0);
    const auto seek = white.request({{"t", "seek"}, {"variant", "chess"}});
    CHECK(seek["code"] == "cooldown");
    CHECK(seek["message"].get<std::string>().find("Please wait") != std::string::npos);
}

TEST_CASE_FIXTURE(TwoGuests, "a draw offer is declined, withdrawn by a move, then accepted") {
    const auto code = start_table(white, black, chess_setup());
    play_moves(white, black, code, {"e4", "e5"});
    const json table{{"table", code}};
    CHECK(black.request({{"t", "accept_draw"}, {"table", code}})["code"] == "nothing_to_accept");

    CHECK(white.request({{"t", "offer_draw"}, {"table", code}})["t"] == "ok");
    CHECK(black.wait_event(code, "draw_offered")["event"]["by"] == 0);
    CHECK(black.request({{"t", "decline_draw"}, {"table", code}})["t"] == "ok");
    CHECK(white.wait_event(code, "draw_declined")["event"]["by"] == 1);

    move(white, code, 2, "Nf3");
    CHECK(white.request({{"t", "offer_draw"}, {"table", code}})["t"] == "ok");
    move(black, code, 3, "Nc6"); // answers with a move: the offer goes
    CHECK(white.wait_event(code, "draw_offer_withdrawn")["event"]["by"] == 0);

    CHECK(black.request({{"t", "offer_draw"}, {"table", code}})["t"] == "ok");
    CHECK(white.request({{"t", "accept_draw"}, {"table", code}})["t"] == "ok");
    const auto ended = black.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["kind"] == "draw");
    CHECK(ended["event"]["result"]["reason"] == "agreement");
}

TEST_CASE_FIXTURE(TwoGuests, "threefold repetition ends the game") {
    const auto code = start_table(white, black, chess_setup());
    play_moves(white, black, code, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"});
    const auto ended = white.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["reason"] == "threefold");
    CHECK(ended["event"]["result"]["kind"] == "draw");
}

TEST_CASE_FIXTURE(FreshServer,
                  "a player who reconnects gets the events missed, and the clock kept running") {
    Client white(server.port());
    std::string token;
    std::string black_id;
    std::uint64_t seen = 0;
    std::string code;
    {
        Client black(server.port());
        token = black.token();
        black_id = black.id();
        code = start_table(white, black, chess_setup());
        play_moves(white, black, code, {"e4", "e5"});
        seen = black.wait_move(code, 1)["version"];
    }
    const auto gone = white.wait_event(code, "connection_changed");
    CHECK(gone["event"]["seat"] == 1);
    CHECK(gone["event"]["connected"] == false);
    move(white, code, 2, "Nf3");

    Client black(server.port());
    const auto welcome = black.request({{"t", "identify"}, {"token", token}});
    REQUIRE(welcome["t"] == "welcome");
    CHECK(welcome["player"]["id"] == black_id);
    const auto done = black.request({{"t", "resync"}, {"table", code}, {"since", seen}});
    CHECK(done["t"] == "resynced");
    const auto missed =
        black.wait_for([](const json& m) { return is_table_event(m, "move_played"); });
    CHECK(missed["event"]["ply"] == 2);
    CHECK(missed["version"].get<std::uint64_t>() > seen);
    CHECK(white.wait_event(code, "connection_changed")["event"]["connected"] == true);
    move(black, code, 3, "Nc6"); // the seat was kept

    // Too far behind (or a version from before a restart): the full state instead.
    const auto full = black.request({{"t", "resync"}, {"table", code}, {"since", 999999}});
    CHECK(full["t"] == "table");
    CHECK(full["you"] == 1);
    CHECK(full["state"]["ply"] == 4);
}

TEST_CASE_FIXTURE(TwoGuests, "a spectator sees every move and the result and can only chat") {
    Client watcher(server.port());
    const auto code = start_table(white, black, chess_setup());
    const auto state = watcher.request({{"t", "watch"}, {"code", code}});
    REQUIRE(state["t"] == "table");
    CHECK(state["you"].is_null());
    CHECK(white.wait_event(code, "spectator_joined")["event"]["player"]["id"] == watcher.id());

    move(white, code, 0, "e4");
    CHECK(watcher.wait_event(code, "move_played")["event"]["move"]["move"] == "e2e4");
    const auto refused =
        watcher.request({{"t", "move"}, {"table", code}, {"ply", 1}, {"move", "e5"}});
    CHECK(refused["code"] == "not_seated");
    CHECK(watcher.request({{"t", "resign"}, {"table", code}})["code"] == "not_seated");
    CHECK(watcher.request({{"t", "offer_draw"}, {"table", code}})["code"] == "not_seated");
    CHECK(watcher.request({{"t", "chat"}, {"table", code}, {"text", "nice"}})["t"] == "ok");
    const auto chat = white.wait_event(code, "chat_posted");
    CHECK(chat["event"]["text"] == "nice");
    CHECK(chat["event"]["spectator"] == true);

    move(black, code, 1, "e5");
    CHECK(black.request({{"t", "resign"}, {"table", code}})["t"] == "ok");
    const auto ended = watcher.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["winner"] == 0);
    CHECK(ended["event"]["result"]["reason"] == "resign");
}

TEST_CASE_FIXTURE(TwoGuests, "a spectator who leaves gets its own leave and nothing after it") {
    Client watcher(server.port());
    const auto code = start_table(white, black, chess_setup());
    REQUIRE(watcher.request({{"t", "watch"}, {"code", code}})["t"] == "table");
    move(white, code, 0, "e4");
    CHECK(watcher.wait_event(code, "move_played")["event"]["ply"] == 0);
    CHECK(watcher.request({{"t", "leave"}, {"table", code}})["t"] == "ok");
    CHECK(watcher.wait_event(code, "spectator_left")["event"]["player"] == watcher.id());
    CHECK(white.wait_event(code, "spectator_left")["event"]["player"] == watcher.id());
    watcher.forget();
    move(black, code, 1, "e5");
    white.wait_for(
        [&](const json& m) { return is_table_event(m, "move_played") && m["event"]["ply"] == 1; });
    CHECK(watcher.none_within([](const json& m) { return m.value("t", "") == "table_event"; }));
    // Watching again brings the events back.
    REQUIRE(watcher.request({{"t", "watch"}, {"code", code}})["t"] == "table");
    watcher.forget();
    move(white, code, 2, "Nf3");
    CHECK(watcher.wait_event(code, "move_played")["event"]["ply"] == 2);
}
