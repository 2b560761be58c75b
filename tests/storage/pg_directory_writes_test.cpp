// The live-table directory kept by a fenced game writer (storage/postgres/pg_game_writer.h,
// "The directory"; storage/postgres/live_table_rows.h), against a real PostgreSQL: a node's new
// game puts its table in the directory that PgClusterStore reads, a rematch names the next
// game, the end takes it out; a code that is another's refuses that game alone; a takeover's
// claim_tables hands the table with its game to the claimer, and the old writer can change
// nothing after it.
#include "storage/postgres/connection.h"
#include "storage/postgres/pg_backend.h"
#include "storage/postgres/pg_cluster_store.h"
#include "storage/postgres/pg_game_writer.h"
#include "tests/storage/backends.h"
#include "tests/storage/writer_helpers.h"

#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::create_now;
using storage_test::move_at;
using storage_test::OnPostgres;
using storage_test::sample_game;

namespace {

// Tests run in parallel in one database: the nodes of each process take their advisory locks in
// classes of their own (by pid, as fence_test.cpp and cluster_store_test.cpp do).
ClusterOptions directory_options(Millis lease) {
    static int next = 0;
    ClusterOptions options;
    options.lease = lease;
    options.lock_class = 100 + static_cast<std::int32_t>(::getpid()) * 8 + (next++ % 8);
    return options;
}

GameRow directory_game(const std::string& code, bool is_public) {
    GameRow game = sample_game(std::nullopt, std::nullopt);
    game.table_code = code;
    game.is_public = is_public;
    return game;
}

WriteStatus directory_finish(GameWriter& writer, GameId game) {
    std::promise<WriteStatus> done;
    writer.finish_game(
        FinishGame{GameEnd{game, "1-0", "resign", TimePoint(Millis(2'000'000))}, {}, {}},
        [&](const WriteStatus& s, const std::vector<RatingRow>&) { done.set_value(s); });
    return done.get_future().get();
}

std::future<std::pair<WriteStatus, GameId>> directory_create_later(GameWriter& writer,
                                                                   GameRow game) {
    auto done = std::make_shared<std::promise<std::pair<WriteStatus, GameId>>>();
    auto answer = done->get_future();
    writer.create_game(std::move(game), [done](const WriteStatus& s, GameId id) {
        done->set_value({s, id});
    });
    return answer;
}

std::future<WriteStatus> directory_append_later(GameWriter& writer, GameId game, MoveRow move) {
    auto done = std::make_shared<std::promise<WriteStatus>>();
    auto answer = done->get_future();
    writer.append_move(game, std::move(move), [done](const WriteStatus& s) { done->set_value(s); });
    return answer;
}

std::int64_t directory_count(const OnPostgres& db, const std::string& sql) {
    return db.connect().run(sql).integer(0, 0);
}

// Waits (at most 10 s) until `count` sessions of the test `db` wait for a lock.
bool directory_sessions_waiting(const OnPostgres& db, int count) {
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

// An uncommitted move (game, ply) on a connection of its own: the writer's INSERT of the same
// key waits for it, so the writer's batch stays open and what is queued meanwhile is one batch.
struct DirectoryHeldMove {
    postgres::Connection db;
    DirectoryHeldMove(const OnPostgres& on, GameId game, const MoveRow& m) : db(on.connect()) {
        db.exec("BEGIN");
        db.run("INSERT INTO moves (game_id, ply, move, seat, remaining_ms, at_ms) "
               "VALUES ($1, $2, $3, $4, $5, $6)",
               postgres::Params()
                   .add(game)
                   .add(m.ply)
                   .add(m.move)
                   .add(m.seat)
                   .add(m.remaining.count())
                   .add(m.at));
    }
    void release() { db.exec("ROLLBACK"); }
};

void check_same_rows(const std::vector<LiveTableRow>& got, const std::vector<LiveTableRow>& want) {
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        CAPTURE(want[i].code);
        CHECK(got[i].code == want[i].code);
        CHECK(got[i].owner == want[i].owner);
        CHECK(got[i].owner_epoch == want[i].owner_epoch);
        CHECK(got[i].table_epoch == want[i].table_epoch);
        CHECK(got[i].game_id == want[i].game_id);
        CHECK(got[i].is_public == want[i].is_public);
        CHECK(got[i].version_base == want[i].version_base);
    }
}

} // namespace

TEST_CASE("directory: a fenced writer's new game puts its table in the directory, a rematch "
          "names the next game, and the end takes the table out") {
    OnPostgres db;
    auto& backend = dynamic_cast<postgres::PgBackend&>(db.backend());
    postgres::PgClusterStore a(db.location(), {}, directory_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    const auto writer = backend.fenced_game_writer(fa);

    const auto before = a.now().time_since_epoch().count();
    const auto [created, first] = create_now(*writer, directory_game("K7QF", true));
    REQUIRE(created.ok());
    const auto after = a.now().time_since_epoch().count();
    auto row = a.find_table("K7QF");
    REQUIRE(row);
    CHECK(row->owner == std::optional<std::string>("a"));
    CHECK(row->owner_epoch == fa.epoch);
    CHECK(row->table_epoch == 1);
    CHECK(row->game_id == std::optional<GameId>(first));
    CHECK(row->is_public);
    CHECK(row->version_base >= before); // reserve_table's: the database's clock at the insert
    CHECK(row->version_base <= after);
    const auto version_base = row->version_base;

    // The table's next game (a rematch): the same row names it, nothing else changes.
    const auto [again, second] = create_now(*writer, directory_game("K7QF", false));
    REQUIRE(again.ok());
    row = a.find_table("K7QF");
    REQUIRE(row);
    CHECK(row->game_id == std::optional<GameId>(second));
    CHECK_FALSE(row->is_public);
    CHECK(row->owner_epoch == fa.epoch);
    CHECK(row->table_epoch == 1);
    CHECK(row->version_base == version_base);

    // The first game's end leaves the row that names the second; the second's takes it out.
    CHECK(directory_finish(*writer, first).ok());
    row = a.find_table("K7QF");
    REQUIRE(row);
    CHECK(row->game_id == std::optional<GameId>(second));
    CHECK(directory_finish(*writer, second).ok());
    CHECK_FALSE(a.find_table("K7QF"));
    CHECK(a.directory().empty());

    // A code the node reserved: its game updates the reserved row.
    REQUIRE(a.reserve_table(fa, "R2D2", false) == Ownership::Done);
    const auto reserved = a.find_table("R2D2").value();
    const auto [on_reserved, third] = create_now(*writer, directory_game("R2D2", true));
    REQUIRE(on_reserved.ok());
    row = a.find_table("R2D2");
    REQUIRE(row);
    CHECK(row->game_id == std::optional<GameId>(third));
    CHECK(row->is_public);
    CHECK(row->table_epoch == 1);
    CHECK(row->version_base == reserved.version_base);
    CHECK(a.directory().size() == 1);
}

TEST_CASE("directory: a code another node owns, or nobody, refuses the fenced writer's new game "
          "and stores nothing of it, and the rest of its batch is written") {
    OnPostgres db;
    db.backend();
    postgres::PgClusterStore a(db.location(), {}, directory_options(Millis(60'000)));
    postgres::PgClusterStore b(db.location(), {}, directory_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    const Fence fb = b.register_node({"b", "b:1", "test"});
    REQUIRE(b.reserve_table(fb, "B0B0", true) == Ownership::Done);
    REQUIRE(b.reserve_table(fb, "N0N0", false) == Ownership::Done);
    REQUIRE(b.clear_owner(fb, "N0N0") == Ownership::Done); // handed back: nobody's
    postgres::PgGameWriter writer(db.location(), {}, {.fence = fa});
    const auto [created, game] = create_now(writer, directory_game("A0A0", false));
    REQUIRE(created.ok());
    const auto directory_before = a.directory();

    // One batch (held open behind a move that waits for a lock) holds, queued meanwhile, the
    // next batch: two refused games, a game on a new code and a move.
    DirectoryHeldMove held(db, game, move_at(1, "e4"));
    auto first_move = directory_append_later(writer, game, move_at(1, "e4"));
    REQUIRE(directory_sessions_waiting(db, 1));
    auto taken = directory_create_later(writer, directory_game("B0B0", false));
    auto unowned = directory_create_later(writer, directory_game("N0N0", false));
    auto fresh = directory_create_later(writer, directory_game("A1A1", true));
    auto second_move = directory_append_later(writer, game, move_at(2, "e5"));
    held.release();
    CHECK(first_move.get().ok());

    const auto [taken_status, taken_id] = taken.get();
    CHECK_FALSE(taken_status.ok());
    CHECK_FALSE(taken_status.fenced);
    CHECK(taken_status.error.find("table code B0B0 is owned by node b at epoch " +
                                  std::to_string(fb.epoch) + " in the cluster") !=
          std::string::npos);
    const auto [unowned_status, unowned_id] = unowned.get();
    CHECK_FALSE(unowned_status.ok());
    CHECK(unowned_status.error.find("table code N0N0 is owned by nobody") != std::string::npos);
    const auto [fresh_status, fresh_id] = fresh.get();
    CHECK(fresh_status.ok());
    CHECK(second_move.get().ok());
    CHECK(writer.stats().transactions == 3); // the first game, the held batch, the next batch

    // Nothing of the refused games: no row, no seat; the directory's rows of b as they were.
    CHECK(directory_count(db, "SELECT count(*) FROM games WHERE table_code IN ('B0B0', 'N0N0')") ==
          0);
    CHECK(directory_count(db, "SELECT count(*) FROM games") == 2);
    CHECK(directory_count(db, "SELECT count(*) FROM game_seats") == 4);
    CHECK(directory_count(db, "SELECT count(*) FROM moves") == 2);
    std::vector<LiveTableRow> expected = directory_before;
    const auto made = a.find_table("A1A1");
    REQUIRE(made);
    CHECK(made->owner == std::optional<std::string>("a"));
    CHECK(made->game_id == std::optional<GameId>(fresh_id));
    expected.insert(expected.begin() + 1, *made); // by code: A0A0, A1A1, B0B0, N0N0
    check_same_rows(a.directory(), expected);
}

TEST_CASE("directory: a table handed to another node stays in the directory when the old "
          "owner's game ends, and refuses the old owner's next game") {
    OnPostgres db;
    db.backend();
    postgres::PgClusterStore a(db.location(), {}, directory_options(Millis(60'000)));
    postgres::PgClusterStore b(db.location(), {}, directory_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    const Fence fb = b.register_node({"b", "b:1", "test"});
    postgres::PgGameWriter writer(db.location(), {}, {.fence = fa});
    const auto [created, game] = create_now(writer, directory_game("H4ND", true));
    REQUIRE(created.ok());
    REQUIRE(a.hand_off(fa, "H4ND", "b") == Ownership::Done);
    const auto handed = a.directory();

    CHECK(directory_finish(writer, game).ok()); // a is not fenced: its end is stored
    CHECK(directory_count(db, "SELECT count(*) FROM games WHERE ended_at IS NOT NULL") == 1);
    check_same_rows(a.directory(), handed);
    REQUIRE(handed.size() == 1);
    CHECK(handed[0].owner == std::optional<std::string>("b"));
    CHECK(handed[0].owner_epoch == fb.epoch);
    CHECK(handed[0].game_id == std::optional<GameId>(game));

    const auto [refused, id] = create_now(writer, directory_game("H4ND", true));
    CHECK_FALSE(refused.ok());
    CHECK(refused.error.find("table code H4ND is owned by node b") != std::string::npos);
    CHECK(directory_count(db, "SELECT count(*) FROM games") == 1);
    check_same_rows(a.directory(), handed);
}

TEST_CASE("directory: a takeover's claim_tables hands the table with its game to the claimer, "
          "and the old writer's new games and ends are refused fenced, the directory unchanged") {
    OnPostgres db;
    auto& backend = dynamic_cast<postgres::PgBackend&>(db.backend());
    postgres::PgClusterStore a(db.location(), {}, directory_options(Millis(300)));
    postgres::PgClusterStore b(db.location(), {}, directory_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    const Fence fb = b.register_node({"b", "b:1", "test"});
    const auto old_writer = backend.fenced_game_writer(fa);
    const auto [created, game] = create_now(*old_writer, directory_game("K7QF", true));
    REQUIRE(created.ok());
    const auto version_base = b.find_table("K7QF").value().version_base;

    std::this_thread::sleep_for(std::chrono::milliseconds(500)); // a's lease expires
    REQUIRE(b.dead_nodes().size() == 1);
    REQUIRE(b.take_over("a", fa.epoch));
    const auto claimed = b.claim_tables(fb, std::string("a"), {});
    REQUIRE(claimed.size() == 1);
    CHECK(claimed[0].code == "K7QF");
    CHECK(claimed[0].owner == std::optional<std::string>("b"));
    CHECK(claimed[0].owner_epoch == fb.epoch);
    CHECK(claimed[0].table_epoch == 2);
    CHECK(claimed[0].game_id == std::optional<GameId>(game));
    CHECK(claimed[0].is_public);
    CHECK(claimed[0].version_base > version_base);
    const auto directory = b.directory();
    check_same_rows(directory, claimed);

    // The old incarnation's writer: fenced, nothing of it written.
    const auto [fenced_create, fenced_id] = create_now(*old_writer, directory_game("K7QF", false));
    CHECK(fenced_create.fenced);
    const auto [fenced_new_code, new_code_id] =
        create_now(*old_writer, directory_game("Z9Z9", true));
    CHECK(fenced_new_code.fenced);
    const WriteStatus fenced_end = directory_finish(*old_writer, game);
    CHECK(fenced_end.fenced);
    check_same_rows(b.directory(), directory);
    CHECK(directory_count(db, "SELECT count(*) FROM games") == 1);
    CHECK(directory_count(db, "SELECT count(*) FROM games WHERE ended_at IS NULL") == 1);

    // The claimer's writer goes on: the game's end takes the table out.
    const auto new_writer = backend.fenced_game_writer(fb);
    CHECK(directory_finish(*new_writer, game).ok());
    CHECK(b.directory().empty());
}

TEST_CASE("directory: a writer without a fence writes no directory row") {
    OnPostgres db;
    db.backend();
    postgres::PgClusterStore a(db.location(), {}, directory_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    REQUIRE(a.reserve_table(fa, "K7QF", false) == Ownership::Done);
    const auto reserved = a.directory();
    postgres::PgGameWriter writer(db.location(), {});
    const auto [created, game] = create_now(writer, directory_game("K7QF", true));
    CHECK(created.ok()); // another's code does not concern a single node
    const auto [other, other_game] = create_now(writer, directory_game("Q1Q1", true));
    CHECK(other.ok());
    check_same_rows(a.directory(), reserved);
    CHECK(directory_finish(writer, game).ok());
    check_same_rows(a.directory(), reserved);
}
