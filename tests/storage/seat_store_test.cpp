// Seats by index (schema 8): every game's seats in game_seats, each move with its mover and the
// mover's clock, the leaves with the leaver's clock and the places, written through the
// GameWriter and read back by the store, for games of two to six players.
#include "storage/sqlite/connection.h"
#include "storage/sqlite/sqlite_backend.h"
#include "storage/sqlite/sqlite_game_writer.h"
#include "tests/storage/backends.h"
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

// A game of users.size() seats; `users` gives each seat's account (nullopt: a guest, who gets a
// token hash).
GameRow seated_game(const std::string& variant, const std::vector<std::optional<UserId>>& users) {
    GameRow game = sample_game(users.at(0), users.size() > 1 ? users[1] : std::nullopt);
    game.variant = variant;
    game.time_control = "base_ms=600000 increment_ms=0 delay_ms=0 per_move_ms=0 days=0";
    game.seats.clear();
    for (std::size_t seat = 0; seat < users.size(); ++seat)
        game.seats.push_back(
            SeatRow{.user_id = users[seat],
                    .name = "seat" + std::to_string(seat),
                    .guest_token_hash = users[seat] ? "" : "hash-" + std::to_string(seat)});
    return game;
}

// Move `ply` of a game of `seats` players, by seat (ply - 1) mod seats, with a clock of its own.
MoveRow seated_move(int ply, std::string text, int seats) {
    MoveRow move = move_at(ply, std::move(text));
    move.seat = (ply - 1) % seats;
    move.remaining = Millis(500'000 - ply * 1000 - move.seat * 7);
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

// The row's seats with the given places (and the guests' hashes gone, as a game that ended).
std::vector<SeatRow> placed(std::vector<SeatRow> seats, const std::vector<int>& places) {
    for (std::size_t i = 0; i < seats.size(); ++i) {
        seats[i].place = places[i];
        seats[i].guest_token_hash.clear();
    }
    return seats;
}

struct Users {
    UserId ann = 0;
    UserId bob = 0;
    UserId cid = 0;
    UserId dee = 0;
};

Users make_users(Backend& backend) {
    auto users = backend.user_store();
    return Users{users->create_user("ann", "h", at_ms(0)).value(),
                 users->create_user("bob", "h", at_ms(0)).value(),
                 users->create_user("cid", "h", at_ms(0)).value(),
                 users->create_user("dee", "h", at_ms(0)).value()};
}

// The leave write_seated_game stores: seat 2 resigned when three moves had been played, its
// clock at 123 s.
LeaveRow written_leave() {
    return LeaveRow{.seat = 2,
                    .ply = 3,
                    .at = at_ms(2'500'000),
                    .reason = "resign",
                    .remaining = Millis(123'000)};
}

// Writes a game of users.size() seats: four moves, seat 2 leaving after the third, and (if
// `places` is not empty) its end. Returns the id and the moves written.
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

} // namespace

TEST_CASE_TEMPLATE(
    "a 4-seat game with its seats, movers, a leave with its clock and its places reads "
    "back as written",
    Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const Users u = make_users(backend);
    auto writer = backend.game_writer();
    const GameRow row =
        seated_game("chinese-checkers-4", {u.ann, std::nullopt, u.cid, std::nullopt});
    const auto [id, moves] = write_seated_game(*writer, row, {});

    // Unfinished: the restart loader brings back the seats, the guests' hashes and the leave.
    const auto unfinished = backend.game_store()->load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].game.variant == row.variant);
    CHECK(unfinished[0].game.seats == row.seats); // hashes kept, no places
    CHECK(unfinished[0].game.seats[1].guest_token_hash == "hash-1");
    CHECK(unfinished[0].moves == moves);
    CHECK(unfinished[0].moves[3].seat == 3);
    CHECK(unfinished[0].leaves == std::vector<LeaveRow>{written_leave()});

    REQUIRE(finish_now(*writer, GameEnd{.game_id = id,
                                        .result = "*",
                                        .termination = "finished",
                                        .ended_at = at_ms(3'000'000),
                                        .places = {1, 3, 4, 2}})
                .ok());
    const auto stored = backend.game_store()->find_game(id);
    REQUIRE(stored);
    // An ended game keeps no guest's way back, in any seat, and every seat has its place.
    CHECK(stored->game.seats == placed(row.seats, {1, 3, 4, 2}));
    CHECK(stored->game.termination == "finished");
    CHECK(stored->moves == moves);
    CHECK(stored->leaves == std::vector<LeaveRow>{written_leave()});
    CHECK(backend.game_store()->load_unfinished_games().empty());
}

TEST_CASE_TEMPLATE("a 6-seat game reads back with its six seats, its movers and its places", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const Users u = make_users(backend);
    auto writer = backend.game_writer();
    const GameRow row =
        seated_game("chinese-checkers-6", {std::nullopt, u.bob, u.ann, std::nullopt, u.dee, u.cid});
    const auto [id, moves] = write_seated_game(*writer, row, {2, 1, 6, 3, 5, 4});
    const auto stored = backend.game_store()->find_game(id);
    REQUIRE(stored);
    CHECK(stored->game.seat_count() == 6);
    CHECK(stored->game.seats == placed(row.seats, {2, 1, 6, 3, 5, 4}));
    CHECK(stored->moves == moves);
    CHECK(stored->moves[0].remaining == Millis(500'000 - 1000));
    CHECK(stored->leaves == std::vector<LeaveRow>{written_leave()});
}

TEST_CASE_TEMPLATE("history and count find a game of more than two for a user in any seat", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
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
    REQUIRE(dee[0].seats.size() == 4);
    CHECK(dee[0].seat_of(u.dee) == 3);
    CHECK(dee[0].seats[3].place == 3);
    CHECK(dee[0].seats[0].place == 1);
    CHECK(store->count_games(u.dee) == 1);
    const auto cid = store->history(u.cid, {});
    REQUIRE(cid.size() == 1);
    CHECK(cid[0].id == four);
    const auto ann = store->history(u.ann, {});
    REQUIRE(ann.size() == 2);
    CHECK(ann[0].id == four);
    CHECK(ann[1].id == two);
    REQUIRE(ann[1].seats.size() == 2);
    CHECK(ann[1].seats[0].user_id == u.ann);
    CHECK(ann[1].seats[1].user_id == u.bob);
    CHECK_FALSE(ann[1].seats[1].place);
    CHECK(store->count_games(u.ann) == 2);
    // Keyset paging goes past the game of more than two.
    const auto older = store->history(u.ann, {.limit = 20, .before_game_id = four});
    REQUIRE(older.size() == 1);
    CHECK(older[0].id == two);
    CHECK(store->history(u.bob, {}).size() == 1);
}

TEST_CASE_TEMPLATE("a writer that did not create a game reads its seats, last ply and end "
                   "once, and refuses what does not fit them",
                   Db, STORAGE_BACKENDS) {
    Db db;
    GameId three = 0;
    GameId pair = 0;
    GameId ended = 0;
    {
        auto writer = db.backend().game_writer();
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
    const auto opened = open(db.location()); // a new writer: it knows nothing of them yet
    auto& backend = *opened;
    auto writer = backend.game_writer();
    CHECK(append_now(*writer, three, seated_move(4, "m4", 4)).error ==
          "game " + std::to_string(three) + " has 3 seats, no seat 3");
    CHECK(append_now(*writer, three, seated_move(1, "x1", 3)).error ==
          "game " + std::to_string(three) + " has 1 moves stored; ply 1 is not after them");
    CHECK(append_now(*writer, three, seated_move(1, "m1", 3)).ok()); // the same: stored already
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

TEST_CASE_TEMPLATE("bad seats, clocks, leaves and places are refused and change nothing", Db,
                   STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    const Users u = make_users(backend);
    auto writer = backend.game_writer();

    GameRow seven = seated_game("chinese-checkers-6", {u.ann, u.bob, u.cid, u.dee, std::nullopt,
                                                       std::nullopt, std::nullopt});
    CHECK_FALSE(create_now(*writer, seven).first.ok());

    const GameId id =
        create_now(*writer, seated_game("chinese-checkers-3", {u.ann, u.bob, u.cid})).second;
    const GameId pair = create_now(*writer, sample_game(u.ann, u.bob)).second;
    CHECK_FALSE(create_now(*writer, seated_game("chess", {u.ann})).first.ok()); // one seat
    // A move is by one of the game's seats.
    CHECK_FALSE(append_now(*writer, id, seated_move(4, "m1", 4)).ok()); // seat 3 of 3
    MoveRow before_all = seated_move(1, "m1", 3);
    before_all.seat = -1;
    CHECK_FALSE(append_now(*writer, id, before_all).ok());
    CHECK(append_now(*writer, id, seated_move(1, "m1", 3)).ok());
    CHECK_FALSE(append_now(*writer, pair, seated_move(3, "e4", 3)).ok()); // seat 2 of 2

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
    CHECK(std::none_of(still->game.seats.begin(), still->game.seats.end(),
                       [](const SeatRow& seat) { return seat.place.has_value(); }));
    CHECK(still->leaves == std::vector<LeaveRow>{{.seat = 1, .ply = 1}, {.seat = 0, .ply = 1}});

    CHECK(finish_now(*writer, end(id, {3, 2, 1})).ok());
    CHECK(backend.game_store()->find_game(id)->game.seats ==
          placed(seated_game("chinese-checkers-3", {u.ann, u.bob, u.cid}).seats, {3, 2, 1}));
    CHECK_FALSE(leave_now(*writer, id, {.seat = 2, .ply = 1}).ok()); // finished
}

TEST_CASE("a two-player game has its two seats in game_seats and games keeps no seat") {
    TempDir dir;
    {
        sqlite::SqliteBackend backend(dir.db());
        const UserId ann = backend.user_store()->create_user("ann", "h", at_ms(0)).value();
        auto writer = backend.game_writer();
        GameRow row = sample_game(ann, std::nullopt);
        row.seats[1].guest_token_hash = "guest-hash";
        const GameId game = create_now(*writer, row).second;
        REQUIRE(append_now(*writer, game, move_at(1, "e4")).ok());
        REQUIRE(append_now(*writer, game, move_at(2, "e5")).ok());
    }
    sqlite::Connection db(dir.db(), {});
    std::vector<std::string> seats;
    auto s = db.prepare("SELECT game_id || '|' || seat || '|' || quote(user_id) || '|' || name "
                        "|| '|' || guest_token_hash || '|' || quote(place) FROM game_seats "
                        "ORDER BY game_id, seat");
    while (s.step())
        seats.push_back(s.column_text(0));
    CHECK(seats ==
          std::vector<std::string>{"1|0|1|white||NULL", "1|1|NULL|guest-b|guest-hash|NULL"});
    auto columns = db.prepare("SELECT count(*) FROM pragma_table_info('games') WHERE name LIKE "
                              "'white%' OR name LIKE 'black%'");
    REQUIRE(columns.step());
    CHECK(columns.column_int(0) == 0);
    auto moves = db.prepare("SELECT count(*) FROM (SELECT seat, remaining_ms FROM moves UNION ALL "
                            "SELECT seat, remaining_ms FROM move_journal)");
    REQUIRE(moves.step());
    CHECK(moves.column_int(0) == 2);
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
    CHECK(pair[0].rfind("INSERT INTO move_journal (game_id, ply, move, seat, remaining_ms, "
                        "at_ms) VALUES",
                        0) == 0);
    CHECK(log.starting_with("SAVEPOINT") == 0); // one statement needs none around it

    log.clear();
    REQUIRE(append_now(writer, six, seated_move(1, "m1", 6)).ok());
    const auto many = log.row_statements();
    REQUIRE(many.size() == 1);
    CHECK(many[0] == pair[0]); // the same statement, whatever the seats
}
