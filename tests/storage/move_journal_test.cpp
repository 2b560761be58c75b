// The move journal (migration 6): moves are appended to move_journal and merged into `moves`
// once it holds WriterOptions::journal_rows rows; a reader sees every move once, in order.
#include "storage/sqlite/connection.h"
#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <string>
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
    for (const auto& part : {m.move, std::to_string(m.white_remaining.count()),
                             std::to_string(m.black_remaining.count()),
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
    sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 4, .journal_rows_per_game = 1});
    auto writer = backend.game_writer();
    const GameId a = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    const GameId b = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    // Interleaved, as live games store them: a1 b1 a2 b2 ...; one request at a time, so each
    // is a batch of its own and the merge comes after the fourth.
    for (int ply = 1; ply <= 5; ++ply) {
        REQUIRE(append_now(*writer, a, move_at(ply, named('a', ply))).ok());
        REQUIRE(append_now(*writer, b, move_at(ply, named('b', ply))).ok());
    }
    writer->flush();
    CHECK(writer->stats().journal_merges == 2); // after 4 and 8 rows
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
        sqlite::SqliteBackend backend(dir.db(), {},
                                      {.journal_rows = 3, .journal_rows_per_game = 1});
        auto writer = backend.game_writer();
        game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
        REQUIRE(append_now(*writer, game, move_at(1, "e4")).ok());
        REQUIRE(append_now(*writer, game, move_at(2, "e5")).ok());
        const auto twice = append_now(*writer, game, move_at(2, "d5")); // in the journal
        CHECK_FALSE(twice.ok());
        CHECK(twice.error.find("has 2 moves stored; ply 2 is not after them") != std::string::npos);
        REQUIRE(append_now(*writer, game, move_at(3, "Nf3")).ok()); // the merge follows
        writer->flush(); // after the merge: it comes before the next batch
        CHECK(writer->stats().journal_merges == 1);
        CHECK(rows_in(dir.db(), "move_journal") == 0);
        CHECK_FALSE(append_now(*writer, game, move_at(1, "d4")).ok()); // in moves now
        REQUIRE(append_now(*writer, game, move_at(4, "Nc6")).ok());    // in the journal
    }
    // A new writer knows nothing of the game; it starts by merging what the journal holds.
    REQUIRE(rows_in(dir.db(), "move_journal") == 1);
    sqlite::SqliteBackend backend(dir.db(), {}, {.journal_rows = 3, .journal_rows_per_game = 1});
    auto writer = backend.game_writer();
    CHECK(writer->stats().journal_merges == 1);
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
        sqlite::SqliteBackend backend(dir.db(), {},
                                      {.journal_rows = 2, .journal_rows_per_game = 1});
        auto writer = backend.game_writer();
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

TEST_CASE("a merge waits for journal_rows_per_game rows a game in the journal, up to "
          "journal_rows_most") {
    TempDir dir;
    sqlite::SqliteBackend backend(
        dir.db(), {}, {.journal_rows = 2, .journal_rows_per_game = 3, .journal_rows_most = 8});
    auto writer = backend.game_writer();
    const auto merges_after = [&](GameId game, int ply) {
        REQUIRE(append_now(*writer, game, move_at(ply, named('m', ply))).ok());
        writer->flush();
        return writer->stats().journal_merges;
    };
    const GameId a = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    CHECK(merges_after(a, 1) == 0);
    CHECK(merges_after(a, 2) == 0); // 2 rows of one game: 3 a game are due
    CHECK(merges_after(a, 3) == 1);
    // Four games at once: 12 rows would be due, but 8 are the most.
    std::vector<GameId> games{a};
    for (int i = 0; i < 3; ++i)
        games.push_back(create_now(*writer, sample_game(std::nullopt, std::nullopt)).second);
    int rows = 0;
    for (int ply = 4; ply <= 5; ++ply)
        for (const GameId game : games) {
            const int first = game == a ? ply : ply - 3;
            CHECK(merges_after(game, first) == (++rows < 8 ? 1U : 2U));
        }
    CHECK(rows_in(dir.db(), "move_journal") == 0);
}
