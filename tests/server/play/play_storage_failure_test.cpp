// A move that storage refuses is refused to its player: nobody else sees it, the table is as
// before it, and the game goes on (DESIGN.md "Data flow of one move": acknowledged = on disk).
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

namespace {

PlayServerOptions failing(std::shared_ptr<std::atomic<bool>> fail) {
    PlayServerOptions options;
    options.fail_moves = std::move(fail);
    return options;
}

bool is_event(const json& m, const std::string& code) {
    return m.value("t", "") == "table_event" && m.value("table", "") == code;
}

} // namespace

TEST_CASE("a move whose write fails is refused with storage_failed and never broadcast") {
    test::TempDir dir;
    TestClock clock;
    auto fail = std::make_shared<std::atomic<bool>>(false);
    PlayServer server(dir.path() / "play.db", clock, nullptr, nullptr,
                      failing(fail));
    Client white(server.port());
    Client black(server.port());
    Client watcher(server.port());
    const auto code = create_table(white, {{"variant", "chess"},
                                           {"time", {{"base_ms", 300000}, {"increment_ms", 0}}},
                                           {"color", "white"},
                                           {"private", true}});
    join(black, code);
    REQUIRE(watcher.request({{"t", "watch"}, {"code", code}}).value("t", "") == "table");
    move(white, code, 0, "f3");
    move(black, code, 1, "e5");
    clock.advance(2s);
    move(white, code, 2, "g4");
    json last_seen;
    for (Client* client : {&white, &black, &watcher}) {
        last_seen = client->wait_for([&](const json& m) {
            return is_event(m, code) && m["event"].value("type", "") == "move" &&
                   m["event"]["ply"] == 2;
        });
        client->forget();
    }

    // The mating move cannot be stored: refused, with neither the move nor the end sent.
    fail->store(true);
    clock.advance(3s);
    const auto refused =
        black.request({{"t", "move"}, {"table", code}, {"ply", 3}, {"move", "Qh4#"}});
    CHECK(refused.value("t", "") == "error");
    CHECK(refused.value("code", "") == "storage_failed");
    CHECK(white.none_within([&](const json& m) { return is_event(m, code); }));
    CHECK(watcher.none_within([&](const json& m) { return is_event(m, code); }));

    // The table is as before the move: same moves, Black to move, still playing.
    const auto state = black.request({{"t", "resync"}, {"table", code}, {"since", 0}});
    REQUIRE(state.value("t", "") == "table");
    CHECK(state["table"]["status"] == "playing");
    CHECK(state["table"]["moves"] == json::array({"f2f3", "e7e5", "g2g4"}));
    CHECK(state["table"]["version"] == last_seen["version"]);
    CHECK(state["table"]["clocks"]["white_ms"] == last_seen["event"]["clocks"]["white_ms"]);

    // Storage is back: the same move goes through, with the next version, and ends the game.
    fail->store(false);
    move(black, code, 3, "Qh4#");
    const auto played = watcher.wait_for([&](const json& m) {
        return is_event(m, code) && m["event"].value("type", "") == "move";
    });
    CHECK(played["event"]["ply"] == 3);
    CHECK(played["version"].get<std::uint64_t>() == last_seen["version"].get<std::uint64_t>() + 1);
    CHECK(white.wait_event(code, "ended")["event"]["result"]["reason"] == "checkmate");
    const auto stored = server.backend().game_store()->find_game(1);
    REQUIRE(stored);
    CHECK(stored->moves.size() == 4);
    CHECK(stored->game.result == "0-1");
}

TEST_CASE("a refused first move leaves White to move, and the moves that follow are stored") {
    test::TempDir dir;
    TestClock clock;
    auto fail = std::make_shared<std::atomic<bool>>(false);
    PlayServer server(dir.path() / "play.db", clock, nullptr, nullptr,
                      failing(fail));
    Client white(server.port());
    Client black(server.port());
    const auto code = create_table(white, {{"variant", "chess"},
                                           {"time", {{"base_ms", 300000}, {"increment_ms", 0}}},
                                           {"color", "white"},
                                           {"private", true}});
    join(black, code);
    fail->store(true);
    const auto refused =
        white.request({{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
    CHECK(refused.value("code", "") == "storage_failed");
    CHECK(black.none_within([&](const json& m) {
        return m.value("t", "") == "table_event" && m["event"].value("type", "") == "move";
    }));
    // Black may not move: it is still White's first move.
    const auto early = black.request({{"t", "move"}, {"table", code}, {"ply", 1}, {"move", "e5"}});
    CHECK(early.value("t", "") == "error");
    fail->store(false);
    move(white, code, 0, "d4");
    move(black, code, 1, "d5");
    const auto stored = server.backend().game_store()->find_game(1);
    REQUIRE(stored);
    REQUIRE(stored->moves.size() == 2);
    CHECK(stored->moves[0].move == "d2d4");
}
