// The fence in the game writer (storage/postgres/pg_game_writer.h, "Fenced"), against a real
// PostgreSQL: the four orderings the design rests on (a batch holding its node's fence and the
// node's own renewal; a batch and a takeover, either one first), and the writer that stays
// fenced once it was. A batch is held open mid-transaction by another session's uncommitted
// INSERT of the same move, which the batch's INSERT ... ON CONFLICT must wait for.
#include "storage/postgres/connection.h"
#include "storage/postgres/pg_backend.h"
#include "storage/postgres/pg_cluster_store.h"
#include "storage/postgres/pg_game_writer.h"
#include "tests/storage/backends.h"
#include "tests/storage/writer_helpers.h"

#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <unistd.h>

#include <doctest/doctest.h>

using namespace storage;
using storage_test::create_now;
using storage_test::move_at;
using storage_test::OnPostgres;
using storage_test::sample_game;

namespace {

// Waits (at most 10 s) until `count` sessions of the test `db` wait for a lock.
bool fence_sessions_waiting(const OnPostgres& db, int count) {
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

std::int64_t fence_count(const OnPostgres& db, const std::string& sql) {
    return db.connect().run(sql).integer(0, 0);
}

ClusterOptions fence_options(Millis lease) {
    static int next = 0;
    ClusterOptions options;
    options.lease = lease;
    options.lock_class = 100 + static_cast<std::int32_t>(::getpid()) * 8 + (next++ % 8);
    return options;
}

// A move's write, asked now and answered later.
std::future<WriteStatus> fence_append(GameWriter& writer, GameId game, MoveRow move) {
    auto done = std::make_shared<std::promise<WriteStatus>>();
    auto answer = done->get_future();
    writer.append_move(game, std::move(move), [done](const WriteStatus& s) { done->set_value(s); });
    return answer;
}

bool fence_ready(std::future<WriteStatus>& f) {
    return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

// Holds an uncommitted move (game, ply) on a connection of its own: the writer's INSERT of the
// same key waits for it.
struct HeldMove {
    postgres::Connection db;
    HeldMove(const OnPostgres& on, GameId game, const MoveRow& m) : db(on.connect()) {
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

} // namespace

TEST_CASE("fence: a batch holding the fence lets the node renew, holds a takeover back until "
          "it commits, and the old epoch is fenced after") {
    OnPostgres db;
    db.backend();
    const auto options = fence_options(Millis(300));
    postgres::PgClusterStore a(db.location(), {}, options);
    postgres::PgClusterStore b(db.location(), {}, fence_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    b.register_node({"b", "b:1", "test"});
    postgres::PgGameWriter writer(db.location(), {}, {.fence = fa});
    const auto [created, game] = create_now(writer, sample_game(std::nullopt, std::nullopt));
    REQUIRE(created.ok());

    HeldMove held(db, game, move_at(1, "e4"));
    auto first = fence_append(writer, game, move_at(1, "e4"));
    REQUIRE(fence_sessions_waiting(db, 1)); // the batch: fence taken, its INSERT waiting

    // (1) The node's own renewal does not wait for its batch.
    auto renewed = std::async(std::launch::async, [&a] { return a.renew_lease(); });
    REQUIRE(renewed.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
    CHECK(renewed.get());

    // (2) A takeover waits for the batch: the batch is ordered before it.
    std::this_thread::sleep_for(std::chrono::milliseconds(500)); // a's lease expires
    REQUIRE(b.dead_nodes().size() == 1);
    auto taken = std::async(std::launch::async, [&b, &fa] { return b.take_over("a", fa.epoch); });
    REQUIRE(fence_sessions_waiting(db, 2)); // the batch's INSERT and the takeover
    CHECK_FALSE(taken.wait_for(std::chrono::milliseconds(0)) == std::future_status::ready);
    CHECK_FALSE(fence_ready(first));
    held.release();
    REQUIRE(taken.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
    CHECK(taken.get());
    CHECK(fence_count(db, "SELECT count(*) FROM moves") == 1); // committed before the takeover
    const WriteStatus first_status = first.get();
    CHECK(first_status.ok());
    CHECK_FALSE(first_status.fenced);

    // (3) After it, the old epoch's next batch fails fenced, and so does every later one.
    auto second = fence_append(writer, game, move_at(2, "e5"));
    const WriteStatus second_status = second.get();
    CHECK(second_status.fenced);
    CHECK_FALSE(second_status.ok());
    CHECK(second_status.error.find("fenced") != std::string::npos);
    CHECK(writer.fenced());
    auto third = fence_append(writer, game, move_at(2, "e5"));
    CHECK(third.get().fenced);
    CHECK(writer.stats().fenced == 2);
    CHECK(fence_count(db, "SELECT count(*) FROM moves") == 1);
    CHECK_FALSE(a.renew_lease());
}

TEST_CASE("fence: a batch asking for the fence while a takeover is uncommitted waits, then "
          "fails fenced") {
    OnPostgres db;
    db.backend();
    postgres::PgClusterStore a(db.location(), {}, fence_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    postgres::PgGameWriter writer(db.location(), {}, {.fence = fa});
    const auto [created, game] = create_now(writer, sample_game(std::nullopt, std::nullopt));
    REQUIRE(created.ok());

    auto takeover = db.connect();
    takeover.exec("BEGIN");
    takeover.run("UPDATE nodes SET epoch = epoch + 1, state = 'dead' WHERE node_id = $1",
                 postgres::Params().add(fa.node_id));
    auto move = fence_append(writer, game, move_at(1, "e4"));
    REQUIRE(fence_sessions_waiting(db, 1)); // the batch's fence waits for the takeover
    CHECK_FALSE(fence_ready(move));
    takeover.exec("COMMIT");
    REQUIRE(move.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
    const WriteStatus status = move.get();
    CHECK(status.fenced);
    CHECK(fence_count(db, "SELECT count(*) FROM moves") == 0);
    CHECK_FALSE(a.renew_lease());
}

TEST_CASE("fence: a takeover that is rolled back leaves the batch waiting for it to go on") {
    OnPostgres db;
    db.backend();
    postgres::PgClusterStore a(db.location(), {}, fence_options(Millis(60'000)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    postgres::PgGameWriter writer(db.location(), {}, {.fence = fa});
    const auto [created, game] = create_now(writer, sample_game(std::nullopt, std::nullopt));
    REQUIRE(created.ok());

    auto takeover = db.connect();
    takeover.exec("BEGIN");
    takeover.run("UPDATE nodes SET epoch = epoch + 1 WHERE node_id = $1",
                 postgres::Params().add(fa.node_id));
    auto move = fence_append(writer, game, move_at(1, "e4"));
    REQUIRE(fence_sessions_waiting(db, 1));
    takeover.exec("ROLLBACK");
    const WriteStatus status = move.get();
    CHECK(status.ok());
    CHECK_FALSE(writer.fenced());
    CHECK(fence_count(db, "SELECT count(*) FROM moves") == 1);
    CHECK(a.renew_lease());
}

TEST_CASE("fence: a writer without a fence is never fenced by the cluster's tables") {
    OnPostgres db;
    db.backend();
    postgres::PgGameWriter writer(db.location(), {});
    const auto [created, game] = create_now(writer, sample_game(std::nullopt, std::nullopt));
    REQUIRE(created.ok());
    db.connect().exec("INSERT INTO nodes (node_id, epoch, lock_key, address, state, build, "
                      "lease_until, renewed_at) VALUES ('x', 1, 1, '', 'dead', '', 0, 0)");
    CHECK(fence_append(writer, game, move_at(1, "e4")).get().ok());
    CHECK(writer.stats().fenced == 0);
}

TEST_CASE("fence: a node stopped in the middle of a batch holds a takeover back only until its "
          "session's idle timeout ends the batch, and the takeover's lock wait is bounded") {
    OnPostgres db;
    postgres::PgBackend backend(db.location(), {});
    postgres::PgClusterStore a(db.location(), {}, fence_options(Millis(300)));
    const Fence fa = a.register_node({"a", "a:1", "test"});
    // Node b's membership session as a cluster node has it (lock_timeout 1 s).
    auto b = backend.cluster_store(fence_options(Millis(60'000)));
    b->register_node({"b", "b:1", "test"});

    // Node a's batch has taken its fence, then node a stops: the transaction waits for it.
    postgres::ConnectOptions stopped;
    stopped.idle_in_transaction_timeout_ms = 4000;
    postgres::Connection batch(db.location(), stopped);
    batch.exec("BEGIN");
    batch.run("SELECT tabula_fence($1, $2)", postgres::Params().add(fa.node_id).add(fa.epoch));
    const auto stopped_at = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(400)); // a's lease expires
    REQUIRE(b->dead_nodes().size() == 1);

    // The takeover waits for the batch's lock no longer than its lock timeout...
    CHECK_THROWS_AS(b->take_over("a", fa.epoch), StorageError);
    // ...and goes through once PostgreSQL has ended the stopped batch's session.
    bool taken = false;
    while (!taken && std::chrono::steady_clock::now() < stopped_at + std::chrono::seconds(20)) {
        try {
            taken = b->take_over("a", fa.epoch);
        } catch (const StorageError&) {
        }
    }
    CHECK(taken);
    CHECK(std::chrono::steady_clock::now() - stopped_at >= std::chrono::milliseconds(3900));
    CHECK_THROWS_AS(batch.run("SELECT 1"), StorageError); // the session is gone
    CHECK_FALSE(a.renew_lease());
}
