#include "storage/sqlite/backup.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <filesystem>
#include <fstream>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage_test;

TEST_CASE("a backup of a live database holds every committed row") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    (void)backend.user_store()->create_user("ann", "h", at_ms(0));
    auto writer = backend.game_writer(); // stays open: the server is running
    const GameId game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    for (int ply = 1; ply <= 20; ++ply)
        REQUIRE(append_now(*writer, game, move_at(ply, "m")).ok());

    sqlite::backup_database(dir.db(), dir.file("copy.db"));
    for (int ply = 21; ply <= 25; ++ply)
        REQUIRE(append_now(*writer, game, move_at(ply, "m")).ok());

    sqlite::SqliteBackend copy(dir.file("copy.db"));
    CHECK(copy.user_store()->find_user_by_name("ann"));
    CHECK(copy.game_store()->find_game(game)->moves.size() == 20);
    CHECK_FALSE(std::filesystem::exists(dir.file("copy.db.tmp-backup")));
}

TEST_CASE("a backup refuses to overwrite a file unless asked") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    (void)backend.user_store()->create_user("ann", "h", at_ms(0));
    { std::ofstream(dir.file("taken.db")) << "keep me"; }

    CHECK_THROWS_WITH_AS(sqlite::backup_database(dir.db(), dir.file("taken.db")),
                         doctest::Contains("exists already"), StorageError);
    std::ifstream kept(dir.file("taken.db"));
    std::string text;
    std::getline(kept, text);
    CHECK(text == "keep me");

    sqlite::backup_database(dir.db(), dir.file("taken.db"), {.overwrite = true});
    sqlite::SqliteBackend copy(dir.file("taken.db"));
    CHECK(copy.user_store()->find_user_by_name("ann"));
}

TEST_CASE("a backup of a missing database is an error and writes nothing") {
    TempDir dir;
    CHECK_THROWS_WITH_AS(sqlite::backup_database(dir.file("none.db"), dir.file("copy.db")),
                         doctest::Contains("does not exist"), StorageError);
    CHECK_FALSE(std::filesystem::exists(dir.file("copy.db")));
}
