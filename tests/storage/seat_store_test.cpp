// Games of 3 to 6 players (schema 4): the seats beyond two, the clocks of every seat after each
// move, the leaves and the places, written through the GameWriter and read back by the store;
// and the two-player path left as it was.
#include "storage/sqlite/connection.h"
#include "storage/sqlite/migrations.h"
#include "storage/sqlite/sqlite_backend.h"
#include "storage/sqlite/sqlite_game_writer.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <algorithm>
#include <future>
#include <mutex>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <sqlite3.h>

using namespace storage;
using namespace storage_test;

namespace {

// A game of `seats` players: seat 0 and 1 in the white/black fields, the others beyond two.
// `users` gives each seat's account (nullopt: a guest, who gets a token hash).
GameRow seated_game(const std::string& variant, const std::vector<std::optional<UserId>>& users) {
    GameRow game = sample_game(users[0], users[1]);
    game.variant = variant;
    game.time_control = "base_ms=600000 increment_ms=0 delay_ms=0 per_move_ms=0 days=0";
    if (!users[0])
        game.white_guest_token_hash = "hash-0";
    if (!users[1])
        game.black_guest_token_hash = "hash-1";
    for (std::size_t seat = 2; seat < users.size(); ++seat)
        game.seats_beyond_two.push_back(
            SeatRow{.user_id = users[seat],
                    .name = "seat" + std::to_string(seat),
                    .guest_token_hash = users[seat] ? "" : "hash-" + std::to_string(seat)});
    return game;
}

// A move of a game of `seats` players with a different clock for every seat.
MoveRow seated_move(int ply, std::string text, int seats) {
    MoveRow move = move_at(ply, std::move(text));
    move.beyond_two_count = seats - 2;
    for (int i = 0; i < seats - 2; ++i)
        move.beyond_two_remaining[static_cast<std::size_t>(i)] =
            Millis(500'000 - ply * 1000 - i * 7);
    return move;
}

WriteStatus leave_now(GameWriter& writer, GameId game, LeaveRow leave) {
    std::promise<WriteStatus> done;
    writer.append_leave(game, leave, [&](const WriteStatus& s) { done.set_value(s); });
    return done.get_future().get();
}

WriteStatus finish_now(GameWriter& writer, GameEnd end) {
    std::promise<WriteStatus> done;
    writer.finish_game(FinishGame{std::move(end), {}, {}},
                       [&](const WriteStatus& s, const auto&) { done.set_value(s); });
    return done.get_future().get();
}

struct Users {
    UserId ann = 0;
    UserId bob = 0;
    UserId cid = 0;
    UserId dee = 0;
};

Users make_users(sqlite::SqliteBackend& backend) {
    auto users = backend.user_store();
    return Users{users->create_user("ann", "h", at_ms(0)).value(),
                 users->create_user("bob", "h", at_ms(0)).value(),
                 users->create_user("cid", "h", at_ms(0)).value(),
                 users->create_user("dee", "h", at_ms(0)).value()};
}

// The leave write_seated_game stores: seat 2 resigned when three moves had been played.
LeaveRow written_leave() {
    return LeaveRow{.seat = 2, .ply = 3, .at = at_ms(2'500'000), .reason = "resign"};
}

// Writes a game of users.size() seats: four moves with every clock, seat 2 leaving after the
// third, and (if `places` is not empty) its end. Returns the id and the moves written.
std::pair<GameId, std::vector<MoveRow>> write_seated_game(GameWriter& writer, const GameRow& row,
                                                          const std::vector<int>& places) {
    const auto [created, id] = create_now(writer, row);
    REQUIRE(created.ok());
    const int seats = row.seat_count();
    std::vector<MoveRow> moves;
    for (int ply = 1; ply <= 4; ++ply) {
        std::string text = std::to_string(ply); // a move text; what it says does not matter here
        moves.push_back(seated_move(ply, std::move(text), seats));
        if (ply == 4)
            REQUIRE(leave_now(writer, id, written_leave()).ok());
        REQUIRE(append_now(writer, id, moves.back()).ok());
    }
    if (!places.empty())
        REQUIRE(finish_now(writer, GameEnd{.game_id = id,
                                           .result = "*",
                                           .termination = "finished",
                                           .ended_at = at_ms(3'000'000),
                                           .places = places})
                    .ok());
    return {id, moves};
}

void check_same_seats(const GameRow& stored, const GameRow& written) {
    CHECK(stored.variant == written.variant);
    CHECK(stored.white_user_id == written.white_user_id);
    CHECK(stored.black_user_id == written.black_user_id);
    CHECK(stored.white_name == written.white_name);
    CHECK(stored.black_name == written.black_name);
    REQUIRE(stored.seats_beyond_two.size() == written.seats_beyond_two.size());
    for (std::size_t i = 0; i < stored.seats_beyond_two.size(); ++i) {
        CHECK(stored.seats_beyond_two[i].user_id == written.seats_beyond_two[i].user_id);
        CHECK(stored.seats_beyond_two[i].name == written.seats_beyond_two[i].name);
    }
}

} // namespace

TEST_CASE("a 4-seat game with every clock, a leave and its places reads back as written") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    const Users u = make_users(backend);
    auto writer = backend.game_writer();
    const GameRow row =
        seated_game("chinese-checkers-4", {u.ann, std::nullopt, u.cid, std::nullopt});
    const auto [id, moves] = write_seated_game(*writer, row, {});

    // Unfinished: the restart loader brings back the seats, the guests' hashes and the leave.
    const auto unfinished = backend.game_store()->load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    check_same_seats(unfinished[0].game, row);
    CHECK(unfinished[0].game.seats_beyond_two == row.seats_beyond_two); // hashes kept
    CHECK(unfinished[0].game.black_guest_token_hash == "hash-1");
    CHECK(unfinished[0].game.places.empty());
    CHECK(unfinished[0].moves == moves);
    CHECK(unfinished[0].leaves == std::vector<LeaveRow>{written_leave()});

    REQUIRE(finish_now(*writer, GameEnd{.game_id = id,
                                        .result = "*",
                                        .termination = "finished",
                                        .ended_at = at_ms(3'000'000),
                                        .places = {1, 3, 4, 2}})
                .ok());
    const auto stored = backend.game_store()->find_game(id);
    REQUIRE(stored);
    check_same_seats(stored->game, row);
    CHECK(stored->game.places == std::vector<int>{1, 3, 4, 2});
    CHECK(stored->game.termination == "finished");
    CHECK(stored->moves == moves);
    REQUIRE(stored->moves.size() == 4);
    CHECK(stored->moves[3].beyond_two_count == 2);
    CHECK(stored->moves[3].beyond_two_remaining[1] == Millis(500'000 - 4000 - 7));
    CHECK(stored->leaves == std::vector<LeaveRow>{written_leave()});
    // An ended game keeps no guest's way back, in any seat.
    CHECK(stored->game.black_guest_token_hash.empty());
    CHECK(stored->game.seats_beyond_two[1].guest_token_hash.empty());
    CHECK(backend.game_store()->load_unfinished_games().empty());
}

TEST_CASE("a 6-seat game reads back with the clocks of all six seats and its places") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    const Users u = make_users(backend);
    auto writer = backend.game_writer();
    const GameRow row =
        seated_game("chinese-checkers-6", {std::nullopt, u.bob, u.ann, std::nullopt, u.dee, u.cid});
    const auto [id, moves] = write_seated_game(*writer, row, {2, 1, 6, 3, 5, 4});
    const auto stored = backend.game_store()->find_game(id);
    REQUIRE(stored);
    check_same_seats(stored->game, row);
    CHECK(stored->game.seat_count() == 6);
    CHECK(stored->moves == moves);
    CHECK(stored->moves[0].beyond_two_count == 4);
    CHECK(stored->moves[0].beyond_two_remaining[3] == Millis(500'000 - 1000 - 21));
    CHECK(stored->leaves == std::vector<LeaveRow>{written_leave()});
    CHECK(stored->game.places == std::vector<int>{2, 1, 6, 3, 5, 4});
}

TEST_CASE("history and count find a game of more than two for a user in any seat") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    const Users u = make_users(backend);
    auto writer = backend.game_writer();
    const GameId two = create_now(*writer, sample_game(u.ann, u.bob)).second;
    // dee sits in seat 3 only, cid in seat 2, ann in seat 0.
    const GameId four =
        write_seated_game(*writer, seated_game("halma-4", {u.ann, std::nullopt, u.cid, u.dee}),
                          {1, 2, 4, 3})
            .first;
    auto store = backend.game_store();
    const auto dee = store->history(u.dee, {});
    REQUIRE(dee.size() == 1);
    CHECK(dee[0].id == four);
    CHECK(dee[0].seats_beyond_two.size() == 2);
    CHECK(dee[0].places == std::vector<int>{1, 2, 4, 3});
    CHECK(store->count_games(u.dee) == 1);
    const auto cid = store->history(u.cid, {});
    REQUIRE(cid.size() == 1);
    CHECK(cid[0].id == four);
    const auto ann = store->history(u.ann, {});
    REQUIRE(ann.size() == 2);
    CHECK(ann[0].id == four);
    CHECK(ann[1].id == two);
    CHECK(ann[1].seats_beyond_two.empty());
    CHECK(store->count_games(u.ann) == 2);
    // Keyset paging goes past the game of more than two.
    const auto older = store->history(u.ann, {.limit = 20, .before_game_id = four});
    REQUIRE(older.size() == 1);
    CHECK(older[0].id == two);
    CHECK(store->history(u.bob, {}).size() == 1);
}

TEST_CASE("a writer that did not create a game reads its seats, last ply and end once, and "
          "refuses what does not fit them") {
    TempDir dir;
    GameId three = 0;
    GameId pair = 0;
    GameId ended = 0;
    {
        sqlite::SqliteBackend backend(dir.db());
        auto writer = backend.game_writer();
        three = create_now(*writer, seated_game("chinese-checkers-3",
                                                {std::nullopt, std::nullopt, std::nullopt}))
                    .second;
        pair = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
        ended = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
        REQUIRE(append_now(*writer, three, seated_move(1, "m1", 3)).ok());
        REQUIRE(append_now(*writer, pair, move_at(1, "e4")).ok());
        REQUIRE(finish_now(*writer, GameEnd{.game_id = ended,
                                            .result = "1-0",
                                            .termination = "resign",
                                            .ended_at = at_ms(3'000'000)})
                    .ok());
    }
    sqlite::SqliteBackend backend(dir.db()); // a new writer: it knows nothing of them yet
    auto writer = backend.game_writer();
    CHECK(append_now(*writer, three, seated_move(2, "m2", 4)).error ==
          "game " + std::to_string(three) + " is not in progress with 4 seats");
    CHECK(append_now(*writer, three, seated_move(1, "m1", 3)).error ==
          "game " + std::to_string(three) + " has 1 moves stored; ply 1 is not after them");
    CHECK(append_now(*writer, three, seated_move(2, "m2", 3)).ok());
    CHECK(append_now(*writer, pair, move_at(1, "d4")).error ==
          "game " + std::to_string(pair) + " has 1 moves stored; ply 1 is not after them");
    CHECK(append_now(*writer, pair, move_at(2, "e5")).ok());
    CHECK(append_now(*writer, ended, move_at(1, "e4")).error ==
          "game " + std::to_string(ended) + " is not in progress");
    CHECK(append_now(*writer, pair + 1000, move_at(1, "e4")).error ==
          "game " + std::to_string(pair + 1000) + " is not in progress");
    CHECK(leave_now(*writer, three, {.seat = 2, .ply = 2}).ok()); // the last ply, read back
    CHECK(backend.game_store()->find_game(three)->moves.size() == 2);
    CHECK(backend.game_store()->find_game(pair)->moves.size() == 2);
    CHECK(backend.game_store()->find_game(ended)->moves.empty());
}

TEST_CASE("bad seats, clocks, leaves and places are refused and change nothing") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    const Users u = make_users(backend);
    auto writer = backend.game_writer();

    GameRow seven = seated_game("chinese-checkers-6", {u.ann, u.bob, u.cid, u.dee, std::nullopt,
                                                       std::nullopt, std::nullopt});
    CHECK_FALSE(create_now(*writer, seven).first.ok());

    const GameId id =
        create_now(*writer, seated_game("chinese-checkers-3", {u.ann, u.bob, u.cid})).second;
    const GameId pair = create_now(*writer, sample_game(u.ann, u.bob)).second;
    // A move of a 3-seat game carries one clock beyond two, not two.
    CHECK_FALSE(append_now(*writer, id, seated_move(1, "m1", 4)).ok());
    CHECK(append_now(*writer, id, seated_move(1, "m1", 3)).ok());
    CHECK_FALSE(append_now(*writer, pair, seated_move(1, "e4", 3)).ok());

    CHECK_FALSE(leave_now(*writer, id, {.seat = 3, .ply = 1}).ok()); // no such seat
    CHECK_FALSE(leave_now(*writer, id, {.seat = 1, .ply = 0}).ok()); // not the moves stored
    CHECK_FALSE(leave_now(*writer, id, {.seat = 1, .ply = 2}).ok());
    CHECK_FALSE(leave_now(*writer, pair, {.seat = 1, .ply = 0}).ok()); // a two-player game
    CHECK(leave_now(*writer, id, {.seat = 1, .ply = 1}).ok());
    CHECK_FALSE(leave_now(*writer, id, {.seat = 1, .ply = 1}).ok()); // left already
    CHECK(leave_now(*writer, id, {.seat = 0, .ply = 1}).ok());       // same ply, in order

    const auto end = [](GameId game, std::vector<int> places) {
        return GameEnd{.game_id = game,
                       .result = "*",
                       .termination = "retired",
                       .ended_at = at_ms(4'000'000),
                       .places = std::move(places)};
    };
    CHECK_FALSE(finish_now(*writer, end(id, {1, 2})).ok());    // one place per seat
    CHECK_FALSE(finish_now(*writer, end(id, {1, 2, 4})).ok()); // places 1 to 3
    CHECK_FALSE(finish_now(*writer, end(pair, {1, 2})).ok());  // two players: the result
    const auto still = backend.game_store()->find_game(id);
    REQUIRE(still);
    CHECK_FALSE(still->game.ended_at);
    CHECK(still->game.places.empty());
    CHECK(still->leaves == std::vector<LeaveRow>{{.seat = 1, .ply = 1}, {.seat = 0, .ply = 1}});

    CHECK(finish_now(*writer, end(id, {3, 2, 1})).ok());
    CHECK(backend.game_store()->find_game(id)->game.places == std::vector<int>{3, 2, 1});
    CHECK_FALSE(leave_now(*writer, id, {.seat = 2, .ply = 1}).ok()); // finished
}

TEST_CASE("a two-player game writes the same values in the schema 3 columns and none in the "
          "new ones") {
    TempDir dir;
    const UserId ann = [&] {
        // Each move merged from the journal into `moves` at once: the merge keeps the values.
        sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 1});
        const UserId id = backend.user_store()->create_user("ann", "h", at_ms(0)).value();
        auto writer = backend.game_writer();
        GameRow row = sample_game(id, std::nullopt);
        row.black_guest_token_hash = "guest-hash";
        const GameId game = create_now(*writer, row).second;
        REQUIRE(append_now(*writer, game, move_at(1, "e4")).ok());
        REQUIRE(append_now(*writer, game, move_at(2, "e5")).ok());
        return id;
    }();
    // The same game as the version 3 writer wrote it, into a version 3 file.
    const std::string v3_file = dir.file("v3.db");
    {
        sqlite::Connection v3(v3_file, {.migrate = false});
        sqlite::migrate(v3, 3);
        v3.exec("INSERT INTO users (name, name_key, password_hash, created_at) VALUES ('ann', "
                "'ann', 'h', 0)");
        auto g = v3.prepare("INSERT INTO games (variant, start_position, white_user_id, "
                            "black_user_id, white_name, black_name, time_control, rated, "
                            "table_code, started_at, is_public, ladder_id, "
                            "ladder_challenge_id, white_guest_token_hash, "
                            "black_guest_token_hash) VALUES ('chess', '', ?1, NULL, 'white', "
                            "'guest-b', '180+2', 0, 'K7QF', 1000000, 0, NULL, NULL, '', "
                            "'guest-hash')");
        g.bind_int(1, ann).run();
        for (const auto& m : {move_at(1, "e4"), move_at(2, "e5")}) {
            auto s = v3.prepare("INSERT INTO moves (game_id, ply, move, white_ms, black_ms, "
                                "at_ms) VALUES (1, ?1, ?2, ?3, ?4, ?5)");
            s.bind_int(1, m.ply).bind_text(2, m.move).bind_int(3, m.white_remaining.count());
            s.bind_int(4, m.black_remaining.count()).bind_time(5, m.at).run();
        }
    }
    // Every schema 3 column, quoted (type and value) and in order, for each table.
    const auto dump = [](sqlite::Connection& db, const std::string& table) {
        std::string columns;
        auto info = db.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid");
        info.bind_text(1, table);
        while (info.step()) {
            const auto name = info.column_text(0);
            if (name.find("place") != std::string::npos || name.rfind("seat", 0) == 0)
                continue; // the columns of schema 4
            columns += (columns.empty() ? "quote(" : " || '|' || quote(") + name + ")";
        }
        std::vector<std::string> rows;
        auto s = db.prepare("SELECT " + columns + " FROM " + table);
        while (s.step())
            rows.push_back(s.column_text(0));
        return rows;
    };
    sqlite::Connection now(dir.db(), {});
    sqlite::Connection before(v3_file, {.migrate = false});
    for (const std::string table : {"games", "moves"}) {
        const auto rows = dump(now, table);
        CHECK(rows.size() == (table == "games" ? 1U : 2U));
        CHECK(rows == dump(before, table));
    }
    auto fresh = now.prepare(
        "SELECT (SELECT count(*) FROM moves WHERE seat2_ms IS NOT NULL OR seat3_ms IS NOT NULL "
        "OR seat4_ms IS NOT NULL OR seat5_ms IS NOT NULL) + (SELECT count(*) FROM games WHERE "
        "white_place IS NOT NULL OR black_place IS NOT NULL) + (SELECT count(*) FROM "
        "game_seats) + (SELECT count(*) FROM game_leaves)");
    REQUIRE(fresh.step());
    CHECK(fresh.column_int(0) == 0);
}

namespace {

// The statements a connection runs, as SQLite traces them when they start (SQLITE_TRACE_STMT).
struct StatementLog {
    std::mutex mutex;
    std::vector<std::string> sql;

    // The statements that read or write rows: not BEGIN, COMMIT, SAVEPOINT or RELEASE.
    std::vector<std::string> row_statements() {
        std::lock_guard lock(mutex);
        std::vector<std::string> rows;
        for (const auto& text : sql) {
            const bool frame = text.rfind("BEGIN", 0) == 0 || text.rfind("COMMIT", 0) == 0 ||
                               text.rfind("SAVEPOINT", 0) == 0 || text.rfind("RELEASE", 0) == 0;
            if (!frame)
                rows.push_back(text);
        }
        return rows;
    }
    std::size_t starting_with(std::string_view prefix) {
        std::lock_guard lock(mutex);
        return static_cast<std::size_t>(std::count_if(
            sql.begin(), sql.end(), [&](const auto& t) { return t.rfind(prefix, 0) == 0; }));
    }
    void clear() {
        std::lock_guard lock(mutex);
        sql.clear();
    }
};

int log_statement(unsigned type, void* context, void*, void* text) {
    if (type == SQLITE_TRACE_STMT) {
        auto* log = static_cast<StatementLog*>(context);
        std::lock_guard lock(log->mutex);
        log->sql.emplace_back(static_cast<const char*>(text));
    }
    return 0;
}

} // namespace

TEST_CASE("appending a move is one statement without a savepoint, for two players and for six") {
    TempDir dir;
    StatementLog log;
    sqlite::Connection connection(dir.db(), {});
    REQUIRE(sqlite3_trace_v2(connection.handle(), SQLITE_TRACE_STMT, log_statement, &log) ==
            SQLITE_OK);
    sqlite::SqliteGameWriter writer(std::move(connection));
    const GameId two = create_now(writer, sample_game(std::nullopt, std::nullopt)).second;
    const GameId six = create_now(writer, seated_game("chinese-checkers-6",
                                                      {std::nullopt, std::nullopt, std::nullopt,
                                                       std::nullopt, std::nullopt, std::nullopt}))
                           .second;
    log.clear();
    REQUIRE(append_now(writer, two, move_at(1, "e4")).ok());
    const auto pair = log.row_statements();
    REQUIRE(pair.size() == 1);
    CHECK(pair[0].rfind("INSERT INTO move_journal (game_id, ply, move, white_ms, black_ms, "
                        "at_ms) VALUES",
                        0) == 0);
    CHECK(pair[0].find("seat") == std::string::npos);
    CHECK(log.starting_with("SAVEPOINT") == 0); // one statement needs none around it

    log.clear();
    REQUIRE(append_now(writer, six, seated_move(1, "m1", 6)).ok());
    const auto many = log.row_statements();
    REQUIRE(many.size() == 1);
    CHECK(many[0].rfind("INSERT INTO move_journal", 0) == 0);
    CHECK(many[0].find("seat5_ms") != std::string::npos);
}
