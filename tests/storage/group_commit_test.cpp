#include "storage/sqlite/sqlite_backend.h"
#include "tests/storage/backends.h"
#include "tests/storage/temp_database.h"
#include "tests/storage/writer_helpers.h"

#include <atomic>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using namespace storage_test;

namespace {

// Counts committed rows through a separate connection: what a reader would see.
int stored_moves(const Backend& backend, GameId game) {
    const auto found = backend.game_store()->find_game(game);
    return found ? static_cast<int>(found->moves.size()) : -1;
}

} // namespace

TEST_CASE_TEMPLATE("moves queued together are committed in one transaction, callbacks after commit",
                   Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto writer = backend.game_writer();
    constexpr int threads = 8;
    constexpr int per_thread = 50;
    std::vector<GameId> games;
    for (int t = 0; t < threads; ++t)
        games.push_back(create_now(*writer, sample_game(std::nullopt, std::nullopt)).second);
    const auto before = writer->stats();

    // The first move's callback holds the writer until every other move is queued, so the
    // rest must arrive in the next batch: exactly two transactions for 400 moves.
    std::promise<void> all_queued;
    auto all_queued_future = all_queued.get_future().share();
    std::promise<void> first_acknowledged;
    writer->append_move(games[0], move_at(1, "first"), [&](const WriteStatus& s) {
        CHECK(s.ok());
        first_acknowledged.set_value();
        all_queued_future.wait();
    });
    first_acknowledged.get_future().wait();

    std::mutex mutex;
    std::vector<int> visible_at_ack; // rows visible to a reader when each callback ran
    std::atomic<int> acknowledged{0};
    std::atomic<int> failed{0};
    std::vector<std::thread> producers;
    for (int t = 0; t < threads; ++t)
        producers.emplace_back([&, t] {
            const int first_ply = t == 0 ? 2 : 1;
            for (int ply = first_ply; ply < first_ply + per_thread; ++ply)
                writer->append_move(games[static_cast<std::size_t>(t)], move_at(ply, "m"),
                                    [&, t, ply, first_ply](const WriteStatus& s) {
                                        (s.ok() ? acknowledged : failed)++;
                                        if (ply == first_ply + per_thread - 1) {
                                            std::lock_guard lock(mutex);
                                            visible_at_ack.push_back(stored_moves(
                                                backend, games[static_cast<std::size_t>(t)]));
                                        }
                                    });
        });
    for (auto& p : producers)
        p.join();
    all_queued.set_value();
    writer->flush();

    const auto after = writer->stats();
    CHECK(acknowledged == threads * per_thread);
    CHECK(failed == 0);
    CHECK(after.requests - before.requests == threads * per_thread + 1);
    CHECK(after.transactions - before.transactions == 2);
    // Each thread's last callback saw all of that game's moves already committed.
    REQUIRE(visible_at_ack.size() == threads);
    for (int seen : visible_at_ack)
        CHECK(seen >= per_thread);
}

TEST_CASE_TEMPLATE("callbacks run in the order the calls were made", Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto writer = backend.game_writer();
    const GameId game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    std::vector<int> order;
    for (int ply = 1; ply <= 100; ++ply)
        writer->append_move(game, move_at(ply, "m"), [&order, ply](const WriteStatus& s) {
            if (s.ok())
                order.push_back(ply);
        });
    writer->flush();
    REQUIRE(order.size() == 100);
    for (int i = 0; i < 100; ++i)
        CHECK(order[static_cast<std::size_t>(i)] == i + 1);
}

TEST_CASE_TEMPLATE("a failing write reports its error and does not lose the others of its batch",
                   Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto writer = backend.game_writer();
    const GameId game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;

    std::promise<void> release;
    auto released = release.get_future().share();
    writer->append_move(game, move_at(1, "e4"), [&](const WriteStatus&) { released.wait(); });
    std::vector<WriteStatus> results(4);
    writer->append_move(game, move_at(2, "e5"), [&](const WriteStatus& s) { results[0] = s; });
    writer->append_move(game + 99, move_at(1, "x"), [&](const WriteStatus& s) { results[1] = s; });
    writer->append_move(game, move_at(2, "dup"), [&](const WriteStatus& s) { results[2] = s; });
    writer->append_move(game, move_at(3, "Nf3"), [&](const WriteStatus& s) { results[3] = s; });
    release.set_value();
    writer->flush();

    CHECK(results[0].ok());
    CHECK_FALSE(results[1].ok());
    CHECK(results[1].error.find("not in progress") != std::string::npos);
    CHECK_FALSE(results[2].ok());
    CHECK(results[2].error.find("ply 2 is not after them") != std::string::npos);
    CHECK(results[3].ok());
    const auto stored = backend.game_store()->find_game(game);
    REQUIRE(stored->moves.size() == 3);
    CHECK(stored->moves[1].move == "e5");
    CHECK(stored->moves[2].move == "Nf3");
    CHECK(writer->stats().failures == 2);
}

TEST_CASE_TEMPLATE("moves of several games queued together: any text is stored as sent, a seat "
                   "that is not one is refused alone",
                   Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto writer = backend.game_writer();
    const GameId first = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    const GameId second = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;

    std::promise<void> release;
    auto released = release.get_future().share();
    writer->append_move(first, move_at(1, "e4"), [&](const WriteStatus&) { released.wait(); });
    // Characters an array literal or a statement would have to quote.
    const std::string odd = "a\"b\\c,{d} 'e'";
    std::vector<WriteStatus> results(4);
    writer->append_move(second, move_at(1, odd), [&](const WriteStatus& s) { results[0] = s; });
    auto no_seat = move_at(2, "Nf6");
    no_seat.seat = 2; // a game of two has seats 0 and 1
    writer->append_move(first, no_seat, [&](const WriteStatus& s) { results[1] = s; });
    const std::string backslash = "x\\y";
    writer->append_move(second, move_at(2, backslash),
                        [&](const WriteStatus& s) { results[2] = s; });
    writer->append_move(first, move_at(2, "e5"), [&](const WriteStatus& s) { results[3] = s; });
    release.set_value();
    writer->flush();

    CHECK(results[0].ok());
    CHECK_FALSE(results[1].ok());
    CHECK(results[1].error.find("no seat 2") != std::string::npos);
    CHECK(results[2].ok());
    CHECK(results[3].ok());
    const auto stored_first = backend.game_store()->find_game(first);
    REQUIRE(stored_first->moves.size() == 2);
    CHECK(stored_first->moves[1].move == "e5");
    CHECK(stored_first->moves[1].seat == 1);
    const auto stored_second = backend.game_store()->find_game(second);
    REQUIRE(stored_second->moves.size() == 2);
    CHECK(stored_second->moves[0].move == odd);
    CHECK(stored_second->moves[1].move == backslash);
}

TEST_CASE_TEMPLATE("destroying the writer writes everything still queued", Db, STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    GameId game = 0;
    std::atomic<int> acknowledged{0};
    {
        auto writer = backend.game_writer();
        game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
        for (int ply = 1; ply <= 50; ++ply)
            writer->append_move(game, move_at(ply, "m"), [&](const WriteStatus& s) {
                if (s.ok())
                    ++acknowledged;
            });
    }
    CHECK(acknowledged == 50);
    CHECK(stored_moves(backend, game) == 50);
}

TEST_CASE_TEMPLATE(
    "a move sent again as stored is one move, and a different one at its ply is refused", Db,
    STORAGE_BACKENDS) {
    Db db;
    auto& backend = db.backend();
    auto writer = backend.game_writer();
    const GameId game = create_now(*writer, sample_game(std::nullopt, std::nullopt)).second;
    REQUIRE(append_now(*writer, game, move_at(1, "e4")).ok());
    REQUIRE(append_now(*writer, game, move_at(2, "e5")).ok());
    // A retry of a write whose outcome was unknown finds its move stored: a success.
    CHECK(append_now(*writer, game, move_at(1, "e4")).ok());
    CHECK(append_now(*writer, game, move_at(2, "e5")).ok());
    MoveRow later = move_at(2, "e5");
    later.at += Millis(1);
    CHECK(append_now(*writer, game, later).error.find("ply 2 is not after them") !=
          std::string::npos);
    CHECK(append_now(*writer, game, move_at(2, "d5")).error.find("ply 2 is not after them") !=
          std::string::npos);
    CHECK(stored_moves(backend, game) == 2);
    CHECK(append_now(*writer, game, move_at(3, "Nf3")).ok());
    CHECK(stored_moves(backend, game) == 3);
}
