// The SQLite writer gives back its page cache once the load has gone
// (storage/sqlite/sqlite_game_writer.h, release_cache; issue 11's return to idle), and goes on
// writing afterwards.
#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <future>
#include <string>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage_test;

namespace {

sqlite::CacheRelease release_now(sqlite::SqliteGameWriter& writer) {
    std::promise<sqlite::CacheRelease> done;
    writer.release_cache([&](const sqlite::CacheRelease& r) { done.set_value(r); });
    return done.get_future().get();
}

} // namespace

TEST_CASE("the writer releases the page cache it filled and keeps writing") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    auto writer = backend.sqlite_game_writer();
    // Enough rows to fill many pages of the moves table and its index.
    std::vector<GameId> games;
    for (int g = 0; g < 20; ++g)
        games.push_back(create_now(*writer, sample_game(std::nullopt, std::nullopt)).second);
    for (int ply = 1; ply <= 60; ++ply)
        for (const auto game : games)
            writer->append_move(game, move_at(ply, "move-" + std::string(40, 'x')), {});
    writer->flush();

    const auto released = release_now(*writer);
    CHECK(released.bytes_before > 64 * 1024);
    CHECK(released.bytes_after < released.bytes_before / 2);

    // The cache fills again as it is needed: the next move of each game is stored.
    for (const auto game : games)
        CHECK(append_now(*writer, game, move_at(61, "after")).ok());
    const auto found = backend.game_store()->find_game(games.back());
    REQUIRE(found);
    CHECK(found->moves.size() == 61);
    CHECK(writer->stats().failures == 0);
}

TEST_CASE("a release queued between writes neither commits nor counts as a request") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db());
    auto writer = backend.sqlite_game_writer();
    const auto game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    const auto before = writer->stats();
    (void)release_now(*writer);
    writer->flush();
    const auto after = writer->stats();
    CHECK(after.requests == before.requests);
    CHECK(after.transactions == before.transactions);
    CHECK(append_now(*writer, game, move_at(1, "e2e4")).ok());
}
