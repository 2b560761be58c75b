// Durability (issue 6): a game survives a restart of the server with its moves and clocks, and
// its players go on; a rated game between accounts updates both ratings with its result (on
// SQLite and PostgreSQL); a game stored by SQLite's schema 7 comes back the same after the
// upgrade to schema 8 (issue 33).
#include "lobby/time_control.h"
#include "lobby/time_control_text.h"
#include "rules/game.h"
#include "storage/sqlite/connection.h"
#include "storage/sqlite/migrations.h"
#include "tests/server/play/play_fixture.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace play_test;

TEST_CASE_FIXTURE_ON_BACKENDS(AliceAndBobOnDisk,
                              "after a restart the unfinished game is back with its moves and "
                              "clocks") {
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
            return m.value("t", "") == "table_event" &&
                   m["event"].value("type", "") == "move_played" && m["event"]["ply"] == 2;
        })["event"]["clocks"];
    }
    clock.advance(1s);
    PlayServer second(db, clock, accounts);
    CHECK(second.restored() == 1);
    Client bob(second.port(), "user=bob");
    const auto state = bob.request({{"t", "resync"}, {"table", code}, {"since", 5}});
    REQUIRE(state["t"] == "table");
    CHECK(state["you"] == 1);
    CHECK(state["state"]["moves"] == json::array({"e2e4", "c7c5", "g1f3"}));
    CHECK(state["state"]["status"] == "playing");
    CHECK(state["state"]["clocks"]["remaining_ms"][0] == clocks_before["remaining_ms"][0]);
    // Black's time runs from the last acknowledged move: one second has gone.
    CHECK(state["state"]["clocks"]["remaining_ms"][1].get<std::int64_t>() ==
          clocks_before["remaining_ms"][1].get<std::int64_t>() - 1000);
    CHECK(state["state"]["version"].get<std::uint64_t>() > 5);

    Client alice(second.port(), "user=alice");
    CHECK(alice.request({{"t", "resync"}, {"table", code}, {"since", 0}})["t"] == "table");
    move(bob, code, 3, "d6");
    CHECK(alice.request({{"t", "resign"}, {"table", code}})["t"] == "ok");
    CHECK(bob.wait_event(code, "game_ended")["event"]["result"]["winner"] == 1);

    const auto games = second.backend().game_store()->history(accounts->ids["alice"], {});
    REQUIRE(games.size() == 1);
    CHECK(games[0].result == "0-1");
    CHECK(games[0].termination == "resign");
    const auto stored = second.backend().game_store()->find_game(games[0].id);
    REQUIRE(stored);
    CHECK(stored->moves.size() == 4);
}

TEST_CASE_FIXTURE_ON_BACKENDS(AliceAndBobOnDisk,
                              "a rated game between two accounts updates both ratings, a casual "
                              "one does not") {
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
        alice.wait_event(code, "game_ended");
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

TEST_CASE_TEMPLATE("after a restart a public table is still public and its guests take their "
                   "seats back with their tokens",
                   Db, STORAGE_BACKENDS) {
    Db database;
    const auto db = database.location();
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
        CHECK(rows[0].game.seats[0].guest_token_hash.size() == 64);
        CHECK(rows[0].game.seats[0].guest_token_hash != white_token);
        CHECK(rows[0].game.seats[1].guest_token_hash != rows[0].game.seats[0].guest_token_hash);
    }

    // Listed in the lobby as a public game in play, and watchable without being told the code.
    Client spectator(second.port());
    const auto lobby = spectator.request({{"t", "lobby_page"}, {"list", "playing"}});
    REQUIRE(lobby.value("t", "") == "lobby_page");
    REQUIRE(lists(lobby, code));
    const auto watched = spectator.request({{"t", "watch"}, {"code", code}});
    REQUIRE(watched.value("t", "") == "table");
    CHECK(watched.at("state").at("setup").at("private") == false);
    CHECK(watched.at("state").at("status") == "playing");

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
    CHECK(state.at("you") == 1);
    CHECK(white.request({{"t", "resync"}, {"table", code}, {"since", 3}}).at("you") == 0);
    CHECK(state.at("state").at("moves") == json::array({"e2e4", "e7e5"}));

    // ... and both play on to a finished game.
    move(white, code, 2, "Bc4");
    move(black, code, 3, "Nc6");
    move(white, code, 4, "Qh5");
    move(black, code, 5, "Nf6");
    move(white, code, 6, "Qxf7#");
    const auto ended = black.wait_event(code, "game_ended");
    CHECK(ended["event"]["result"]["winner"] == 0);
    CHECK(spectator.wait_event(code, "game_ended")["event"]["result"]["reason"] == "checkmate");
    CHECK(second.backend().game_store()->load_unfinished_games().empty());
    CHECK(stranger.id() == stranger_id);
}

namespace {

// A row of schema 7's `moves`: every seat's clock after the move (seats 2.. NULL for two).
std::string v7_move(std::int64_t game, int ply, const std::string& move,
                    const std::vector<std::int64_t>& clocks, std::int64_t at_ms) {
    std::string row = "(" + std::to_string(game) + ", " + std::to_string(ply) + ", '" + move +
                      "', " + std::to_string(at_ms);
    for (std::size_t seat = 0; seat < 6; ++seat)
        row += ", " + (seat < clocks.size() ? std::to_string(clocks[seat]) : std::string("NULL"));
    return row + ")";
}

} // namespace

TEST_CASE("games stored by schema 7 come back after the upgrade to schema 8 with every seat's "
          "clock as schema 7 restored it") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    TestClock clock;
    const std::int64_t now = clock.now().time_since_epoch().count();
    auto accounts = std::make_shared<Accounts>();
    accounts->ids = {{"alice", 1}, {"bob", 2}, {"cid", 3}, {"dee", 4}};

    // A game of four played by the rules' first legal move each turn, 600 s each: the clock
    // starts once every seat has moved; from then each mover thinks 10 s more than the one
    // before, and the seat to move after six moves thinks 5 s and resigns. Every clock after
    // each move, as schema 7 stored it.
    auto made = rules::make_game(rules::VariantId::ChineseCheckers4);
    REQUIRE(made.ok());
    rules::Game& halma = *made.value();
    std::vector<std::int64_t> clocks(4, 600'000);
    std::vector<std::string> four_rows;
    std::int64_t at = now - 100'000;
    int leaver = -1;
    std::int64_t left_at = 0;
    for (int ply = 1; ply <= 8; ++ply) {
        if (ply == 7) { // the leave, before move 7
            leaver = halma.seat_to_move();
            clocks[static_cast<std::size_t>(leaver)] -= 5'000;
            left_at = at + 5'000;
            REQUIRE(halma.retire(leaver).ok());
        }
        const int mover = halma.seat_to_move();
        const std::string text = halma.legal_moves().front();
        REQUIRE(halma.play(text).ok());
        const std::int64_t thinking = ply > 4 ? 10'000 * (ply - 4) : 0;
        clocks[static_cast<std::size_t>(mover)] -= thinking;
        at = ply == 8 ? now : at + thinking + 1'000;
        four_rows.push_back(v7_move(2, ply, text, clocks, at));
    }
    const std::vector<std::int64_t> four_clocks = clocks;

    {
        storage::sqlite::Connection v7(db.string(), {.migrate = false});
        storage::sqlite::migrate(v7, 7);
        std::string sql = "INSERT INTO users (name, name_key, password_hash, created_at) VALUES "
                          "('alice', 'alice', 'h', 1), ('bob', 'bob', 'h', 1), "
                          "('cid', 'cid', 'h', 1), ('dee', 'dee', 'h', 1);";
        // A game of two: 300+2; White thinks 7 s and 4 s, Black 5 s, after both first moves.
        sql += "INSERT INTO games (variant, white_user_id, black_user_id, white_name, black_name, "
               "time_control, rated, table_code, started_at) VALUES ('chess', 1, 2, 'alice', "
               "'bob', '" +
               lobby::time_control_text(lobby::fischer(300s, 2s)) + "', 0, 'K7QFZ2', " +
               std::to_string(now - 60'000) + ");";
        sql += "INSERT INTO games (variant, white_user_id, black_user_id, white_name, black_name, "
               "time_control, rated, table_code, started_at) VALUES ('chinese-checkers-4', 1, "
               "2, 'alice', 'bob', '" +
               lobby::time_control_text(lobby::fischer(600s, 0s)) + "', 0, 'K7QFZ4', " +
               std::to_string(now - 200'000) + ");";
        sql += "INSERT INTO game_seats (game_id, seat, user_id, name) VALUES (2, 2, 3, 'cid'), "
               "(2, 3, 4, 'dee');";
        const std::string columns = "(game_id, ply, move, at_ms, white_ms, black_ms, seat2_ms, "
                                    "seat3_ms, seat4_ms, seat5_ms)";
        sql += "INSERT INTO moves " + columns + " VALUES " +
               v7_move(1, 1, "e2e4", {300'000, 300'000}, now - 20'000) + ", " +
               v7_move(1, 2, "c7c5", {300'000, 300'000}, now - 19'000) + ", " +
               v7_move(1, 3, "g1f3", {295'000, 300'000}, now - 12'000) + ", " +
               v7_move(1, 4, "d7d6", {295'000, 297'000}, now - 7'000) + ";";
        sql += "INSERT INTO move_journal " + columns + " VALUES " +
               v7_move(1, 5, "d2d4", {293'000, 297'000}, now) + ";";
        sql += "INSERT INTO moves " + columns + " VALUES ";
        for (std::size_t i = 0; i < four_rows.size(); ++i)
            sql += (i == 0 ? "" : ", ") + four_rows[i];
        sql += ";INSERT INTO game_leaves (game_id, ordinal, seat, ply, at_ms, reason) VALUES (2, "
               "0, " +
               std::to_string(leaver) + ", 6, " + std::to_string(left_at) + ", 'resign');";
        v7.exec(sql);
    }

    PlayServer server(db, clock, accounts); // opening migrates to schema 8
    REQUIRE(server.restored() == 2);
    Client alice(server.port(), "user=alice");
    const auto two = join(alice, "K7QFZ2").at("state");
    CHECK(two.at("moves") == json::array({"e2e4", "c7c5", "g1f3", "d7d6", "d2d4"}));
    CHECK(two.at("clocks").at("remaining_ms") == json::array({293'000, 297'000}));
    CHECK(two.at("clocks").at("to_move") == 1);
    const auto four = join(alice, "K7QFZ4").at("state");
    CHECK(four.at("moves").size() == 8);
    CHECK(four.at("seats").at(static_cast<std::size_t>(leaver)).at("retired") == true);
    CHECK(four.at("clocks").at("remaining_ms") == json(four_clocks));
    CHECK(four.at("clocks").at("to_move") == halma.seat_to_move());

    // Black's time runs on from the last move.
    clock.advance(1s);
    const auto later = join(alice, "K7QFZ2").at("state");
    CHECK(later.at("clocks").at("remaining_ms").at(1) == 296'000);
}
