#include "storage/sqlite/connection.h"
#include "storage/sqlite/migrations.h"
#include "storage/sqlite/sqlite_user_store.h"
#include "tests/storage/temp_database.h"

#include <set>
#include <string>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage::sqlite;
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
    const std::set<std::string> expected{
        "users",   "sessions",     "ratings",           "games",         "moves", "blocks",
        "ladders", "ladder_rungs", "ladder_challenges", "ladder_history"};
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
