// One identity model (issue 11): a lobby::Player carries its account or its guest token's hash,
// the seat keeps it, and the game rows are written from it and read back into it. A restart, a
// rematch and a seek's match keep who each seat is; the token's hash never reaches a client.
#include "lobby/random.h"
#include "lobby/table.h"
#include "server/play/stored_game.h"
#include "tests/server/play/play_fixture.h"

#include <doctest/doctest.h>

using namespace play_test;

namespace {

const lobby::TimePoint started{lobby::Millis{1'700'000'000'000}};

// A private casual chess table with `white` and `black` seated (the game has started).
std::unique_ptr<lobby::Table> seated_table(const lobby::Player& white, const lobby::Player& black) {
    lobby::SeededRandom random(3);
    auto table = lobby::Table::create(
        "IDNT", lobby::TableSetup{.is_public = false, .color = lobby::ColorChoice::White}, white,
        {}, random, started);
    REQUIRE(table.ok());
    REQUIRE((*table)->join(black, started).ok());
    return std::move(*table);
}

const std::string hash_a(64, 'a');
const std::string hash_b(64, 'b');

lobby::Identity guest_identity(const std::string& hash) {
    return {.account = std::nullopt, .guest_token_hash = lobby::TokenHash::parse(hash).value()};
}

bool mentions(const json& message, const std::string& text) {
    return message.dump().find(text) != std::string::npos;
}

// The game row of `table`'s game (both seats' players have played it), with one move.
storage::GameWithMoves stored(const std::unique_ptr<lobby::Table>& table) {
    storage::GameWithMoves game;
    game.game = server::play::game_row(*table, started);
    game.game.id = 1;
    return game;
}

} // namespace

TEST_CASE("a game row is written from the seats' identities and read back into them") {
    const lobby::Player ann{.id = "u7", .display_name = "ann", .identity = {.account = 7}};
    const lobby::Player guest{
        .id = "guest-AB12", .display_name = "guest-AB12", .identity = guest_identity(hash_a)};
    const auto table = seated_table(ann, guest);
    const auto row = server::play::game_row(*table, started);
    CHECK(row.seats[0].user_id == 7);
    CHECK(row.seats[0].guest_token_hash.empty());
    CHECK_FALSE(row.seats[1].user_id);
    CHECK(row.seats[1].guest_token_hash == hash_a);

    const auto record = server::play::table_record(stored(table), 100);
    REQUIRE(record.ok());
    REQUIRE(record.value().seats[0]);
    REQUIRE(record.value().seats[1]);
    CHECK(record.value().seats[0]->identity == ann.identity);
    // An account's id is made from its number, its name is the one it played under.
    CHECK(row.seats[0].name == "ann");
    CHECK(record.value().seats[0]->id == "u7");
    CHECK(record.value().seats[0]->display_name == "ann");
    CHECK(record.value().seats[1]->id == "guest-AB12");
    CHECK(record.value().seats[0]->registered());
    CHECK(record.value().seats[1]->identity == guest.identity);
    CHECK_FALSE(record.value().seats[1]->registered());
}

TEST_CASE("a stored account seat with a token hash is the account's and carries no token") {
    const lobby::Player ann{.id = "u7", .display_name = "ann", .identity = {.account = 7}};
    const lobby::Player bob{.id = "u8", .display_name = "bob", .identity = {.account = 8}};
    const auto table = seated_table(ann, bob);
    auto game = stored(table);
    game.game.seats[0].guest_token_hash = hash_b; // a row that claims both
    const auto record = server::play::table_record(game, 100);
    REQUIRE(record.ok());
    CHECK(record.value().seats[0]->identity.account == 7);
    CHECK(record.value().seats[0]->identity.guest_token_hash.empty());
}

TEST_CASE("a stored guest seat whose token hash is not 64 hex digits carries no token") {
    const lobby::Player ann{.id = "u7", .display_name = "ann", .identity = {.account = 7}};
    const lobby::Player guest{
        .id = "guest-AB12", .display_name = "guest-AB12", .identity = guest_identity(hash_a)};
    const auto table = seated_table(ann, guest);
    auto game = stored(table);
    game.game.seats[1].guest_token_hash = hash_a.substr(1) + "z";
    const auto record = server::play::table_record(game, 100);
    REQUIRE(record.ok());
    CHECK(record.value().seats[1]->id == "guest-AB12");
    CHECK(record.value().seats[1]->identity == lobby::Identity{});
}

TEST_CASE("the end of a rated game rates the accounts of the players who played it") {
    const lobby::Player ann{.id = "u7", .display_name = "ann", .identity = {.account = 7}};
    const lobby::Player bob{.id = "u8", .display_name = "bob", .identity = {.account = 8}};
    const lobby::Player guest{
        .id = "guest-AB12", .display_name = "guest-AB12", .identity = guest_identity(hash_a)};
    const auto table = seated_table(ann, bob);
    lobby::GameEnded ended;
    ended.result = lobby::GameResult::win(1, "resign");
    ended.rated = true;
    ended.players = {ann, bob};
    const auto rated = server::play::finish_row(1, *table, ended, started);
    REQUIRE(rated.rated_players.size() == 2);
    CHECK(rated.rated_players[0].user_id == 7);
    CHECK(rated.rated_players[1].user_id == 8);
    // The same end with a guest in Black's seat rates nobody.
    ended.players[1] = guest;
    CHECK(server::play::finish_row(1, *table, ended, started).rated_players.empty());
}

TEST_CASE_FIXTURE(AliceAndBobOnDisk,
                  "an account's seat keeps its account through a restart and a rematch") {
    std::string code;
    {
        PlayServer first(db, clock, accounts);
        Client alice(first.port(), "user=alice");
        Client bob(first.port(), "user=bob");
        code = start_table(alice, bob,
                           {{"variant", "chess"},
                            {"time", fischer_ms(300000, 0)},
                            {"rated", true},
                            {"color", "white"},
                            {"private", true}});
        play_moves(alice, bob, code, {"f3", "e5"});
    }
    clock.advance(1s);
    PlayServer second(db, clock, accounts);
    REQUIRE(second.restored() == 1);
    Client alice(second.port(), "user=alice");
    Client bob(second.port(), "user=bob");
    REQUIRE(alice.request({{"t", "resync"}, {"table", code}, {"since", 0}})["t"] == "table");
    REQUIRE(bob.request({{"t", "resync"}, {"table", code}, {"since", 0}})["t"] == "table");
    play_moves(alice, bob, code, {"g4", "Qh4#"}, 2);
    alice.wait_event(code, "game_ended");
    // The restored game was rated between the two accounts.
    auto ratings = second.backend().rating_store();
    REQUIRE(ratings->ratings_of(accounts->ids["alice"]).size() == 1);
    REQUIRE(ratings->ratings_of(accounts->ids["bob"]).size() == 1);
    CHECK(ratings->ratings_of(accounts->ids["bob"])[0].rating > 1500);

    // The rematch at the restored table is stored under both accounts and rated again.
    REQUIRE(alice.request({{"t", "offer_rematch"}, {"table", code}}).value("t", "") == "ok");
    REQUIRE(bob.request({{"t", "accept_rematch"}, {"table", code}}).value("t", "") == "ok");
    alice.wait_for([&](const json& m) {
        return is_table_event(m, "game_started") && m["event"].value("game_number", 0) == 2;
    });
    play_moves(bob, alice, code, {"f3", "e5", "g4", "Qh4#"});
    bob.wait_for([&](const json& m) {
        return is_table_event(m, "game_ended") && m["event"].value("game_number", 0) == 2;
    });
    const auto games = second.backend().game_store()->history(accounts->ids["bob"], {});
    REQUIRE(games.size() == 2);
    for (const auto& game : games) {
        const auto row = second.backend().game_store()->find_game(game.id);
        REQUIRE(row);
        const bool bob_white = row->game.seats[0].name == "bob";
        CHECK(row->game.seats[0].user_id == accounts->ids[bob_white ? "bob" : "alice"]);
        CHECK(row->game.seats[1].user_id == accounts->ids[bob_white ? "alice" : "bob"]);
        CHECK(row->game.seats[0].guest_token_hash.empty());
        CHECK(row->game.seats[1].guest_token_hash.empty());
    }
    CHECK(ratings->ratings_of(accounts->ids["alice"])[0].games == 2);
    CHECK(ratings->ratings_of(accounts->ids["bob"])[0].games == 2);
}

TEST_CASE("a rated seek's match is stored under both players' accounts and rates them") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    const auto accounts = create_accounts(db, {"ann", "ben"});
    TestClock clock;
    PlayServer server(db, clock, accounts);
    Client ann(server.port(), "user=ann");
    Client ben(server.port(), "user=ben");
    const json seek{{"t", "seek"},
                    {"variant", "chess"},
                    {"rated", true},
                    {"time", {{"base_ms", 180000}, {"increment_ms", 2000}}}};
    REQUIRE(ann.request(seek)["matched"] == false);
    REQUIRE(ben.request(seek)["matched"] == true);
    const auto matched = ann.wait_push("matched");
    const std::string code = matched.at("code").get<std::string>();
    const bool ann_white = matched["players"][0]["name"] == "ann";
    Client& white = ann_white ? ann : ben;
    Client& black = ann_white ? ben : ann;
    white.wait_event(code, "game_started");
    play_moves(white, black, code, {"f3", "e5", "g4", "Qh4#"});
    white.wait_event(code, "game_ended");
    const auto row = server.backend().game_store()->find_game(1);
    REQUIRE(row);
    CHECK(row->game.seats[0].user_id == accounts->ids[ann_white ? "ann" : "ben"]);
    CHECK(row->game.seats[1].user_id == accounts->ids[ann_white ? "ben" : "ann"]);
    const auto ratings = server.backend().rating_store();
    CHECK(ratings->ratings_of(accounts->ids["ann"]).size() == 1);
    CHECK(ratings->ratings_of(accounts->ids["ben"]).size() == 1);
}

TEST_CASE("a guest proves itself with its token after a restart and a rematch, and its token's "
          "hash never reaches a client") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    TestClock clock;
    std::string code;
    std::string white_id;
    std::string white_token;
    std::string black_token;
    {
        PlayServer first(db, clock);
        Client white(first.port());
        Client black(first.port());
        white_id = white.id();
        white_token = white.token();
        black_token = black.token();
        code = start_table(white, black,
                           {{"variant", "chess"},
                            {"time", fischer_ms(300000, 0)},
                            {"color", "white"},
                            {"private", false}});
        play_moves(white, black, code, {"e4", "e5"});
    }
    std::string white_hash;
    {
        PlayServer second(db, clock);
        REQUIRE(second.restored() == 1);
        const auto rows = second.backend().game_store()->load_unfinished_games();
        REQUIRE(rows.size() == 1);
        white_hash = rows[0].game.seats[0].guest_token_hash;
        REQUIRE(white_hash.size() == 64);
        Client white(second.port());
        Client black(second.port());
        const auto white_back = white.request({{"t", "identify"}, {"token", white_token}});
        REQUIRE(white_back.value("t", "") == "welcome");
        CHECK(white_back["player"]["id"] == white_id);
        REQUIRE(black.request({{"t", "identify"}, {"token", black_token}}).value("t", "") ==
                "welcome");
        const auto state = white.request({{"t", "resync"}, {"table", code}, {"since", 0}});
        REQUIRE(state.at("you") == 0);
        play_moves(white, black, code, {"Qh5", "Ke7", "Qxe5#"}, 2);
        white.wait_event(code, "game_ended");
        // A rematch at the restored table: its row keeps both guests' token hashes.
        REQUIRE(white.request({{"t", "offer_rematch"}, {"table", code}}).value("t", "") == "ok");
        REQUIRE(black.request({{"t", "accept_rematch"}, {"table", code}}).value("t", "") == "ok");
        white.wait_for([&](const json& m) {
            return is_table_event(m, "game_started") && m["event"].value("game_number", 0) == 2;
        });
        play_moves(black, white, code, {"d4"});

        // Nothing a client is shown carries a token's hash: the welcome, the table's state,
        // the lobby's list, a spectator's view, and the pushes kept meanwhile.
        Client spectator(second.port());
        const auto lobby = spectator.request({{"t", "lobby_subscribe"}});
        const auto watched = spectator.request({{"t", "watch"}, {"code", code}});
        REQUIRE(watched.value("t", "") == "table");
        const auto seat = watched["state"]["seats"][1];
        CHECK(seat["id"] == white_id);
        CHECK_FALSE(seat.contains("guest_token_hash"));
        CHECK_FALSE(seat.contains("identity"));
        CHECK_FALSE(seat.contains("account"));
        for (const auto* shown : {&white_back, &state, &lobby, &watched})
            CHECK_FALSE(mentions(*shown, white_hash));
        for (const auto& kept : white.kept())
            CHECK_FALSE(mentions(kept, white_hash));
    }
    // Another restart: the rematch's row let the guest back in the same way.
    PlayServer third(db, clock);
    REQUIRE(third.restored() == 1);
    const auto rows = third.backend().game_store()->load_unfinished_games();
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].game.seats[1].name == white_id);
    CHECK(rows[0].game.seats[1].guest_token_hash == white_hash);
    Client stranger(third.port());
    CHECK(stranger.request({{"t", "identify"}, {"token", white_token + "x"}}).value("code", "") ==
          "not_allowed");
    Client white(third.port());
    const auto back = white.request({{"t", "identify"}, {"token", white_token}});
    REQUIRE(back.value("t", "") == "welcome");
    CHECK(back["player"]["id"] == white_id);
    CHECK(back["tables"] == json::array({code}));
    CHECK_FALSE(mentions(back, white_hash));
    const auto state = white.request({{"t", "resync"}, {"table", code}, {"since", 0}});
    CHECK(state.at("you") == 1);
    move(white, code, 1, "e5");
}

TEST_CASE("an account whose name is another account's id is never taken for it") {
    test::TempDir dir;
    const auto db = dir.path() / "play.db";
    const auto accounts = create_accounts(db, {"alice"});
    // An account named like Alice's id ("u1"): a name, not an id.
    const std::string alice_id = "u" + std::to_string(accounts->ids["alice"]);
    accounts->ids[alice_id] = create_accounts(db, {alice_id})->ids[alice_id];
    TestClock clock;
    PlayServer server(db, clock, accounts);
    Client alice(server.port(), "user=alice");
    Client impostor(server.port(), "user=" + alice_id);
    Client bob(server.port());
    CHECK(alice.id() == alice_id);
    CHECK(alice.player()["name"] == "alice");
    CHECK(impostor.player()["name"] == alice_id);
    CHECK(impostor.id() == "u" + std::to_string(accounts->ids[alice_id]));
    CHECK(impostor.id() != alice.id());

    // A challenge to the name "u1" goes to the account called so, not to Alice.
    const auto sent = bob.request({{"t", "challenge"},
                                   {"to", alice_id},
                                   {"variant", "chess"},
                                   {"time", fischer_ms(60000, 0)}});
    REQUIRE(sent.value("t", "") == "challenge_sent");
    const auto pushed = impostor.wait_push("challenge");
    CHECK(pushed["challenge"]["to"] == impostor.id());
    CHECK(pushed["challenge"]["to_name"] == alice_id);
    CHECK(pushed["challenge"]["awaiting"] == impostor.id());
    CHECK(alice.none_within([](const json& m) { return m.value("t", "") == "challenge"; }));

    // At Alice's table the impostor is a stranger: no seat, no move in her name.
    const auto code = start_table(alice, bob, private_setup("chess", fischer_ms(300000, 0)));
    const auto watched = impostor.request({{"t", "watch"}, {"code", code}});
    REQUIRE(watched.value("t", "") == "table");
    CHECK(watched["you"].is_null());
    CHECK(watched["state"]["seats"][0]["id"] == alice_id);
    const auto refused =
        impostor.request({{"t", "move"}, {"table", code}, {"ply", 0}, {"move", "e4"}});
    CHECK(refused.value("t", "") == "error");
    move(alice, code, 0, "e4");
}
