// The membership's runner (server/cluster/membership_runner.h) over MemoryClusterStore with the
// real clock: it registers on start, reports on the executor given, renews on its own thread,
// and leaves on stop; a registration that fails stops the start. Only bounds on waits, no speed.
// Also the figures in the /metrics text (server/observability/prometheus_text.h).
#include "server/cluster/membership_runner.h"
#include "server/observability/prometheus_text.h"
#include "server/startup_error.h"
#include "tests/server/cluster/bus_test_support.h"
#include "tests/server/cluster/membership_test_support.h"

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include <doctest/doctest.h>

using namespace std::chrono_literals;

namespace {

storage::TimePoint wall_now() {
    return std::chrono::time_point_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now());
}

} // namespace

TEST_CASE("membership runner: registers at start, renews on its thread, reports on the executor "
          "and leaves on stop") {
    auto shared = std::make_shared<storage::MemoryCluster>();
    cluster_test::IoThread io;
    cluster_test::Queue<server::cluster::MembershipReport> reports;
    std::thread::id reported_on;
    auto options = cluster_test::ManualCluster::options("a");
    options.renew_every = 20ms;
    server::cluster::MembershipRunner runner(
        options,
        [shared] { return std::make_unique<storage::MemoryClusterStore>(shared, wall_now); },
        io.executor(),
        [&](const server::cluster::MembershipReport& report) {
            reported_on = std::this_thread::get_id();
            reports.push(report);
        },
        5ms);
    CHECK(runner.figures().epoch == 0);
    runner.start("127.0.0.1:1234");
    CHECK(runner.figures().epoch == 1);
    CHECK(runner.figures().incarnations == 1);
    const auto joined = reports.take();
    REQUIRE(joined.has_value());
    REQUIRE(joined->joined.has_value());
    CHECK(joined->joined->epoch == 1);
    CHECK(reported_on == io.id());

    storage::MemoryClusterStore observer(shared, wall_now);
    const auto first = observer.nodes().at(0).renewed_at;
    CHECK(observer.nodes().at(0).address == "127.0.0.1:1234");
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (observer.nodes().at(0).renewed_at == first &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(5ms);
    CHECK(observer.nodes().at(0).renewed_at > first);

    runner.stop();
    CHECK(observer.nodes().at(0).state == "left");
    runner.stop(); // twice is fine
}

TEST_CASE("membership runner: a registration that fails stops the start with its cause") {
    auto shared = std::make_shared<storage::MemoryCluster>();
    cluster_test::IoThread io;
    server::cluster::MembershipRunner runner(cluster_test::ManualCluster::options("a"),
                                             []() -> std::unique_ptr<storage::ClusterStore> {
                                                 throw storage::StorageError("connection refused");
                                             },
                                             io.executor(), {});
    try {
        runner.start("127.0.0.1:1");
        FAIL("start did not throw");
    } catch (const server::StartupError& e) {
        const std::string message = e.what();
        CHECK(message.find("node a cannot register") != std::string::npos);
        CHECK(message.find("connection refused") != std::string::npos);
    }
    runner.stop();
}

TEST_CASE("membership figures: /metrics shows the node, its epoch and its counters") {
    const server::observability::Metrics metrics;
    server::observability::NodeFigures node;
    node.node_id = "node-1";
    node.epoch = 4;
    node.incarnations = 2;
    node.takeovers = 3;
    node.tables_claimed = 7;
    node.renewals_failed = 5;
    node.at_risk = true;
    const auto text = server::observability::prometheus_text(
        metrics, {.connections = 0, .resident_bytes = {}}, node);
    for (const char* line :
         {"tabula_cluster_node{node=\"node-1\"} 1\n", "tabula_cluster_epoch 4\n",
          "tabula_cluster_incarnations_total 2\n", "tabula_cluster_takeovers_total 3\n",
          "tabula_cluster_tables_claimed_total 7\n",
          "tabula_cluster_lease_renewals_failed_total 5\n", "tabula_cluster_lease_at_risk 1\n",
          "# TYPE tabula_cluster_takeovers_total counter\n"})
        CHECK(text.find(line) != std::string::npos);
    const auto single =
        server::observability::prometheus_text(metrics, {.connections = 0, .resident_bytes = {}});
    CHECK(single.find("tabula_cluster") == std::string::npos);
}
