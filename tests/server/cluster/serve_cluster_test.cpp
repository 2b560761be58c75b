// `tabula serve --cluster` as child processes on the PostgreSQL of CTest's fixture "postgres"
// (a schema of the test's own): two nodes register and show their ids in /metrics; one killed
// with SIGKILL is taken over by the other within the lease and a margin; one hung (SIGSTOP) is
// taken over after its lease and, woken, is fenced and joins again; a clean stop leaves;
// --cluster with a SQLite database refuses to start. 127.0.0.1, free ports, bounded waits.
#include "tests/server/cluster/cluster_nodes.h"
#include "tests/server/serve_process.h"
#include "tests/server/test_support.h"
#include "tests/storage/backends.h"

#include <chrono>
#include <csignal>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include <doctest/doctest.h>

using namespace std::chrono_literals;
using cluster_test::joined_node;
using cluster_test::metrics_of;
using cluster_test::metrics_show;
using cluster_test::serve_args;
using test::ServeProcess;

namespace {

std::string node_state(const storage_test::OnPostgres& db, const std::string& node) {
    auto connection = db.connect();
    const auto r = connection.run("SELECT state FROM nodes WHERE node_id = $1",
                                  storage::postgres::Params().add(node));
    return r.rows() == 1 ? r.text(0, 0) : "";
}

} // namespace

TEST_CASE("serve --cluster: two nodes register, a node killed is taken over within the lease, "
          "a clean stop leaves") {
    storage_test::OnPostgres db;
    const test::SampleWeb sample;
    const auto node_a = joined_node(db.location(), sample, "node-a");
    const auto node_b = joined_node(db.location(), sample, "node-b");
    ServeProcess& a = *node_a;
    ServeProcess& b = *node_b;
    const auto port_a = a.listening_port();
    const auto port_b = b.listening_port();

    const auto text_a = metrics_of(port_a);
    const auto text_b = metrics_of(port_b);
    CHECK(text_a.find("tabula_cluster_node{node=\"node-a\"} 1") != std::string::npos);
    CHECK(text_b.find("tabula_cluster_node{node=\"node-b\"} 1") != std::string::npos);
    CHECK(text_a.find("node-b") == std::string::npos);
    CHECK(text_a.find("tabula_cluster_epoch 1\n") != std::string::npos);
    CHECK(text_a.find("tabula_cluster_takeovers_total 0\n") != std::string::npos);
    CHECK(node_state(db, "node-a") == "alive");
    CHECK(node_state(db, "node-b") == "alive");

    // b dies; its session goes with it, so a sees it dead once it last renewed 1 s ago, and
    // at the latest when its 5 s lease ends.
    const auto killed = std::chrono::steady_clock::now();
    b.signal(SIGKILL);
    REQUIRE(b.wait_exit(5s).has_value());
    const bool taken = metrics_show(port_a, "tabula_cluster_takeovers_total 1\n", 5s + 5s);
    const auto took = std::chrono::steady_clock::now() - killed;
    CHECK(taken);
    MESSAGE("SIGKILL to takeover: ",
            std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), " ms");
    CHECK(node_state(db, "node-b") == "dead");
    CHECK(a.wait_for_output("took over the dead node node-b", 2s));

    a.signal(SIGTERM);
    CHECK(a.wait_exit(10s) == 0);
    CHECK(node_state(db, "node-a") == "left");
}

TEST_CASE("serve --cluster: a hung node is taken over after its lease, and when it wakes up it "
          "is fenced and joins again as a new incarnation") {
    storage_test::OnPostgres db;
    const test::SampleWeb sample;
    const auto node_a = joined_node(db.location(), sample, "node-a");
    const auto node_b = joined_node(db.location(), sample, "node-b");
    ServeProcess& a = *node_a;
    ServeProcess& b = *node_b;
    const auto port_a = a.listening_port();
    const auto port_b = b.listening_port();

    // b hangs: its session stays, so only its 5 s lease ends it.
    const auto stopped = std::chrono::steady_clock::now();
    b.signal(SIGSTOP);
    const bool taken = metrics_show(port_a, "tabula_cluster_takeovers_total 1\n", 5s + 5s);
    const auto took = std::chrono::steady_clock::now() - stopped;
    CHECK(taken);
    CHECK(took >= 3s); // not before its lease (renewed at most about 1 s before the stop)
    MESSAGE("SIGSTOP to takeover: ",
            std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), " ms");

    b.signal(SIGCONT);
    CHECK(b.wait_for_output("node node-b epoch 3 joined the cluster", 10s));
    CHECK(b.output().find("node node-b epoch 1 is fenced (taken over by another node)") !=
          std::string::npos);
    const auto text_b = metrics_of(port_b);
    CHECK(text_b.find("tabula_cluster_epoch 3\n") != std::string::npos);
    CHECK(text_b.find("tabula_cluster_incarnations_total 2\n") != std::string::npos);
    CHECK(node_state(db, "node-b") == "alive");
    // Nobody takes the new incarnation over: it renews.
    std::this_thread::sleep_for(1500ms);
    CHECK(metrics_of(port_a).find("tabula_cluster_takeovers_total 1\n") != std::string::npos);

    b.signal(SIGTERM);
    a.signal(SIGTERM);
    CHECK(b.wait_exit(10s) == 0);
    CHECK(a.wait_exit(10s) == 0);
}

TEST_CASE("serve --cluster: a SQLite database refuses to start, saying why") {
    const test::SampleWeb sample;
    const auto db = (sample.dir.path() / "tabula.db").string();
    ServeProcess serve(TABULA_BINARY, serve_args(db, sample, "node-a"));
    CHECK(serve.wait_exit(10s) == 1);
    CHECK(serve.output().find("cluster: the nodes of a cluster share a PostgreSQL database: db "
                              "must be a postgresql:// URI") != std::string::npos);
    CHECK(!std::filesystem::exists(db));
}
