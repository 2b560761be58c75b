// The PostgreSQL backend's own behaviour (storage/postgres/): migrations under the advisory
// lock, the pool, errors, durability, the probe behind /healthz, what it refuses, and the row
// locks that keep two writers racing from losing an update. The store contracts themselves are
// the suites of backends.h, run on both backends.
#include "storage/errors.h"
#include "storage/open.h"
#include "storage/postgres/connection.h"
#include "storage/postgres/migrations.h"
#include "storage/postgres/pg_backend.h"
#include "storage/postgres/rating_rows.h"
#include "storage/sqlite/connection.h"
#include "tests/storage/backends.h"

#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::at_ms;
using storage_test::OnPostgres;
using storage_test::TempDir;

namespace {

// Waits (at most 10 s) until `count` sessions of the test `db` wait for a lock.
bool sessions_waiting_for_locks(const OnPostgres& db, int count) {
    auto observer = db.connect();
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until) {
        const auto r = observer.run("SELECT count(*) FROM pg_stat_activity "
                                    "WHERE wait_event_type = 'Lock' AND application_name = $1",
                                    postgres::Params().add(db.schema()));
        if (r.integer(0, 0) >= count)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
}

// A table's shape as both backends can say it: each column (in order) with NOT NULL and its
// place in the primary key (0: none), e.g. "seat notnull pk2; ". A key's column counts as NOT
// NULL (SQLite's rowid alias `id INTEGER PRIMARY KEY` does not say so, but is).
std::string sqlite_shape(storage::sqlite::Connection& db, const std::string& table) {
    auto s = db.prepare("SELECT name, \"notnull\" OR pk > 0, pk FROM pragma_table_info(?1) "
                        "ORDER BY cid");
    s.bind_text(1, table);
    std::string columns;
    while (s.step())
        columns += s.column_text(0) + (s.column_int(1) != 0 ? " notnull" : "") + " pk" +
                   std::to_string(s.column_int(2)) + "; ";
    return columns;
}

std::string postgres_shape(postgres::Connection& db, const std::string& table) {
    const auto r = db.run(
        "SELECT a.attname, a.attnotnull, coalesce(array_position(i.indkey::int2[], a.attnum) "
        "- array_lower(i.indkey::int2[], 1) + 1, 0) " // indkey counts from 0
        "FROM pg_attribute a LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary "
        "WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped "
        "ORDER BY a.attnum",
        postgres::Params().add(table));
    std::string columns;
    for (int i = 0; i < r.rows(); ++i)
        columns += r.text(i, 0) + (r.text(i, 1) == "t" ? " notnull" : "") + " pk" + r.text(i, 2) +
                   "; ";
    return columns;
}

postgres::PgBackend& as_pg(Backend& backend) {
    return dynamic_cast<postgres::PgBackend&>(backend);
}

} // namespace

TEST_CASE("postgres: two nodes starting together migrate the database once") {
    OnPostgres db;
    // A third session holds the migration lock, so both openers queue behind it and start at
    // the same moment when it lets go.
    auto holder = db.connect();
    holder.exec("BEGIN");
    holder.run("SELECT pg_advisory_xact_lock($1)",
               postgres::Params().add(postgres::migration_lock_key));
    auto first = std::async(std::launch::async, [&] { return open(db.location()); });
    auto second = std::async(std::launch::async, [&] { return open(db.location()); });
    CHECK(sessions_waiting_for_locks(db, 2));
    holder.exec("COMMIT");
    const auto a = first.get(); // neither throws: one migrated, the other found it done
    const auto b = second.get();
    auto check = db.connect();
    CHECK(postgres::schema_version(check) == postgres::latest_schema_version());
    CHECK(a->user_store()->create_user("ann", "h", at_ms(1)));
    CHECK(b->user_store()->find_user_by_name("ann"));
}

TEST_CASE("postgres: a database newer than the program is refused") {
    OnPostgres db;
    db.backend();
    db.connect().exec("UPDATE tabula_schema SET version = 99");
    CHECK_THROWS_WITH_AS(open(db.location()), doctest::Contains("newer than this program"),
                         StorageError);
}

TEST_CASE("postgres: store calls share the pool's connection") {
    OnPostgres db;
    auto& pool = as_pg(db.backend()).pool();
    const auto opened = pool.opened();
    for (int i = 0; i < 5; ++i) {
        auto users = db.backend().user_store(); // a store opens nothing
        (void)users->find_user_by_name("ann");
        (void)db.backend().rating_store()->ratings_of(1);
    }
    CHECK(pool.opened() == opened);
}

TEST_CASE("postgres: a lost connection fails one call, and the next gets a new one") {
    OnPostgres db;
    auto users = db.backend().user_store();
    const auto ann = users->create_user("ann", "h", at_ms(1)).value();
    // Only this test's connections: the other tests share the database.
    db.connect().run("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                     "application_name = $1 AND pid <> pg_backend_pid() AND state = 'idle'",
                     postgres::Params().add(db.schema()));
    try {
        (void)users->find_user(ann);
    } catch (const StorageError&) {
        // the terminated connection was the pool's: this call fails, and it is not kept
    }
    CHECK(users->find_user(ann)->name == "ann");
}

TEST_CASE("postgres: errors carry PostgreSQL's SQLSTATE") {
    OnPostgres db;
    auto users = db.backend().user_store();
    try {
        users->create_session(SessionRow{"t", 12345, at_ms(1), at_ms(2), at_ms(1)});
        FAIL("a session of no user was stored");
    } catch (const postgres::PgError& e) {
        CHECK(e.sqlstate() == "23503"); // foreign_key_violation
        CHECK_FALSE(e.retryable());
    }
}

TEST_CASE("postgres: durability is synchronous_commit") {
    OnPostgres db;
    const auto full = open(db.location());
    CHECK(as_pg(*full).pool().lease()->run("SHOW synchronous_commit").text(0, 0) == "on");
    const auto normal = open(db.location(), {.durability = Durability::Normal, .create = true});
    CHECK(as_pg(*normal).pool().lease()->run("SHOW synchronous_commit").text(0, 0) == "off");
}

TEST_CASE("postgres: can_write is ok on a primary and says why not on a read-only database") {
    OnPostgres db;
    CHECK(db.backend().can_write().ok());
    const auto read_only = open(db.location() + "%20-cdefault_transaction_read_only%3Don");
    const auto status = read_only->can_write();
    CHECK_FALSE(status.ok());
    CHECK(status.error.find("read-only") != std::string::npos);
}

TEST_CASE("postgres: the game tables have SQLite's columns, keys and checks") {
    OnPostgres db;
    db.backend();
    TempDir dir;
    storage::sqlite::Connection lite(dir.db(), {});
    auto pg = db.connect();
    for (const std::string table : {"games", "game_seats", "moves", "game_leaves"}) {
        CAPTURE(table);
        const auto shape = sqlite_shape(lite, table);
        CHECK(shape.size() > 60);
        CHECK(postgres_shape(pg, table) == shape);
    }
    // The constraints that are not columns, as SQLite enforces them.
    const auto ann = db.backend().user_store()->create_user("ann", "h", at_ms(1)).value();
    pg.run("INSERT INTO games (id, variant, time_control, rated, started_at) "
           "VALUES (7, 'chess', '5+0', 0, 1)");
    const auto refused = [&pg](const std::string& sql) {
        try {
            pg.exec(sql);
        } catch (const postgres::PgError& e) {
            return e.sqlstate().substr(0, 2) == "23"; // integrity_constraint_violation
        }
        return false;
    };
    CHECK(refused("INSERT INTO games (variant, time_control, rated, started_at, ended_at) "
                  "VALUES ('chess', '5+0', 0, 1, 2)")); // an end needs a result
    CHECK(refused("INSERT INTO game_seats (game_id, seat, name) VALUES (7, 6, 'x')"));
    CHECK(refused("INSERT INTO game_seats (game_id, seat, name) VALUES (8, 0, 'x')"));
    CHECK(refused("INSERT INTO moves (game_id, ply, move, seat, remaining_ms, at_ms) "
                  "VALUES (7, 0, 'e4', 0, 1, 1)"));
    pg.run("INSERT INTO game_seats (game_id, seat, user_id, name) VALUES (7, 0, $1, 'ann')",
           postgres::Params().add(ann));
    pg.exec("INSERT INTO game_leaves (game_id, ordinal, seat, ply) VALUES (7, 0, 0, 0)");
    CHECK(refused("INSERT INTO game_leaves (game_id, ordinal, seat, ply) VALUES (7, 1, 0, 0)"));
    // ladder_challenges.game_id names a game, as in SQLite.
    CHECK(pg.run("SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND "
                 "conrelid = 'ladder_challenges'::regclass AND confrelid = 'games'::regclass")
              .integer(0, 0) == 1);
}

TEST_CASE("postgres: games are refused, saying what is missing") {
    OnPostgres db;
    CHECK_THROWS_WITH_AS((void)db.backend().game_store(), doctest::Contains("game store"),
                         StorageError);
    CHECK_THROWS_WITH_AS((void)db.backend().game_writer(), doctest::Contains("game writer"),
                         StorageError);
    CHECK_THROWS_WITH_AS((void)db.backend().ladder_store()->accepted_challenges(),
                         doctest::Contains("game store"), StorageError);
}

TEST_CASE("postgres: two writers updating one player's rating lose no update") {
    OnPostgres db;
    const auto ann = db.backend().user_store()->create_user("ann", "h", at_ms(1)).value();
    const RatingKey key{ann, "chess", "blitz"};
    constexpr int per_writer = 50;
    // Each writer adds one game to the rating, read-modify-write, as a game's end does.
    const auto writer = [&] {
        auto connection = db.connect();
        for (int i = 0; i < per_writer; ++i) {
            postgres::Transaction transaction(connection);
            const auto current = postgres::lock_ratings(connection, {key});
            RatingRow row = current[0].value_or(RatingRow{key, 1500, 350, 0.06, 0, at_ms(0)});
            row.games += 1;
            row.rating += 1;
            postgres::put_rating_on(connection, row);
            transaction.commit();
        }
    };
    // Both start behind a lock on the player, so the first updates (no row yet) race too.
    auto holder = db.connect();
    holder.exec("BEGIN");
    holder.run("SELECT id FROM users WHERE id = $1 FOR UPDATE", postgres::Params().add(ann));
    auto a = std::async(std::launch::async, writer);
    auto b = std::async(std::launch::async, writer);
    CHECK(sessions_waiting_for_locks(db, 2));
    holder.exec("COMMIT");
    a.get();
    b.get();
    const auto stored = db.backend().rating_store()->find_rating(key);
    REQUIRE(stored);
    CHECK(stored->games == 2 * per_writer);
    CHECK(stored->rating == 1500 + 2 * per_writer);
}

TEST_CASE("postgres: two nodes settling one ladder challenge: one wins, the other is refused") {
    OnPostgres db;
    auto users = db.backend().user_store();
    const auto ann = users->create_user("ann", "h", at_ms(1)).value();
    const auto bob = users->create_user("bob", "h", at_ms(1)).value();
    auto ladders = db.backend().ladder_store();
    const auto ladder = ladders
                            ->create_ladder(LadderRow{.id = 0,
                                                      .name = "Club",
                                                      .variant = "chess",
                                                      .time_control = "5+0",
                                                      .max_rungs_up = 5,
                                                      .response_time = Millis(1000),
                                                      .organiser_user_id = std::nullopt,
                                                      .created_at = at_ms(1)})
                            .value();
    ladders->save_standings(ladder, {ann, bob}, {});
    LadderChallengeRow challenge{.id = 0,
                                 .ladder_id = ladder,
                                 .challenger_user_id = bob,
                                 .challenged_user_id = ann,
                                 .created_at = at_ms(2),
                                 .deadline_at = at_ms(1000),
                                 .game_id = std::nullopt,
                                 .status = "open"};
    challenge.id = ladders->add_challenge(challenge);
    // One node lets the challenge lapse (forfeit: bob climbs), the other cancels it.
    const auto settle = [&](const std::string& status, std::vector<UserId> top_first) {
        LadderChallengeRow row = challenge;
        row.status = status;
        return db.backend().ladder_store()->apply_change(
            LadderChange{.ladder_id = ladder,
                         .top_first = std::move(top_first),
                         .history = {},
                         .challenges = {{row, "open"}}});
    };
    auto holder = db.connect();
    holder.exec("BEGIN");
    holder.run("SELECT id FROM ladders WHERE id = $1 FOR UPDATE", postgres::Params().add(ladder));
    auto forfeit = std::async(std::launch::async, [&] { return settle("forfeited", {bob, ann}); });
    auto cancel = std::async(std::launch::async, [&] { return settle("cancelled", {ann, bob}); });
    CHECK(sessions_waiting_for_locks(db, 2));
    holder.exec("COMMIT");
    const bool forfeited = forfeit.get(); // neither throws: the loser is refused whole
    const bool cancelled = cancel.get();
    CHECK(forfeited != cancelled);
    const auto stored = ladders->find_challenge(challenge.id).value();
    CHECK(stored.status == (forfeited ? "forfeited" : "cancelled"));
    const auto standings = ladders->standings(ladder);
    REQUIRE(standings.size() == 2);
    CHECK(standings[0].user_id == (forfeited ? bob : ann));
}
