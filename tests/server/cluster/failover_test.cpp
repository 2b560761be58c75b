// A cluster's failover with real `tabula serve --cluster` processes on the test PostgreSQL:
// the node that owns live games is killed with SIGKILL, the other node takes it over and
// claims its tables (server/cluster/README.md), the players come back through the live node
// and play on. Nothing acknowledged is lost or doubled (docs/architecture.md §3: acknowledged
// means committed), and the stored moves equal the acknowledged ones, in order. Bounded waits.
#include "storage/postgres/connection.h"
#include "tests/server/durability/serve_child.h"
#include "tests/server/test_support.h"
#include "tests/support/own_cluster.h"
#include "tests/support/test_databases.h"

#include <chrono>
#include <cstdint>
#include <future>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace durability_test;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;

// A node of the cluster: more connections from 127.0.0.1 than the default allows (two a game,
// and their returns), no computer threads.
std::map<std::string, std::string> node_settings(const std::string& node) {
    return {{"CLUSTER", "true"},
            {"NODE", node},
            {"ENGINE_THREADS", "0"},
            {"MAX_CONNECTIONS_PER_IP", "1000"}};
}

// Polls the node's output until it holds `text` or `timeout` passes.
bool says(const ServeChild& node, const std::string& text, std::chrono::milliseconds timeout) {
    const auto end = Clock::now() + timeout;
    while (Clock::now() < end) {
        if (node.output().find(text) != std::string::npos)
            return true;
        std::this_thread::sleep_for(20ms);
    }
    return false;
}

// Two nodes of one cluster on the test's PostgreSQL schema, started and joined as epoch 1.
struct TwoNodes {
    storage_test::OnPostgres database;
    const test::SampleWeb sample;
    const std::string db = database.location();
    ServeChild a{db, sample.web, sample.dir.path() / "node-a.log", node_settings("node-a")};
    ServeChild b{db, sample.web, sample.dir.path() / "node-b.log", node_settings("node-b")};
    std::uint16_t port_a = 0;
    std::uint16_t port_b = 0;

    TwoNodes() {
        port_a = a.wait_listening(20s);
        port_b = b.wait_listening(20s);
        REQUIRE_MESSAGE(port_a != 0, a.output());
        REQUIRE_MESSAGE(port_b != 0, b.output());
        REQUIRE_MESSAGE(says(a, "node node-a epoch 1 joined the cluster", 20s), a.output());
        REQUIRE_MESSAGE(says(b, "node node-b epoch 1 joined the cluster", 20s), b.output());
    }

    // After every test: each game's stored moves are the moves its players were acknowledged.
    void check_stored(const std::vector<LiveGame>& games) const {
        auto by_code = stored_moves_by_code(db);
        for (const auto& game : games)
            if (!game.over())
                CHECK(by_code[game.code] == game.acknowledged());
    }
};

// Both players of `game` connect again to the node at `port` and White sits down again with
// `join` (docs/protocol.md §7.3): the table's whole state whether the node restored the game
// (versions jumped) or kept it (a resync from 0 would replay its events instead). The moves
// the server has.
std::vector<std::string> sit_down_again(LiveGame& game, std::uint16_t port) {
    game.white.come_back(port);
    game.black.come_back(port);
    const auto state = game.white.request({{"t", "join"}, {"code", game.code}});
    REQUIRE_MESSAGE(state.value("t", "") == "table", state.dump().substr(0, 300));
    REQUIRE_MESSAGE(state["state"].value("status", "") == "playing", state.dump().substr(0, 300));
    return state["state"]["moves"].get<std::vector<std::string>>();
}

} // namespace

TEST_CASE("serve --cluster: the owner of live games killed -9, the other node claims their "
          "tables, the players come back through it and play on, nothing acknowledged lost") {
    TwoNodes nodes;
    ServeChild& a = nodes.a;
    ServeChild& b = nodes.b;
    auto games = start_games(nodes.port_a, 10);
    std::uint64_t round = 0;
    play_rounds(games, round, 4);
    // Mid-round: a third of the moves answered, the rest in flight when node-a dies.
    play_round(games, round++, games.size() / 3);
    a.kill_hard();
    const auto killed = Clock::now();
    const auto acknowledged = moves_acknowledged(games);

    REQUIRE_MESSAGE(says(b, "claimed games restored", 15s), b.output());
    const auto restored_after =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed);
    MESSAGE("node-b restored node-a's games ", restored_after.count(), " ms after the kill");
    CHECK(b.output().find("play: 10 of 10 claimed games restored") != std::string::npos);
    {
        // Each game's outage is recorded, not to be charged to the player to move.
        auto connection = nodes.database.connect();
        const auto pauses = connection.run("SELECT count(*) FROM game_pauses");
        CHECK(pauses.text(0, 0) == "10");
    }

    int lost = 0;
    for (auto& game : games)
        lost += reconcile(game, game.come_back(nodes.port_b));
    CHECK_MESSAGE(lost == 0, lost, " acknowledged moves lost or moves nobody sent");
    CHECK(moves_acknowledged(games) >= acknowledged);
    play_rounds(games, round, 3); // and they play on, on node-b
    CHECK(b.stop(10s) == 0);

    nodes.check_stored(games); // every acknowledged move in the database, in order, once
}

TEST_CASE("serve --cluster: an owner hung past its lease is taken over, and when it runs again "
          "its stale move is refused, nothing of it stored, its connections closed with service "
          "restart, and it rejoins as a new incarnation") {
    TwoNodes nodes;
    ServeChild& a = nodes.a;
    ServeChild& b = nodes.b;
    auto games = start_games(nodes.port_a, 4);
    std::uint64_t round = 0;
    play_rounds(games, round, 3);
    // A connection on node-a that is in no game: it sees how node-a ends its sessions.
    Guest onlooker = Guest::connect(nodes.port_a);

    a.pause();
    const auto paused = Clock::now();
    // A move sent to the hung owner: node-a reads it only when it runs again, too late.
    games[0].send_move(round * 7919);
    REQUIRE_MESSAGE(says(b, "claimed games restored", 15s), b.output());
    const auto restored_after =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - paused);
    MESSAGE("node-b restored the hung node's games ", restored_after.count(), " ms after SIGSTOP");
    // The lease (5 s) and the next watch; the bound is 7 s, with room for a slow machine.
    CHECK(restored_after <= 10s);
    CHECK(b.output().find("play: 4 of 4 claimed games restored") != std::string::npos);

    // The players come back through node-b: the stale move is not there.
    const auto acknowledged_first = games[0].acknowledged();
    int lost = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto server = games[i].come_back(nodes.port_b);
        if (i == 0)
            CHECK(server == acknowledged_first);
        lost += reconcile(games[i], server);
    }
    CHECK(lost == 0);

    a.resume();
    const auto closed = onlooker.ws->wait_for_close(10s);
    REQUIRE(closed.has_value());
    CHECK(*closed == 1012); // service restart: the client reconnects
    CHECK_MESSAGE(says(a, "node node-a epoch 3 joined the cluster", 10s), a.output());
    CHECK(a.output().find("node node-a epoch 1 is fenced") != std::string::npos);

    play_rounds(games, round, 3); // the games go on, on node-b
    CHECK(b.stop(10s) == 0);
    CHECK(a.stop(10s) == 0);

    nodes.check_stored(games);
}

TEST_CASE("serve --cluster: SIGTERM on the owner of live games hands its tables to the other node "
          "between two moves before closing its connections, and the players play on there") {
    TwoNodes nodes;
    ServeChild& a = nodes.a;
    ServeChild& b = nodes.b;
    auto games = start_games(nodes.port_a, 6);
    std::uint64_t round = 0;
    play_rounds(games, round, 3);
    Guest onlooker = Guest::connect(nodes.port_a);
    // Half the moves answered, the rest on their way when SIGTERM comes: each is stored (and
    // found on node-b) or refused, never acknowledged and lost.
    play_round(games, round++, games.size() / 2);

    const auto stopping = Clock::now();
    auto exit_code = std::async(std::launch::async, [&a] { return a.stop(30s); });
    const auto closed = onlooker.ws->wait_for_close(20s);
    REQUIRE(closed.has_value());
    CHECK(*closed == 1001); // going away: the client reconnects
    MESSAGE("node-a's connections closed ",
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - stopping).count(),
            " ms after SIGTERM");
    // The tables were claimed before the connections closed, and node-b brings their games
    // back from the database a moment later (a resync meanwhile is asked again).
    CHECK_MESSAGE(says(b, "play: 6 of 6 claimed games restored", 10s), b.output());
    CHECK(exit_code.get() == std::optional<int>(0));
    const auto output = a.output();
    const auto handed = output.find("cluster: 6 tables handed over in");
    REQUIRE_MESSAGE(handed != std::string::npos, output);
    MESSAGE("node-a: ", output.substr(handed, output.find('\n', handed) - handed));
    {
        // The hand-over is not charged to the player to move either.
        auto connection = nodes.database.connect();
        CHECK(connection.run("SELECT count(*) FROM game_pauses").text(0, 0) == "6");
    }

    int lost = 0;
    for (auto& game : games)
        lost += reconcile(game, game.come_back(nodes.port_b));
    CHECK(lost == 0);
    play_rounds(games, round, 3);
    CHECK(b.stop(10s) == 0);

    nodes.check_stored(games);
}

TEST_CASE("serve --cluster: PostgreSQL crashed and back during play, with moves in flight: "
          "whichever node owns each table afterwards serves it, nothing acknowledged is lost, "
          "and the games go on") {
    test_db::OwnCluster pg; // halted under the nodes: not the other tests' shared cluster
    const test::SampleWeb sample;
    ServeChild a{pg.uri(), sample.web, sample.dir.path() / "node-a.log", node_settings("node-a")};
    ServeChild b{pg.uri(), sample.web, sample.dir.path() / "node-b.log", node_settings("node-b")};
    const std::map<std::string, std::uint16_t> ports{{"node-a", a.wait_listening(20s)},
                                                     {"node-b", b.wait_listening(20s)}};
    REQUIRE_MESSAGE(says(a, "node node-a epoch 1 joined the cluster", 20s), a.output());
    REQUIRE_MESSAGE(says(b, "node node-b epoch 1 joined the cluster", 20s), b.output());
    auto games = start_games(ports.at("node-a"), 6);
    std::uint64_t round = 0;
    play_rounds(games, round, 3);

    REQUIRE(pg.halt()); // as a crash: every session of both nodes ends, advisory locks too
    play_round(games, round++, 0);
    std::this_thread::sleep_for(500ms);
    REQUIRE(pg.resume());
    // The nodes reconnect; one whose lock was missing too long may have been taken over and
    // its tables claimed. A lease and a watch later, whatever the crash caused has happened;
    // then every table has a live owner, and a node that claimed tables has restored them.
    std::this_thread::sleep_for(7s);
    INFO("node-a: ", a.output());
    INFO("node-b: ", b.output());
    storage::postgres::Connection connection(pg.uri(), {});
    const auto live_owners = [&] {
        std::map<std::string, std::string> owners;
        const auto rows = connection.run(
            "SELECT lt.code, lt.owner FROM live_tables lt JOIN nodes n ON n.node_id = lt.owner "
            "AND n.epoch = lt.owner_epoch AND n.state = 'alive'");
        for (int i = 0; i < rows.rows(); ++i)
            owners[rows.text(i, 0)] = rows.text(i, 1);
        return owners;
    };
    const auto restored = [](const ServeChild& node) {
        const auto output = node.output();
        return output.find("cluster: claimed ") == std::string::npos ||
               output.find("claimed games restored") != std::string::npos;
    };
    const auto settled_by = Clock::now() + 15s;
    auto owners = live_owners();
    while ((owners.size() < games.size() || !restored(a) || !restored(b)) &&
           Clock::now() < settled_by) {
        std::this_thread::sleep_for(100ms);
        owners = live_owners();
    }
    int lost = 0;
    for (auto& game : games) {
        REQUIRE_MESSAGE(owners.count(game.code) == 1, "table ", game.code, " has no live owner");
        lost += reconcile(game, sit_down_again(game, ports.at(owners.at(game.code))));
    }
    CHECK(lost == 0);
    MESSAGE("after the crash: ", std::string(a.output().find("is fenced") != std::string::npos
                                                 ? "node-a was taken over, its tables claimed"
                                                 : "node-a kept its tables"));
    play_rounds(games, round, 3);
    CHECK(b.stop(10s) == 0);
    CHECK(a.stop(10s) == 0);

    auto by_code = stored_moves_by_code(pg.uri());
    for (const auto& game : games)
        if (!game.over())
            CHECK(by_code[game.code] == game.acknowledged());
}
