// The move journal (migration 6): moves are appended to move_journal and merged into `moves`
// once it holds WriterOptions::journal_rows rows; a reader sees every move once, in order.
#include "storage/sqlite/connection.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage_test;

namespace {

std::int64_t rows_in(const std::string& file, const std::string& table) {
    sqlite::Connection db(file, {});
    auto s = db.prepare("SELECT count(*) FROM " + table);
    REQUIRE(s.step());
    return s.column_int(0);
}

// "a3": the move text of game `side` at `ply`.
std::string named(char side, int ply) {
    std::string text(1, side);
    text += std::to_string(ply);
    return text;
}

// The values a move row keeps, one string per move, for comparing what was written and read.
std::string text_of(const MoveRow& m) {
    std::string text = std::to_string(m.ply);
    for (const auto& part : {m.move, std::to_string(m.seat), std::to_string(m.remaining.count()),
                             std::to_string(m.at.time_since_epoch().count())}) {
        text += ' ';
        text += part;
    }
    return text;
}

} // namespace

TEST_CASE("the journal is merged into moves once it holds journal_rows moves, and a game reads "
          "back whole from both") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 4});
    auto writer = backend.sqlite_game_writer();
    const GameId a = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    const GameId b = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    // Interleaved, as live games store them: a1 b1 a2 b2 ...; one request at a time, so each
    // is a batch of its own and the merge comes after the fourth.
    for (int ply = 1; ply <= 5; ++ply) {
        REQUIRE(append_now(*writer, a, move_at(ply, named('a', ply))).ok());
        REQUIRE(append_now(*writer, b, move_at(ply, named('b', ply))).ok());
    }
    writer->flush();
    CHECK(writer->journal_merges() == 2); // after 4 and 8 rows
    CHECK(rows_in(dir.db(), "moves") == 8);
    CHECK(rows_in(dir.db(), "move_journal") == 2);

    for (const GameId game : {a, b}) {
        const auto stored = backend.game_store()->find_game(game);
        REQUIRE(stored);
        REQUIRE(stored->moves.size() == 5);
        const char side = game == a ? 'a' : 'b';
        for (int ply = 1; ply <= 5; ++ply)
            CHECK(text_of(stored->moves[static_cast<std::size_t>(ply - 1)]) ==
                  text_of(move_at(ply, named(side, ply))));
    }
}

TEST_CASE("a ply stored already is refused, whether it is in the journal or merged, and after "
          "a restart") {
    TempDir dir;
    GameId game = 0;
    {
        sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 3});
        auto writer = backend.sqlite_game_writer();
        game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
        REQUIRE(append_now(*writer, game, move_at(1, "e4")).ok());
        REQUIRE(append_now(*writer, game, move_at(2, "e5")).ok());
        const auto twice = append_now(*writer, game, move_at(2, "d5")); // in the journal
        CHECK_FALSE(twice.ok());
        CHECK(twice.error.find("has 2 moves stored; ply 2 is not after them") != std::string::npos);
        REQUIRE(append_now(*writer, game, move_at(3, "Nf3")).ok()); // the merge follows
        writer->flush(); // after the merge: it comes before the next batch
        CHECK(writer->journal_merges() == 1);
        CHECK(rows_in(dir.db(), "move_journal") == 0);
        CHECK_FALSE(append_now(*writer, game, move_at(1, "d4")).ok()); // in moves now
        REQUIRE(append_now(*writer, game, move_at(4, "Nc6")).ok());    // in the journal
    }
    // A new writer knows nothing of the game; it starts by merging what the journal holds.
    REQUIRE(rows_in(dir.db(), "move_journal") == 1);
    sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 3});
    auto writer = backend.sqlite_game_writer();
    CHECK(writer->journal_merges() == 1);
    CHECK(rows_in(dir.db(), "move_journal") == 0);
    CHECK_FALSE(append_now(*writer, game, move_at(3, "Bb5")).ok());
    CHECK_FALSE(append_now(*writer, game, move_at(4, "Bb5")).ok());
    REQUIRE(append_now(*writer, game, move_at(5, "Bb5")).ok());
    const auto stored = backend.game_store()->find_game(game);
    REQUIRE(stored);
    REQUIRE(stored->moves.size() == 5);
    CHECK(stored->moves[1].move == "e5");
    CHECK(stored->moves[4].move == "Bb5");
    CHECK(rows_in(dir.db(), "moves") == 4);
    CHECK(rows_in(dir.db(), "move_journal") == 1);
}

TEST_CASE("an unfinished game comes back with the moves of the journal after a restart") {
    TempDir dir;
    GameId game = 0;
    {
        sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 2});
        auto writer = backend.sqlite_game_writer();
        game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
        for (int ply = 1; ply <= 3; ++ply) // two merged, one left in the journal
            REQUIRE(append_now(*writer, game, move_at(ply, named('m', ply))).ok());
    }
    REQUIRE(rows_in(dir.db(), "move_journal") == 1);
    sqlite::SqliteBackend backend(dir.db());
    const auto unfinished = backend.game_store()->load_unfinished_games();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].game.id == game);
    REQUIRE(unfinished[0].moves.size() == 3);
    for (int ply = 1; ply <= 3; ++ply)
        CHECK(unfinished[0].moves[static_cast<std::size_t>(ply - 1)].move == named('m', ply));
}

TEST_CASE("the journal takes the moves of journal_games games between merges, the others go "
          "straight to moves") {
    TempDir dir;
    sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 4, .journal_games = 2});
    auto writer = backend.sqlite_game_writer();
    std::vector<GameId> games;
    for (int i = 0; i < 3; ++i)
        games.push_back(create_now(*writer, sample_game(std::nullopt, std::nullopt)).second);
    const auto where = [&] {
        writer->flush();
        return std::pair{rows_in(dir.db(), "moves"), rows_in(dir.db(), "move_journal")};
    };
    REQUIRE(append_now(*writer, games[0], move_at(1, "a1")).ok());
    REQUIRE(append_now(*writer, games[1], move_at(1, "b1")).ok());
    CHECK(where() == std::pair<std::int64_t, std::int64_t>{0, 2});
    REQUIRE(append_now(*writer, games[2], move_at(1, "c1")).ok()); // a third game: to moves
    CHECK(where() == std::pair<std::int64_t, std::int64_t>{1, 2});
    REQUIRE(append_now(*writer, games[0], move_at(2, "a2")).ok()); // in the journal already
    CHECK(where() == std::pair<std::int64_t, std::int64_t>{1, 3});
    REQUIRE(append_now(*writer, games[2], move_at(2, "c2")).ok());
    CHECK(where() == std::pair<std::int64_t, std::int64_t>{2, 3});
    REQUIRE(append_now(*writer, games[1], move_at(2, "b2")).ok()); // the fourth row: a merge
    CHECK(where() == std::pair<std::int64_t, std::int64_t>{6, 0});
    REQUIRE(append_now(*writer, games[2], move_at(3, "c3")).ok()); // room again
    CHECK(where() == std::pair<std::int64_t, std::int64_t>{6, 1});
    const auto c = backend.game_store()->find_game(games[2]);
    REQUIRE(c);
    REQUIRE(c->moves.size() == 3);
    CHECK(c->moves[0].move == "c1");
    CHECK(c->moves[2].move == "c3");
}
