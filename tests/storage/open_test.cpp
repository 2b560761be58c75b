// storage::open and what a `db` setting names (storage/open.h), and the SQLite backend's
// answer to can_write (sqlite/database_file.h).
#include "storage/errors.h"
#include "storage/open.h"
#include "storage/sqlite/connection.h"
#include "storage/sqlite/database_file.h"
#include "tests/storage/backends.h"

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::TempDir;

TEST_CASE("a db setting names a SQLite path or a PostgreSQL URI") {
    CHECK(parse_location("tabula.db").kind == BackendKind::Sqlite);
    CHECK(parse_location("tabula.db").target == "tabula.db");
    CHECK(parse_location("sqlite:data/c:lub.db").target == "data/c:lub.db");
    CHECK(parse_location("sqlite:data/c:lub.db").kind == BackendKind::Sqlite);
    CHECK(parse_location("postgresql://u@h/db").kind == BackendKind::Postgres);
    CHECK(parse_location("postgres:///db?host=/run/pg").kind == BackendKind::Postgres);
    CHECK(parse_location("postgres:///db?host=/run/pg").target == "postgres:///db?host=/run/pg");
    CHECK_THROWS_AS(parse_location(""), StorageError);
    CHECK_THROWS_AS(parse_location("sqlite:"), StorageError);
}

TEST_CASE("a URI's password is never shown") {
    CHECK(without_password("postgresql://tabula:s3cret@db:5432/tabula") ==
          "postgresql://tabula:***@db:5432/tabula");
    CHECK(without_password("postgres://tabula@db/tabula") == "postgres://tabula@db/tabula");
    CHECK(without_password("postgresql:///tabula?host=/run&password=x&sslmode=require") ==
          "postgresql:///tabula?host=/run&password=***&sslmode=require");
    CHECK(without_password("club:a@b.db") == "club:a@b.db"); // a file name, as it is
}

TEST_CASE("open makes a SQLite file through either spelling, and only when asked") {
    TempDir dir;
    CHECK_THROWS_AS(open(dir.db(), {.durability = Durability::Full, .create = false}),
                    StorageError);
    CHECK_FALSE(std::filesystem::exists(dir.db()));
    {
        const auto backend = open("sqlite:" + dir.db());
        CHECK(backend->user_store()->create_user("ann", "h", storage_test::at_ms(1)));
    }
    const auto again = open(dir.db(), {.durability = Durability::Normal, .create = false});
    CHECK(again->user_store()->find_user_by_name("ann"));
    CHECK(again->can_write().ok());
}

TEST_CASE("a SQLite backend says why it cannot write") {
    TempDir dir;
    CHECK_FALSE(sqlite::database_unwritable(dir.db()));
    const auto folder = std::filesystem::path(dir.file("sub"));
    std::filesystem::create_directory(folder);
    const auto backend = open((folder / "t.db").string());
    CHECK(backend->can_write().ok());
    std::filesystem::remove_all(folder);
    const auto status = backend->can_write();
    CHECK_FALSE(status.ok());
    CHECK(status.error.find("directory") != std::string::npos);
}

TEST_CASE("a wrong path is refused with SQLite's reason") {
    TempDir dir;
    CHECK_THROWS_AS(open(dir.file("no/such/dir/t.db")), StorageError);
}

TEST_CASE("connections opened at once on a new SQLite file all open it, in WAL mode, migrated") {
    // Switching a new file to WAL takes its exclusive lock; of two connections asking at once,
    // SQLite's deadlock avoidance answers one SQLITE_BUSY at once, without its busy handler.
    for (int round = 0; round < 20; ++round) {
        TempDir dir;
        constexpr int count = 6;
        std::vector<std::string> errors(count);
        std::atomic<int> ready{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < count; ++i)
            threads.emplace_back([&, i] {
                ready.fetch_add(1);
                while (ready.load() < count)
                    std::this_thread::yield();
                try {
                    sqlite::Connection connection(dir.db(), {});
                } catch (const StorageError& e) {
                    errors[static_cast<std::size_t>(i)] = e.what();
                }
            });
        for (auto& thread : threads)
            thread.join();
        for (const auto& error : errors)
            CHECK_MESSAGE(error.empty(), error);
    }
}
