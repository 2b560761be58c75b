// The cluster store's contract (storage/cluster_store.h), run on both implementations: in memory
// (storage/memory_cluster_store.h, the clock given and moved by the test) and in PostgreSQL
// (storage/postgres/pg_cluster_store.h, PostgreSQL's clock, short leases and real waits). Each
// handle is a node; two handles on one store are two nodes racing.
#include "storage/memory_cluster_store.h"
#include "storage/postgres/pg_cluster_store.h"
#include "tests/storage/backends.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include <doctest/doctest.h>

using namespace storage;

namespace {

// Long enough that no test's node expires unless the test lets it.
constexpr Millis cluster_long_lease{60'000};

class InMemory {
public:
    std::unique_ptr<ClusterStore> node(ClusterOptions options = {cluster_long_lease}) {
        return std::make_unique<MemoryClusterStore>(
            cluster_, [this] { return TimePoint(Millis(now_ms_.load())); }, options);
    }
    // Time passes (the store's clock).
    void wait(Millis time) { now_ms_ += time.count(); }
    GameId game() { return 42; }

private:
    std::shared_ptr<MemoryCluster> cluster_ = std::make_shared<MemoryCluster>();
    std::atomic<std::int64_t> now_ms_{1'000'000'000};
};

class InPostgres {
public:
    InPostgres() {
        db_.backend(); // migrates
        static std::atomic<int> next{0};
        // Tests run in parallel in one database: the advisory locks of each test's nodes get
        // a class of their own.
        lock_class_ = 100 + static_cast<std::int32_t>(::getpid()) * 8 + (next++ % 8);
    }
    std::unique_ptr<ClusterStore> node(ClusterOptions options = {cluster_long_lease}) {
        options.lock_class = lock_class_;
        return std::make_unique<postgres::PgClusterStore>(db_.location(),
                                                          postgres::ConnectOptions{}, options);
    }
    void wait(Millis time) { std::this_thread::sleep_for(time); }
    GameId game() {
        return db_.connect()
            .run("INSERT INTO games (variant, time_control, rated, started_at) "
                 "VALUES ('chess', '5+0', 0, 1) RETURNING id")
            .integer(0, 0);
    }

private:
    storage_test::OnPostgres db_;
    std::int32_t lock_class_ = 0;
};

NodeRegistration cluster_node(const std::string& id) {
    return NodeRegistration{id, id + ".local:8080", "test"};
}

std::set<std::string> cluster_ids(const std::vector<NodeRow>& nodes) {
    std::set<std::string> ids;
    for (const auto& n : nodes)
        ids.insert(n.node_id);
    return ids;
}

// "T<i>" (built so, not with operator+, which GCC 12 warns about falsely: -Wrestrict).
std::string cluster_code(int i) {
    std::string code = std::to_string(i);
    code.insert(code.begin(), 'T');
    return code;
}

// Asks `check` again for up to 10 s (a session's end reaches pg_locks a little later).
bool cluster_eventually(const std::function<bool()>& check) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!check()) {
        if (std::chrono::steady_clock::now() > until)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

} // namespace

#define CLUSTER_STORES InMemory, InPostgres

TEST_CASE_TEMPLATE("cluster: a node registered again starts a new epoch and fences the old one", Db,
                   CLUSTER_STORES) {
    Db db;
    auto first = db.node();
    const Fence one = first->register_node(cluster_node("a"));
    CHECK(one.node_id == "a");
    CHECK(one.epoch == 1);
    CHECK(first->renew_lease());
    CHECK_THROWS_AS(first->register_node(cluster_node("a")), StorageError);

    auto second = db.node(); // the process restarted, say
    const Fence two = second->register_node(cluster_node("a"));
    CHECK(two.epoch == 2);
    CHECK_FALSE(first->renew_lease());
    CHECK(second->renew_lease());
    const auto nodes = second->nodes();
    REQUIRE(nodes.size() == 1);
    CHECK(nodes[0].epoch == 2);
    CHECK(nodes[0].state == "alive");
    CHECK(nodes[0].address == "a.local:8080");
    CHECK(nodes[0].lease_until > nodes[0].renewed_at);
}

TEST_CASE_TEMPLATE("cluster: a node whose lease expired is dead and is taken over once", Db,
                   CLUSTER_STORES) {
    Db db;
    auto a = db.node({.lease = Millis(300)});
    auto b = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    b->register_node(cluster_node("b"));
    CHECK(b->dead_nodes().empty());
    CHECK_FALSE(b->take_over("a", fa.epoch)); // alive: its lease runs

    db.wait(Millis(500));
    const auto dead = b->dead_nodes();
    CHECK(cluster_ids(dead) == std::set<std::string>{"a"});
    CHECK_FALSE(b->take_over("a", fa.epoch + 1)); // not the epoch it has
    CHECK(b->take_over("a", fa.epoch));
    CHECK_FALSE(b->take_over("a", fa.epoch)); // taken over already
    CHECK(b->dead_nodes().empty());
    CHECK_FALSE(a->renew_lease()); // fenced
    const auto nodes = b->nodes();
    REQUIRE(nodes.size() == 2);
    CHECK(nodes[0].state == "dead");
    CHECK(nodes[0].epoch == fa.epoch + 1);
}

TEST_CASE_TEMPLATE("cluster: a node renewing its lease stays alive", Db, CLUSTER_STORES) {
    Db db;
    auto a = db.node({.lease = Millis(2000)});
    auto b = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    b->register_node(cluster_node("b"));
    for (int i = 0; i < 3; ++i) {
        db.wait(Millis(1000));
        CHECK(a->renew_lease());
    }
    CHECK(b->dead_nodes().empty());
    CHECK_FALSE(b->take_over("a", fa.epoch));
}

TEST_CASE_TEMPLATE("cluster: a node whose session is gone is dead after the grace", Db,
                   CLUSTER_STORES) {
    Db db;
    auto patient = db.node({.lease = cluster_long_lease, .session_grace = Millis(60'000)});
    auto watcher = db.node({.lease = cluster_long_lease, .session_grace = Millis(0)});
    patient->register_node(cluster_node("p"));
    watcher->register_node(cluster_node("w"));
    auto a = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    db.wait(Millis(5));
    CHECK(watcher->dead_nodes().empty()); // every session holds its lock

    a.reset(); // the process was killed: its connection closed
    db.wait(Millis(5));
    CHECK(cluster_eventually([&] { return cluster_ids(watcher->dead_nodes()).count("a") == 1; }));
    CHECK(patient->dead_nodes().empty()); // it renewed less than the grace ago
    CHECK_FALSE(patient->take_over("a", fa.epoch));
    CHECK(watcher->take_over("a", fa.epoch));
    CHECK(cluster_ids(watcher->dead_nodes()).empty());
}

TEST_CASE_TEMPLATE("cluster: a table code is unique across the nodes", Db, CLUSTER_STORES) {
    Db db;
    auto a = db.node();
    auto b = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    const Fence fb = b->register_node(cluster_node("b"));
    CHECK(a->reserve_table(fa, "K7QF", true) == Ownership::Done);
    CHECK(b->reserve_table(fb, "K7QF", false) == Ownership::Refused);
    CHECK(a->reserve_table(fa, "K7QF", false) == Ownership::Refused);
    CHECK_THROWS_AS(a->reserve_table(fa, "", false), StorageError);

    const auto row = b->find_table("K7QF");
    REQUIRE(row);
    CHECK(row->owner == std::optional<std::string>("a"));
    CHECK(row->owner_epoch == fa.epoch);
    CHECK(row->table_epoch == 1);
    CHECK(row->is_public);
    CHECK_FALSE(row->game_id);
    CHECK(row->version_base > 0);
    CHECK_FALSE(b->find_table("NONE"));

    CHECK(b->release_table(fb, "K7QF") == Ownership::Refused); // not b's
    CHECK(a->release_table(fa, "K7QF") == Ownership::Done);
    CHECK(a->directory().empty());
    CHECK(b->reserve_table(fb, "K7QF", false) == Ownership::Done); // free again
}

TEST_CASE_TEMPLATE("cluster: only the table's owner at its epoch records its game or hands it off",
                   Db, CLUSTER_STORES) {
    Db db;
    auto a = db.node();
    auto b = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    const Fence fb = b->register_node(cluster_node("b"));
    const GameId game = db.game();
    REQUIRE(a->reserve_table(fa, "T1", false) == Ownership::Done);
    CHECK(b->set_game(fb, "T1", game, true) == Ownership::Refused);
    CHECK(a->set_game(fa, "T1", game, true) == Ownership::Done);
    CHECK(a->find_table("T1")->game_id == std::optional<GameId>(game));
    CHECK(a->find_table("T1")->is_public);
    const auto base = a->find_table("T1")->version_base;

    CHECK(b->hand_off(fb, "T1", "b") == Ownership::Refused);      // not the owner
    CHECK(a->hand_off(fa, "T1", "nobody") == Ownership::Refused); // no such node
    CHECK(a->hand_off(fa, "T2", "b") == Ownership::Refused);      // no such table
    CHECK(a->hand_off(fa, "T1", "b") == Ownership::Done);
    const auto moved = b->find_table("T1");
    REQUIRE(moved);
    CHECK(moved->owner == std::optional<std::string>("b"));
    CHECK(moved->owner_epoch == fb.epoch);
    CHECK(moved->table_epoch == 2);
    CHECK(moved->version_base >= base + version_base_step);
    CHECK(moved->game_id == std::optional<GameId>(game));
    CHECK(a->hand_off(fa, "T1", "a") == Ownership::Refused); // a has given it away
    CHECK(a->set_game(fa, "T1", std::nullopt, false) == Ownership::Refused);
    CHECK(b->set_game(fb, "T1", std::nullopt, false) == Ownership::Done);
    CHECK_FALSE(b->find_table("T1")->game_id);
}

TEST_CASE_TEMPLATE("cluster: a fenced owner changes nothing", Db, CLUSTER_STORES) {
    Db db;
    auto old = db.node();
    const Fence stale = old->register_node(cluster_node("a"));
    REQUIRE(old->reserve_table(stale, "T1", false) == Ownership::Done);
    auto fresh = db.node();
    const Fence current = fresh->register_node(cluster_node("a"));
    CHECK(old->reserve_table(stale, "T2", false) == Ownership::Fenced);
    CHECK(old->set_game(stale, "T1", std::nullopt, true) == Ownership::Fenced);
    CHECK(old->clear_owner(stale, "T1") == Ownership::Fenced);
    CHECK(old->hand_off(stale, "T1", "a") == Ownership::Fenced);
    CHECK(old->release_table(stale, "T1") == Ownership::Fenced);
    CHECK(old->claim_tables(stale, "a", {}).empty());
    CHECK_FALSE(old->find_table("T2"));
    const auto t1 = old->find_table("T1");
    REQUIRE(t1);
    CHECK(t1->owner_epoch == stale.epoch);
    CHECK_FALSE(t1->is_public);
    // The new incarnation claims what its previous one had: that one is fenced.
    const auto claimed = fresh->claim_tables(current, "a", {});
    REQUIRE(claimed.size() == 1);
    CHECK(claimed[0].owner_epoch == current.epoch);
}

TEST_CASE_TEMPLATE("cluster: a dead node's tables are claimed once it is fenced, and handed-back "
                   "ones by anyone",
                   Db, CLUSTER_STORES) {
    Db db;
    auto a = db.node({.lease = Millis(300)});
    auto b = db.node();
    auto c = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    const Fence fb = b->register_node(cluster_node("b"));
    const Fence fc = c->register_node(cluster_node("c"));
    for (const char* code : {"X", "Y", "Z"})
        REQUIRE(a->reserve_table(fa, code, false) == Ownership::Done);
    const auto base = b->find_table("X")->version_base;
    CHECK(b->claim_tables(fb, "a", {}).empty()); // a is not fenced: its tables stay

    db.wait(Millis(500));
    REQUIRE(b->take_over("a", fa.epoch));
    CHECK(a->reserve_table(fa, "W", false) == Ownership::Fenced);
    const auto some = b->claim_tables(fb, "a", {"X", "Y", "Q"});
    REQUIRE(some.size() == 2);
    for (const auto& t : some) {
        CHECK(t.owner == std::optional<std::string>("b"));
        CHECK(t.owner_epoch == fb.epoch);
        CHECK(t.table_epoch == 2);
        CHECK(t.version_base >= base + version_base_step);
    }
    const auto rest = c->claim_tables(fc, "a", {});
    REQUIRE(rest.size() == 1);
    CHECK(rest[0].code == "Z");
    CHECK(b->claim_tables(fb, "a", {}).empty());

    CHECK(b->clear_owner(fb, "X") == Ownership::Done);
    CHECK_FALSE(c->find_table("X")->owner);
    CHECK(c->claim_tables(fc, "a", {"X"}).empty()); // not a's any more
    const auto x = c->claim_tables(fc, std::nullopt, {});
    REQUIRE(x.size() == 1);
    CHECK(x[0].code == "X");
    CHECK(x[0].owner == std::optional<std::string>("c"));
    CHECK(x[0].table_epoch == 3);
}

TEST_CASE_TEMPLATE("cluster: two nodes claiming a dead node's tables at once get each table once",
                   Db, CLUSTER_STORES) {
    Db db;
    auto a = db.node({.lease = Millis(300)});
    auto b = db.node();
    auto c = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    const Fence fb = b->register_node(cluster_node("b"));
    const Fence fc = c->register_node(cluster_node("c"));
    constexpr int tables = 200;
    for (int i = 0; i < tables; ++i)
        REQUIRE(a->reserve_table(fa, cluster_code(i), false) == Ownership::Done);
    db.wait(Millis(500));
    REQUIRE(b->take_over("a", fa.epoch));

    std::promise<void> go;
    auto start = go.get_future().share();
    const auto claim = [start](ClusterStore& store, const Fence& me) {
        start.wait();
        std::vector<LiveTableRow> all;
        for (int round = 0; round < 4; ++round) { // a few rounds, to interleave
            const auto got = store.claim_tables(me, "a", {});
            all.insert(all.end(), got.begin(), got.end());
        }
        return all;
    };
    auto by_b = std::async(std::launch::async, claim, std::ref(*b), fb);
    auto by_c = std::async(std::launch::async, claim, std::ref(*c), fc);
    go.set_value();
    const auto got_b = by_b.get();
    const auto got_c = by_c.get();
    std::set<std::string> codes;
    for (const auto& t : got_b)
        codes.insert(t.code);
    for (const auto& t : got_c)
        codes.insert(t.code);
    CHECK(codes.size() == tables);
    CHECK(got_b.size() + got_c.size() == tables); // nobody got a table twice
    for (const auto& row : b->directory()) {
        const bool with_b = std::any_of(got_b.begin(), got_b.end(), [&row](const LiveTableRow& t) {
            return t.code == row.code;
        });
        CHECK(row.owner == std::optional<std::string>(with_b ? "b" : "c"));
        CHECK(row.table_epoch == 2);
    }
}

TEST_CASE_TEMPLATE("cluster: a node that left without tables is fenced and not dead", Db,
                   CLUSTER_STORES) {
    Db db;
    auto a = db.node();
    auto b = db.node({.lease = cluster_long_lease, .session_grace = Millis(0)});
    const Fence fa = a->register_node(cluster_node("a"));
    b->register_node(cluster_node("b"));
    REQUIRE(a->reserve_table(fa, "T1", false) == Ownership::Done);
    REQUIRE(a->release_table(fa, "T1") == Ownership::Done);
    CHECK(a->leave());
    CHECK_FALSE(a->leave());
    CHECK_FALSE(a->renew_lease());
    CHECK(a->set_game(fa, "T1", std::nullopt, true) == Ownership::Fenced);
    db.wait(Millis(5));
    CHECK(b->dead_nodes().empty()); // gone on purpose: nothing to take over
    CHECK(b->nodes()[0].state == "left");
}

TEST_CASE_TEMPLATE("cluster: a node that left with tables is taken over like a dead one, its "
                   "tables stopped from the moment it left", Db, CLUSTER_STORES) {
    Db db;
    auto a = db.node();
    auto b = db.node();
    const Fence fa = a->register_node(cluster_node("a"));
    const Fence fb = b->register_node(cluster_node("b"));
    REQUIRE(a->reserve_table(fa, "T1", false) == Ownership::Done);
    REQUIRE(a->reserve_table(fa, "T2", true) == Ownership::Done);
    db.wait(Millis(20));
    const TimePoint before_leaving = b->now();
    CHECK(a->leave());
    CHECK(a->set_game(fa, "T1", std::nullopt, true) == Ownership::Fenced);

    const auto to_take = b->dead_nodes();
    REQUIRE(to_take.size() == 1);
    CHECK(to_take[0].node_id == "a");
    CHECK(to_take[0].state == "left");
    CHECK(to_take[0].renewed_at >= before_leaving); // the handed tables' pause starts here
    REQUIRE(b->take_over("a", to_take[0].epoch));
    CHECK_FALSE(b->take_over("a", to_take[0].epoch)); // once
    const auto claimed = b->claim_tables(fb, std::string("a"), {});
    CHECK(claimed.size() == 2);
    for (const auto& table : claimed)
        CHECK(table.owner == std::optional<std::string>("b"));
    CHECK(b->dead_nodes().empty());
}

TEST_CASE_TEMPLATE("cluster: a game's pauses are stored by ply, the same ply replaced", Db,
                   CLUSTER_STORES) {
    Db db;
    auto a = db.node();
    const GameId game = db.game();
    const auto at = [](std::int64_t ms) { return TimePoint(Millis(ms)); };
    a->record_pause({game, 7, at(5000), at(6500)});
    a->record_pause({game, 3, at(1000), at(1200)});
    a->record_pause({game, 7, at(5000), at(6000)}); // a second failover's claim: the same pause
    CHECK_THROWS_AS(a->record_pause({game, 8, at(5000), at(4000)}), StorageError);
    const auto pauses = a->pauses(game);
    REQUIRE(pauses.size() == 2);
    CHECK(pauses[0].ply == 3);
    CHECK(pauses[0].charged_until == at(1000));
    CHECK(pauses[1].ply == 7);
    CHECK(pauses[1].resumed_at == at(6000));
    CHECK(a->pauses(game + 1).empty());
}

TEST_CASE("cluster: the single node's store in memory owns every table it reserves") {
    auto cluster = std::make_shared<MemoryCluster>();
    std::int64_t now_ms = 1000;
    MemoryClusterStore store(cluster, [&now_ms] { return TimePoint(Millis(now_ms)); });
    const Fence me = store.register_node(cluster_node("solo"));
    CHECK(store.now() == TimePoint(Millis(1000)));
    for (const char* code : {"A1", "B2", "C3"})
        CHECK(store.reserve_table(me, code, false) == Ownership::Done);
    now_ms += 3'600'000; // an hour without renewing: nobody else exists to take over
    for (const auto& t : store.directory()) {
        CHECK(t.owner == std::optional<std::string>("solo"));
        CHECK(store.set_game(me, t.code, 1, true) == Ownership::Done);
    }
    CHECK(store.find_table("A1")->version_base == 1000);
}
