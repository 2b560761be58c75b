#include "storage/sqlite/connection.h"
#include "storage/sqlite/migrations.h"
#include "storage/sqlite/sqlite_game_store.h"
#include "storage/sqlite/sqlite_game_writer.h"
#include "storage/sqlite/sqlite_user_store.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <set>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage::sqlite;
using storage_test::append_now;
using storage_test::move_at;
using storage_test::TempDir;

namespace {

std::set<std::string> table_names(Connection& db) {
    auto s = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'");
    std::set<std::string> names;
    while (s.step())
        names.insert(s.column_text(0));
    return names;
}

std::string pragma_text(Connection& db, const char* sql) {
    auto s = db.prepare(sql);
    REQUIRE(s.step());
    return s.column_text(0);
}

} // namespace

TEST_CASE("an empty file is migrated to the latest schema with every table") {
    TempDir dir;
    Connection db(dir.db(), {});
    CHECK(db.user_version() == latest_schema_version());
    CHECK(latest_schema_version() >= 2);
    const std::set<std::string> expected{"users",          "sessions",     "ratings",
                                         "games",          "moves",        "blocks",
                                         "ladders",        "ladder_rungs", "ladder_challenges",
                                         "ladder_history", "game_seats",   "game_leaves",
                                         "move_journal",
                                         // tournaments (migration 9)
                                         "tournaments", "tournament_entries", "tournament_rounds",
                                         "tournament_pairings", "tournament_absences",
                                         "tournament_history",
                                         // a Swiss's organiser tools (migration 10)
                                         "tournament_half_byes", "tournament_forbidden_pairs"};
    CHECK(table_names(db) == expected);
}

TEST_CASE("opening sets WAL, foreign keys and the chosen synchronous level") {
    TempDir dir;
    {
        Connection db(dir.db(), {});
        CHECK(pragma_text(db, "PRAGMA journal_mode") == "wal");
        CHECK(pragma_text(db, "PRAGMA foreign_keys") == "1");
        CHECK(pragma_text(db, "PRAGMA synchronous") == "2"); // FULL
    }
    Connection normal(dir.db(), {.durability = Durability::Normal});
    CHECK(pragma_text(normal, "PRAGMA synchronous") == "1"); // NORMAL
}

TEST_CASE("tables are STRICT: a text in an integer column is refused") {
    TempDir dir;
    Connection db(dir.db(), {});
    CHECK_THROWS_AS(db.exec("INSERT INTO users (name, name_key, password_hash, created_at) "
                            "VALUES ('ann', 'ann', 'h', 'yesterday')"),
                    StorageError);
}

TEST_CASE("a version 1 database is upgraded to the latest with its data kept") {
    TempDir dir;
    {
        Connection v1(dir.db(), {.migrate = false});
        migrate(v1, 1);
        REQUIRE(v1.user_version() == 1);
        CHECK(table_names(v1).count("ladders") == 0);
        v1.exec("INSERT INTO users (name, name_key, password_hash, created_at) "
                "VALUES ('Ann', 'ann', 'hash', 1000)");
        v1.exec("INSERT INTO games (variant, white_name, black_name, time_control, rated, "
                "started_at) VALUES ('chess', 'Ann', 'guest1', '300+3', 0, 2000)");
        v1.exec("INSERT INTO moves VALUES (1, 1, 'e4', 300000, 300000, 2500)");
    }
    Connection db(dir.db(), {}); // opening migrates
    CHECK(db.user_version() == latest_schema_version());
    CHECK(table_names(db).count("ladders") == 1);
    SqliteUserStore users(std::move(db));
    const auto ann = users.find_user_by_name("ANN");
    REQUIRE(ann);
    CHECK(ann->password_hash == "hash");
    CHECK(ann->created_at == storage_test::at_ms(1000));
}

TEST_CASE("a version 2 database with a game is upgraded to version 3: the old row reads back "
          "private, without a ladder and without guest token hashes") {
    TempDir dir;
    {
        Connection v2(dir.db(), {.migrate = false});
        migrate(v2, 2);
        REQUIRE(v2.user_version() == 2);
        v2.exec("INSERT INTO games (variant, white_name, black_name, time_control, rated, "
                "table_code, started_at) VALUES ('chess', 'guest-a', 'guest-b', '300+3', 0, "
                "'K7QFZP', 2000)");
        v2.exec("INSERT INTO moves VALUES (1, 1, 'e4', 300000, 300000, 2500)");
    }
    {
        Connection db(dir.db(), {.migrate = false});
        migrate(db, 3);
        CHECK(db.user_version() == 3);
        auto s = db.prepare("SELECT is_public, ladder_id, ladder_challenge_id, "
                            "white_guest_token_hash, black_guest_token_hash FROM games");
        REQUIRE(s.step());
        CHECK(s.column_int(0) == 0);
        CHECK(s.column_is_null(1));
        CHECK(s.column_is_null(2));
        CHECK(s.column_text(3).empty());
        CHECK(s.column_text(4).empty());
    }
    SqliteGameStore games(Connection(dir.db(), {}));
    const auto unfinished = games.load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    const GameRow& game = unfinished[0].game;
    CHECK(game.table_code == "K7QFZP");
    CHECK_FALSE(game.is_public);
    CHECK_FALSE(game.ladder);
    REQUIRE(game.seats.size() == 2);
    CHECK(game.seats[0].name == "guest-a");
    CHECK(game.seats[0].guest_token_hash.empty());
    CHECK(game.seats[1].guest_token_hash.empty());
    REQUIRE(unfinished[0].moves.size() == 1);
    CHECK(unfinished[0].moves[0].move == "e4");
}

TEST_CASE("an empty file migrated to version 3 has the games columns of schema 3") {
    TempDir dir;
    Connection db(dir.db(), {.migrate = false});
    migrate(db, 3);
    CHECK(db.user_version() == 3);
    std::set<std::string> columns;
    auto s = db.prepare("SELECT name FROM pragma_table_info('games')");
    while (s.step())
        columns.insert(s.column_text(0));
    for (const char* name : {"is_public", "ladder_id", "ladder_challenge_id",
                             "white_guest_token_hash", "black_guest_token_hash"})
        CHECK_MESSAGE(columns.count(name) == 1, name);
    // A public flag is 0 or 1, nothing else.
    CHECK_THROWS_AS(db.exec("INSERT INTO games (variant, white_name, black_name, time_control, "
                            "rated, started_at, is_public) VALUES ('chess', 'a', 'b', '1+0', 0, "
                            "1, 2)"),
                    StorageError);
}

TEST_CASE("a version 3 database with games is upgraded to version 4 with its rows kept and "
          "read back as two-player games") {
    TempDir dir;
    {
        Connection v3(dir.db(), {.migrate = false});
        migrate(v3, 3);
        REQUIRE(v3.user_version() == 3);
        v3.exec("INSERT INTO users (name, name_key, password_hash, created_at) "
                "VALUES ('Ann', 'ann', 'hash', 1000)");
        v3.exec("INSERT INTO games (variant, white_user_id, white_name, black_name, "
                "time_control, rated, table_code, started_at, is_public, "
                "black_guest_token_hash) VALUES ('chess', 1, 'Ann', 'guest-b', '300+3', 0, "
                "'K7QFZP', 2000, 1, 'abcd')");
        v3.exec("INSERT INTO games (variant, white_name, black_name, time_control, rated, "
                "started_at, ended_at, result, termination) VALUES ('international', 'x', "
                "'y', '600+5', 1, 3000, 9000, '1-0', 'resign')");
        v3.exec("INSERT INTO moves VALUES (1, 1, 'e4', 300000, 299000, 2500)");
        v3.exec("INSERT INTO moves VALUES (1, 2, 'e5', 298000, 299000, 2600)");
        v3.exec("INSERT INTO moves VALUES (2, 1, '32-28', 600000, 600000, 3100)");
    }
    {
        Connection db(dir.db(), {.migrate = false});
        migrate(db, 4);
        CHECK(db.user_version() == 4);
        CHECK(table_names(db).count("game_seats") == 1);
        CHECK(table_names(db).count("game_leaves") == 1);
        // The old rows have no value of their own in the new columns.
        auto s = db.prepare("SELECT count(*) FROM moves WHERE seat2_ms IS NULL AND seat3_ms IS "
                            "NULL AND seat4_ms IS NULL AND seat5_ms IS NULL");
        REQUIRE(s.step());
        CHECK(s.column_int(0) == 3);
        auto g = db.prepare("SELECT count(*) FROM games WHERE white_place IS NULL AND "
                            "black_place IS NULL");
        REQUIRE(g.step());
        CHECK(g.column_int(0) == 2);
    }
    SqliteGameStore games(Connection(dir.db(), {}));
    const auto unfinished = games.load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    const GameRow& live = unfinished[0].game;
    REQUIRE(live.seats.size() == 2);
    CHECK(live.seats[0] == SeatRow{.user_id = 1, .name = "Ann"});
    CHECK(live.seats[1] == SeatRow{.user_id = std::nullopt,
                                   .name = "guest-b",
                                   .guest_token_hash = "abcd",
                                   .place = std::nullopt});
    CHECK(live.is_public);
    CHECK(unfinished[0].leaves.empty());
    REQUIRE(unfinished[0].moves.size() == 2);
    CHECK(unfinished[0].moves[1].move == "e5");
    // The clock these rows say moved at ply 2 is seat 0's (schema 8 finds the mover so).
    CHECK(unfinished[0].moves[1].seat == 0);
    CHECK(unfinished[0].moves[1].remaining == Millis(298000));
    const auto ended = games.find_game(2);
    REQUIRE(ended);
    CHECK(ended->game.result == "1-0");
    CHECK_FALSE(ended->game.seats[0].place);
    REQUIRE(ended->moves.size() == 1);
    CHECK(ended->moves[0].move == "32-28");
    CHECK(games.history(1, {}).size() == 1);
    CHECK(games.count_games(1) == 1);
}

TEST_CASE("schema 8 keeps seats 0 to 5, one row a seat, and a move's mover among them") {
    TempDir dir;
    Connection db(dir.db(), {});
    db.exec("INSERT INTO games (variant, time_control, rated, started_at) VALUES "
            "('chinese-checkers-4', '1+0', 0, 1)");
    db.exec("INSERT INTO game_seats (game_id, seat, name) VALUES (1, 0, 'a'), (1, 5, 'f')");
    CHECK_THROWS_AS(db.exec("INSERT INTO game_seats (game_id, seat, name) VALUES (1, 6, 'c')"),
                    StorageError);
    CHECK_THROWS_AS(db.exec("INSERT INTO game_seats (game_id, seat, name) VALUES (1, 0, 'c')"),
                    StorageError);
    CHECK_THROWS_AS(db.exec("INSERT INTO game_seats (game_id, seat, name) VALUES (2, 0, 'c')"),
                    StorageError); // no game 2
    CHECK_THROWS_AS(db.exec("INSERT INTO moves (game_id, ply, move, seat, remaining_ms, at_ms) "
                            "VALUES (1, 1, 'm', 6, 1, 1)"),
                    StorageError);
    CHECK_THROWS_AS(db.exec("INSERT INTO move_journal (game_id, ply, move, seat, remaining_ms, "
                            "at_ms) VALUES (1, 1, 'm', -1, 1, 1)"),
                    StorageError);
    db.exec("INSERT INTO game_leaves (game_id, ordinal, seat, ply) VALUES (1, 0, 2, 0)");
    CHECK_THROWS_AS(
        db.exec("INSERT INTO game_leaves (game_id, ordinal, seat, ply) VALUES (1, 1, 2, 3)"),
        StorageError);
}

TEST_CASE("a version 4 database with a leave is upgraded to version 5 and reads the leave back "
          "with no time and no reason") {
    TempDir dir;
    {
        Connection v4(dir.db(), {.migrate = false});
        migrate(v4, 4);
        REQUIRE(v4.user_version() == 4);
        v4.exec("INSERT INTO games (variant, white_name, black_name, time_control, rated, "
                "started_at) VALUES ('chinese-checkers-3', 'a', 'b', '300+3', 0, 1000)");
        v4.exec("INSERT INTO game_seats (game_id, seat, name) VALUES (1, 2, 'c')");
        v4.exec("INSERT INTO moves VALUES (1, 1, 'm', 1, 2, 1500, 3, NULL, NULL, NULL)");
        v4.exec("INSERT INTO game_leaves VALUES (1, 0, 1, 1)");
    }
    {
        Connection db(dir.db(), {.migrate = false});
        migrate(db, 5);
        CHECK(db.user_version() == 5);
    }
    SqliteGameStore games(Connection(dir.db(), {}));
    const auto unfinished = games.load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    REQUIRE(unfinished[0].leaves.size() == 1);
    CHECK(unfinished[0].leaves[0].seat == 1);
    CHECK(unfinished[0].leaves[0].ply == 1);
    CHECK(unfinished[0].leaves[0].at == TimePoint{});
    CHECK(unfinished[0].leaves[0].reason.empty());
}

TEST_CASE("a version 5 database is upgraded to version 6: its moves stay in moves, the next one "
          "goes to the journal, and the game reads back whole") {
    TempDir dir;
    {
        Connection v5(dir.db(), {.migrate = false});
        migrate(v5, 5);
        REQUIRE(v5.user_version() == 5);
        v5.exec("INSERT INTO games (variant, white_name, black_name, time_control, rated, "
                "started_at) VALUES ('chess', 'a', 'b', '300+3', 0, 1000)");
        v5.exec("INSERT INTO moves (game_id, ply, move, white_ms, black_ms, at_ms) VALUES "
                "(1, 1, 'e2e4', 300000, 300000, 2500), (1, 2, 'e7e5', 300000, 299000, 2600)");
    }
    {
        Connection db(dir.db(), {.migrate = false});
        migrate(db, 6);
        CHECK(db.user_version() == 6);
    }
    {
        SqliteGameWriter writer(Connection(dir.db(), {}));
        CHECK_FALSE(append_now(writer, 1, move_at(2, "d7d5")).ok()); // stored in moves
        REQUIRE(append_now(writer, 1, move_at(3, "g1f3")).ok());
    }
    Connection db(dir.db(), {});
    auto where = db.prepare("SELECT (SELECT count(*) FROM moves), (SELECT group_concat(move) "
                            "FROM move_journal)");
    REQUIRE(where.step());
    CHECK(where.column_int(0) == 2);
    CHECK(where.column_text(1) == "g1f3");
    SqliteGameStore games(Connection(dir.db(), {}));
    const auto unfinished = games.load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    REQUIRE(unfinished[0].moves.size() == 3);
    CHECK(unfinished[0].moves[0].move == "e2e4");
    CHECK(unfinished[0].moves[1].seat == 1);
    CHECK(unfinished[0].moves[1].remaining == Millis(299000));
    CHECK(unfinished[0].moves[2].move == "g1f3");
}

TEST_CASE("a version 6 database is upgraded to version 7: the journal keeps its rows and order "
          "and loses its foreign key") {
    TempDir dir;
    {
        Connection v6(dir.db(), {.migrate = false});
        migrate(v6, 6);
        REQUIRE(v6.user_version() == 6);
        v6.exec("INSERT INTO games (variant, white_name, black_name, time_control, rated, "
                "started_at) VALUES ('chess', 'a', 'b', '300+3', 0, 1000)");
        v6.exec("INSERT INTO move_journal (seq, game_id, ply, move, white_ms, black_ms, at_ms) "
                "VALUES (7, 1, 1, 'e2e4', 300000, 300000, 2500), "
                "(9, 1, 2, 'e7e5', 300000, 299000, 2600)");
        REQUIRE(pragma_text(v6, "SELECT count(*) FROM pragma_foreign_key_list('move_journal')") ==
                "1");
    }
    Connection db(dir.db(), {.migrate = false});
    migrate(db, 7);
    CHECK(db.user_version() == 7);
    CHECK(pragma_text(db, "SELECT count(*) FROM pragma_foreign_key_list('move_journal')") == "0");
    CHECK(pragma_text(db, "SELECT group_concat(seq || ':' || move || ':' || black_ms, ' ') "
                          "FROM (SELECT * FROM move_journal ORDER BY seq)") ==
          "7:e2e4:300000 9:e7e5:299000");
    CHECK_THROWS(db.exec("INSERT INTO move_journal (game_id, ply, move, white_ms, black_ms, "
                         "at_ms) VALUES (1, 0, 'x', 1, 1, 1)")); // its checks stay
    CHECK(table_names(db).count("move_journal_7") == 0);
}

namespace {

// A version 7 file as the version 7 writer left it, with the statements of schema 7: a game of
// two in play (its last move still in the journal), a finished game of two whose Black moved
// first, a 4-seat game in play with a leave between moves (its last move in the journal), and a
// finished 4-seat game with a leave after its last move and its places. The clocks are those a
// version 7 table stored: every seat's after each move.
void write_version_7_file(const std::string& path) {
    Connection v7(path, {.migrate = false});
    migrate(v7, 7);
    REQUIRE(v7.user_version() == 7);
    v7.exec(R"sql(
INSERT INTO users (name, name_key, password_hash, created_at) VALUES ('Ann', 'ann', 'h', 1),
    ('Bob', 'bob', 'h', 1), ('Cid', 'cid', 'h', 1), ('Dee', 'dee', 'h', 1);
INSERT INTO games (variant, white_user_id, black_user_id, white_name, black_name, time_control,
    rated, table_code, started_at, is_public, black_guest_token_hash)
    VALUES ('chess', 1, NULL, 'Ann', 'guest-b', '300+3', 0, 'TWOLIVE', 1000, 1, 'hash-b');
INSERT INTO moves (game_id, ply, move, white_ms, black_ms, at_ms) VALUES
    (1, 1, 'e2e4', 300000, 300000, 1100), (1, 2, 'e7e5', 300000, 300000, 1200),
    (1, 3, 'g1f3', 295000, 300000, 1300), (1, 4, 'b8c6', 295000, 301500, 1400);
INSERT INTO move_journal (game_id, ply, move, white_ms, black_ms, at_ms) VALUES
    (1, 5, 'f1b5', 295000, 301500, 1500);
INSERT INTO games (variant, start_position, white_user_id, black_user_id, white_name,
    black_name, time_control, rated, table_code, started_at, ended_at, result, termination)
    VALUES ('chess', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 1, 2, 'Ann',
    'Bob', '300+3', 1, 'TWODONE', 2000, 9000, '0-1', 'resign');
INSERT INTO moves (game_id, ply, move, white_ms, black_ms, at_ms) VALUES
    (2, 1, 'e7e5', 300000, 300000, 2100), (2, 2, 'g1f3', 300000, 300000, 2200),
    (2, 3, 'b8c6', 300000, 290000, 2300), (2, 4, 'f1c4', 288000, 290000, 2400);
INSERT INTO games (variant, white_user_id, black_user_id, white_name, black_name, time_control,
    rated, table_code, started_at, black_guest_token_hash)
    VALUES ('chinese-checkers-4', 1, NULL, 'Ann', 'guest-1', '600+0', 0, 'FOURLIVE', 3000,
    'hash-1');
INSERT INTO game_seats (game_id, seat, user_id, name, guest_token_hash) VALUES
    (3, 2, 3, 'Cid', ''), (3, 3, NULL, 'guest-3', 'hash-3');
INSERT INTO moves (game_id, ply, move, white_ms, black_ms, at_ms, seat2_ms, seat3_ms) VALUES
    (3, 1, 'a', 600000, 600000, 3100, 600000, 600000),
    (3, 2, 'b', 600000, 600000, 3200, 600000, 600000),
    (3, 3, 'c', 600000, 600000, 3300, 600000, 600000),
    (3, 4, 'd', 600000, 600000, 3400, 600000, 600000),
    (3, 5, 'e', 590000, 600000, 3500, 600000, 600000),
    (3, 6, 'f', 590000, 580000, 3600, 600000, 600000),
    (3, 7, 'g', 590000, 580000, 3800, 595000, 570000);
INSERT INTO move_journal (game_id, ply, move, white_ms, black_ms, at_ms, seat2_ms, seat3_ms)
    VALUES (3, 8, 'h', 585000, 580000, 3900, 595000, 570000);
INSERT INTO game_leaves (game_id, ordinal, seat, ply, at_ms, reason) VALUES
    (3, 0, 2, 6, 3650, 'resign');
INSERT INTO games (variant, white_user_id, black_user_id, white_name, black_name, time_control,
    rated, table_code, started_at, ended_at, result, termination, white_place, black_place)
    VALUES ('chinese-checkers-4', 1, 2, 'Ann', 'Bob', '600+0', 1, 'FOURDONE', 4000, 9500, '*',
    'finished', 1, 2);
INSERT INTO game_seats (game_id, seat, user_id, name, place) VALUES
    (4, 2, 3, 'Cid', 3), (4, 3, 4, 'Dee', 4);
INSERT INTO moves (game_id, ply, move, white_ms, black_ms, at_ms, seat2_ms, seat3_ms) VALUES
    (4, 1, 'a', 600000, 600000, 4100, 600000, 600000),
    (4, 2, 'b', 600000, 600000, 4200, 600000, 600000),
    (4, 3, 'c', 600000, 600000, 4300, 600000, 600000),
    (4, 4, 'd', 600000, 600000, 4400, 600000, 600000);
INSERT INTO game_leaves (game_id, ordinal, seat, ply, at_ms, reason) VALUES
    (4, 0, 3, 4, 4500, 'flag');
)sql");
}

// "ply:seat:remaining" of every move of `game`, in ply order.
std::vector<std::string> movers(GameStore& store, GameId game) {
    std::vector<std::string> rows;
    const auto stored = store.find_game(game);
    REQUIRE(stored);
    for (const auto& m : stored->moves)
        rows.push_back(std::to_string(m.ply) + ":" + std::to_string(m.seat) + ":" +
                       std::to_string(m.remaining.count()));
    return rows;
}

} // namespace

TEST_CASE("a version 7 file is upgraded to version 8: every seat in game_seats, every move with "
          "its mover and the mover's clock, each seat's last clock as the old rows had it") {
    TempDir dir;
    write_version_7_file(dir.db());
    {
        Connection db(dir.db(), {.migrate = false});
        migrate(db, 8);
        CHECK(db.user_version() == 8);
        CHECK(pragma_text(db, "PRAGMA foreign_keys") == "1"); // back on
        auto broken = db.prepare("PRAGMA foreign_key_check");
        CHECK_FALSE(broken.step());
        CHECK(pragma_text(db, "SELECT count(*) FROM pragma_table_info('games') WHERE name LIKE "
                              "'white%' OR name LIKE 'black%'") == "0");
        CHECK(pragma_text(db, "SELECT count(*) FROM move_journal") == "0");
        CHECK(pragma_text(db, "SELECT group_concat(name, ',') FROM (SELECT name FROM "
                              "sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY "
                              "name)") == "blocks_by_blocked,game_seats_by_user,"
                                          "games_unfinished,ladder_challenges_open,"
                                          "ladder_history_by_user,ratings_by_board,"
                                          "sessions_by_expiry,sessions_by_user");
        CHECK(table_names(db).count("games_8") == 0);
    }
    SqliteGameStore store(Connection(dir.db(), {}));

    // A game of two: the movers alternate from the first move whose clock tells who moved.
    const auto two = store.find_game(1);
    REQUIRE(two);
    CHECK(two->game.seats == std::vector<SeatRow>{SeatRow{.user_id = 1, .name = "Ann"},
                                                  SeatRow{.user_id = std::nullopt,
                                                          .name = "guest-b",
                                                          .guest_token_hash = "hash-b",
                                                          .place = std::nullopt}});
    CHECK(two->game.is_public);
    CHECK(two->game.table_code == "TWOLIVE");
    CHECK(movers(store, 1) == std::vector<std::string>{"1:0:300000", "2:1:300000", "3:0:295000",
                                                       "4:1:301500", "5:0:295000"});
    // Black moved first: its clock moved at ply 3, so ply 1 was Black's too.
    CHECK(movers(store, 2) ==
          std::vector<std::string>{"1:1:300000", "2:0:300000", "3:1:290000", "4:0:288000"});
    const auto done = store.find_game(2);
    CHECK(done->game.result == "0-1");
    CHECK(done->game.seats[1].user_id == 2);
    CHECK_FALSE(done->game.seats[1].place);

    // Four seats: the mover is the seat whose clock moved, not counting seat 2, which left
    // (its time ran on until then: 600000 -> 595000 at ply 7); its leave keeps that clock.
    const auto four = store.find_game(3);
    REQUIRE(four);
    CHECK(four->game.seat_count() == 4);
    CHECK(four->game.seats[3] == SeatRow{.user_id = std::nullopt,
                                         .name = "guest-3",
                                         .guest_token_hash = "hash-3",
                                         .place = std::nullopt});
    CHECK(movers(store, 3) == std::vector<std::string>{"1:0:600000", "2:1:600000", "3:2:600000",
                                                       "4:3:600000", "5:0:590000", "6:1:580000",
                                                       "7:3:570000", "8:0:585000"});
    CHECK(four->leaves == std::vector<LeaveRow>{{.seat = 2,
                                                 .ply = 6,
                                                 .at = storage_test::at_ms(3650),
                                                 .reason = "resign",
                                                 .remaining = Millis(595000)}});
    // A leave after the last move has no move to take its clock from.
    const auto finished = store.find_game(4);
    REQUIRE(finished);
    REQUIRE(finished->leaves.size() == 1);
    CHECK_FALSE(finished->leaves[0].remaining);
    std::vector<int> places;
    for (const auto& seat : finished->game.seats)
        places.push_back(seat.place.value_or(0));
    CHECK(places == std::vector<int>{1, 2, 3, 4});

    // Who played what is found as before, in any seat.
    CHECK(store.count_games(1) == 4);
    CHECK(store.count_games(2) == 2);
    CHECK(store.count_games(4) == 1);
    std::vector<GameId> bobs;
    for (const auto& game : store.history(2, {}))
        bobs.push_back(game.id);
    CHECK(bobs == std::vector<GameId>{4, 2});
    const auto unfinished = store.load_unfinished_games();
    REQUIRE(unfinished.size() == 2);
    CHECK(unfinished[0].game.id == 1);
    CHECK(unfinished[1].game.id == 3);

    // The writer takes the next move of each game in play.
    SqliteGameWriter writer(Connection(dir.db(), {}));
    CHECK(append_now(writer, 1,
                     MoveRow{.ply = 6,
                             .move = "a7a6",
                             .seat = 1,
                             .remaining = Millis(300000),
                             .at = storage_test::at_ms(1600)})
              .ok());
    CHECK_FALSE(append_now(writer, 3, MoveRow{.ply = 9, .move = "i", .seat = 4}).ok());
    CHECK(append_now(writer, 3, MoveRow{.ply = 9, .move = "i", .seat = 1}).ok());
}

TEST_CASE("migrating twice changes nothing") {
    TempDir dir;
    Connection db(dir.db(), {});
    migrate(db);
    migrate(db);
    CHECK(db.user_version() == latest_schema_version());
}

TEST_CASE("a file from a newer program is refused, not downgraded") {
    TempDir dir;
    {
        Connection db(dir.db(), {});
        db.exec("PRAGMA user_version = 99");
    }
    CHECK_THROWS_WITH_AS(Connection(dir.db(), {}), doctest::Contains("newer than this program"),
                         StorageError);
}

TEST_CASE("a file that is not a database gives SQLite's message") {
    TempDir dir;
    {
        std::FILE* f = std::fopen(dir.db().c_str(), "wb");
        REQUIRE(f != nullptr);
        std::fputs("this is not a database, just some text that is long enough to matter\n", f);
        std::fclose(f);
    }
    CHECK_THROWS_WITH_AS(Connection(dir.db(), {}), doctest::Contains("not a database"),
                         StorageError);
}

TEST_CASE("a missing file is an error when creating is off") {
    TempDir dir;
    CHECK_THROWS_AS(Connection(dir.file("missing.db"), {.create = false}), StorageError);
}
