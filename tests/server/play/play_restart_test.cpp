// Durability (issue 6): a game survives a restart of the server with its moves and clocks, and
// its players go on; a rated game between accounts updates both ratings with its result.
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

TEST_CASE_FIXTURE(AliceAndBobOnDisk,
                  "after a restart the unfinished game is back with its moves and clocks") {
    std::string code;
    json clocks_before;
    {
        PlayServer first(db, clock, accounts);
        Client alice(first.port(), "user=alice");
        Client bob(first.port(), "user=bob");
        CHECK(alice.id() == "u" + std::to_string(accounts->ids["alice"]));
        CHECK(alice.player()["name"] == "alice");
        CHECK(alice.token().empty());
        code = create_table(alice, {{"variant", "chess"},
                                    {"time", {{"base_ms", 300000}, {"increment_ms", 2000}}},
                                    {"color", "white"},
                                    {"private", true}});
        join(bob, code);
        move(alice, code, 0, "e4");
        clock.advance(4s);
        move(bob, code, 1, "c5");
        clock.advance(7s);
        move(alice, code, 2, "Nf3");
        clocks_before = bob.wait_for([](const json& m) {
            return m.value("t", "") == "table_event" && m["event"].value("type", "") == "move" &&
                   m["event"]["ply"] == 2;
        })["event"]["clocks"];
    }
    clock.advance(1s);
    PlayServer second(db, clock, accounts);
    CHECK(second.restored() == 1);
    Client bob(second.port(), "user=bob");
    const auto state = bob.request({{"t", "resync"}, {"table", code}, {"since", 5}});
    REQUIRE(state["t"] == "table");
    CHECK(state["you"] == "black");
    CHECK(state["table"]["moves"] == json::array({"e2e4", "c7c5", "g1f3"}));
    CHECK(state["table"]["status"] == "playing");
    CHECK(state["table"]["clocks"]["white_ms"] == clocks_before["white_ms"]);
    // Black's time runs from the last acknowledged move: one second has gone.
    CHECK(state["table"]["clocks"]["black_ms"].get<std::int64_t>() ==
          clocks_before["black_ms"].get<std::int64_t>() - 1000);
    CHECK(state["table"]["version"].get<std::uint64_t>() > 5);

    Client alice(second.port(), "user=alice");
    CHECK(alice.request({{"t", "resync"}, {"table", code}, {"since", 0}})["t"] == "table");
    move(bob, code, 3, "d6");
    CHECK(alice.request({{"t", "resign"}, {"table", code}})["t"] == "ok");
    CHECK(bob.wait_event(code, "ended")["event"]["result"]["winner"] == "black");

    const auto games = second.backend().game_store()->history(accounts->ids["alice"], {});
    REQUIRE(games.size() == 1);
    CHECK(games[0].result == "0-1");
    CHECK(games[0].termination == "resign");
    const auto stored = second.backend().game_store()->find_game(games[0].id);
    REQUIRE(stored);
    CHECK(stored->moves.size() == 4);
}

TEST_CASE_FIXTURE(AliceAndBobOnDisk,
                  "a rated game between two accounts updates both ratings, a casual one does not") {
    PlayServer server(db, clock, accounts);
    Client alice(server.port(), "user=alice");
    Client bob(server.port(), "user=bob");
    Client guest(server.port());
    CHECK(guest.request({{"t", "create_table"}, {"rated", true}})["code"] == "not_allowed");

    auto play_to_mate = [&](bool rated) {
        const auto code = create_table(alice, {{"variant", "chess"},
                                               {"time", {{"base_ms", 300000}}},
                                               {"rated", rated},
                                               {"color", "white"},
                                               {"private", true}});
        join(bob, code);
        move(alice, code, 0, "f3");
        move(bob, code, 1, "e5");
        move(alice, code, 2, "g4");
        move(bob, code, 3, "Qh4#");
        alice.wait_event(code, "ended");
    };
    play_to_mate(false);
    auto ratings = server.backend().rating_store();
    CHECK(ratings->ratings_of(accounts->ids["bob"]).empty());
    play_to_mate(true);
    const auto bob_rating = ratings->ratings_of(accounts->ids["bob"]);
    const auto alice_rating = ratings->ratings_of(accounts->ids["alice"]);
    REQUIRE(bob_rating.size() == 1);
    REQUIRE(alice_rating.size() == 1);
    CHECK(bob_rating[0].key.speed == "blitz");
    CHECK(bob_rating[0].rating > 1500);
    CHECK(alice_rating[0].rating < 1500);
    CHECK(bob_rating[0].games == 1);
}

namespace {

bool lists(const json& lobby, const std::string& code) {
    for (const auto& table : lobby.at("tables"))
        if (table.value("code", "") == code)
            return true;
    return false;
}

// The answer to identify with `token` on a fresh guest connection.
json identify(Client& client, const std::string& token) {
    return client.request({{"t", "identify"}, {"token", token}});
}

} // namespace

TEST_CASE("after a restart a public table is still public and its guests take their seats back "
          "with their tokens") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    TestClock clock;
    std::string code;
    std::string white_id;
    std::string white_token;
    std::string black_id;
    std::string black_token;
    json refusal_before;
    {
        PlayServer first(db, clock);
        Client white(first.port());
        Client black(first.port());
        white_id = white.id();
        white_token = white.token();
        black_id = black.id();
        black_token = black.token();
        REQUIRE_FALSE(white_token.empty());
        REQUIRE_FALSE(black_token.empty());
        code = create_table(white, {{"variant", "chess"},
                                    {"time", {{"base_ms", 300000}, {"increment_ms", 2000}}},
                                    {"color", "white"},
                                    {"private", false}});
        join(black, code);
        move(white, code, 0, "e4");
        move(black, code, 1, "e5");
        Client stranger(first.port());
        refusal_before = identify(stranger, black_token + "x");
        CHECK(refusal_before.value("code", "") == "not_allowed");
    }
    clock.advance(2s);
    PlayServer second(db, clock);
    REQUIRE(second.restored() == 1);
    {
        // The row kept only hashes of the tokens.
        const auto rows = second.backend().game_store()->load_unfinished_games();
        REQUIRE(rows.size() == 1);
        CHECK(rows[0].game.is_public);
        CHECK(rows[0].game.white_guest_token_hash.size() == 64);
        CHECK(rows[0].game.white_guest_token_hash != white_token);
        CHECK(rows[0].game.black_guest_token_hash != rows[0].game.white_guest_token_hash);
    }

    // Listed in the lobby as a public game in play, and watchable without being told the code.
    Client spectator(second.port());
    const auto lobby = spectator.request({{"t", "lobby_page"}, {"list", "playing"}});
    REQUIRE(lobby.value("t", "") == "lobby_page");
    REQUIRE(lists(lobby, code));
    const auto watched = spectator.request({{"t", "watch"}, {"code", code}});
    REQUIRE(watched.value("t", "") == "table");
    CHECK(watched.at("table").at("setup").at("private") == false);
    CHECK(watched.at("table").at("status") == "playing");

    // A wrong token is refused as before the restart, and changes nothing.
    Client stranger(second.port());
    const auto stranger_id = stranger.id();
    const auto refused = identify(stranger, black_token + "x");
    CHECK(refused.value("code", "") == refusal_before.value("code", "?"));
    CHECK(refused.value("message", "") == refusal_before.value("message", "?"));
    CHECK(identify(stranger, "").value("code", "") == "not_allowed");
    CHECK(stranger.request({{"t", "move"}, {"table", code}, {"ply", 2}, {"move", "Nf3"}})
              .value("t", "") == "error");

    // Each guest comes back on a new connection (a fresh guest) and takes its identity back.
    Client white(second.port());
    Client black(second.port());
    CHECK(white.id() != white_id);
    const auto white_back = identify(white, white_token);
    REQUIRE(white_back.value("t", "") == "welcome");
    CHECK(white_back.at("player").at("id") == white_id);
    CHECK(white_back.at("tables") == json::array({code}));
    CHECK(white_back.value("token", "") == white_token);
    const auto black_back = identify(black, black_token);
    REQUIRE(black_back.value("t", "") == "welcome");
    CHECK(black_back.at("player").at("id") == black_id);
    const auto state = black.request({{"t", "resync"}, {"table", code}, {"since", 3}});
    REQUIRE(state.value("t", "") == "table");
    CHECK(state.value("you", "") == "black");
    CHECK(white.request({{"t", "resync"}, {"table", code}, {"since", 3}}).value("you", "") ==
          "white");
    CHECK(state.at("table").at("moves") == json::array({"e2e4", "e7e5"}));

    // ... and both play on to a finished game.
    move(white, code, 2, "Bc4");
    move(black, code, 3, "Nc6");
    move(white, code, 4, "Qh5");
    move(black, code, 5, "Nf6");
    move(white, code, 6, "Qxf7#");
    const auto ended = black.wait_event(code, "ended");
    CHECK(ended["event"]["result"]["winner"] == "white");
    CHECK(spectator.wait_event(code, "ended")["event"]["result"]["reason"] == "checkmate");
    CHECK(second.backend().game_store()->load_unfinished_games().empty());
    CHECK(stranger.id() == stranger_id);
}
