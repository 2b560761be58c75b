// Debian's haproxy, running the repository's docker/haproxy/haproxy.cfg (the file
// docker/compose.cluster.yaml mounts) unchanged, in front of three `tabula serve --cluster`
// nodes on the PostgreSQL of CTest's fixture "postgres": /healthz and WebSockets reach the nodes
// through it, `balance leastconn` puts three held WebSockets on three nodes, and after SIGKILL of
// one node its players' tunnels close, its health check marks it down within `fall 2` checks of
// `inter 1s`, and new connections through haproxy still reach a live node, before and after the
// mark. A node that trusts haproxy (trusted_proxies) counts each client by the address haproxy
// forwards (option forwardfor): clients from 127.0.0.2 and 127.0.0.3 are held to one
// WebSocket each. 127.0.0.1, free ports, bounded waits. Without haproxy the test says so and
// stops, unless CI is set: there scripts/install-deps.sh --test has installed it, so its
// absence fails.
#include "tests/server/cluster/cluster_nodes.h"
#include "tests/server/cluster/haproxy_process.h"
#include "tests/server/serve_process.h"
#include "tests/server/test_support.h"
#include "tests/server/ws_test_client.h"
#include "tests/storage/backends.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

using namespace std::chrono_literals;
using cluster_test::HaproxyProcess;
using cluster_test::joined_node;
using cluster_test::metrics_of;
using cluster_test::metrics_show;
using test::ServeProcess;

namespace {

// The type of the first message a WebSocket through `port` receives ("hello"), or what went
// wrong.
std::string first_message_through(std::uint16_t port) {
    try {
        test::WsTestClient client{test::WsOptions(port)};
        return client.read_json().value("t", "");
    } catch (const std::exception& e) {
        return std::string("failed: ") + e.what();
    }
}

// Whether GET /healthz on `port` answers 200 (false while nothing listens there yet).
bool answers_healthz(std::uint16_t port) {
    try {
        return test::http_request(port, "GET", "/healthz").status == 200;
    } catch (const std::exception&) {
        return false;
    }
}

// haproxy on a free port, once /healthz answers through it (within 10 s). A port taken between
// picking and binding makes haproxy exit; then another is tried.
std::unique_ptr<HaproxyProcess> started_haproxy(const std::string& binary,
                                                const std::vector<std::uint16_t>& nodes) {
    for (int attempt = 0; attempt < 3; ++attempt) {
        auto proxy =
            std::make_unique<HaproxyProcess>(binary, cluster_test::free_loopback_port(), nodes);
        const auto deadline = std::chrono::steady_clock::now() + 10s;
        while (proxy->running() && std::chrono::steady_clock::now() < deadline) {
            if (answers_healthz(proxy->port()))
                return proxy;
            std::this_thread::sleep_for(50ms);
        }
        if (proxy->running() || proxy->log().find("cannot bind") == std::string::npos)
            FAIL("haproxy did not answer /healthz within 10 s; its log:\n" << proxy->log());
    }
    FAIL("haproxy found no free port in 3 attempts");
    return nullptr;
}

std::int64_t milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
}

} // namespace

TEST_CASE("haproxy: the repository's haproxy.cfg in front of three serve --cluster nodes serves "
          "/healthz and WebSockets, spreads them by connections, and routes round a killed "
          "node") {
    const auto binary = cluster_test::find_haproxy();
    if (binary.empty()) {
        if (std::getenv("CI") != nullptr)
            FAIL("no haproxy on the PATH or in /usr/sbin, and CI is set "
                 "(scripts/install-deps.sh --test installs Debian's haproxy)");
        MESSAGE("no haproxy on the PATH or in /usr/sbin: test not run "
                "(scripts/install-deps.sh --test installs Debian's haproxy)");
        return;
    }
    storage_test::OnPostgres db;
    const test::SampleWeb sample;
    // node1..node3, as in docker/compose.cluster.yaml: node i + 1 is haproxy's server node<i+1>.
    std::vector<std::unique_ptr<ServeProcess>> nodes;
    std::vector<std::uint16_t> ports;
    for (const char* name : {"node1", "node2", "node3"}) {
        nodes.push_back(joined_node(db.location(), sample, name));
        ports.push_back(nodes.back()->listening_port());
        REQUIRE(ports.back() != 0);
    }
    const auto proxy = started_haproxy(binary, ports);
    const auto port = proxy->port();

    const auto health = test::http_request(port, "GET", "/healthz");
    CHECK(health.status == 200);
    CHECK(health.body.find("\"ok\"") != std::string::npos);
    // /metrics stays on each node's own address: through haproxy it is refused.
    CHECK(test::http_request(port, "GET", "/metrics").status == 403);

    // Three WebSockets held open, each upgraded through haproxy and greeted by a node; by
    // connection count (leastconn), one on each node.
    std::vector<std::unique_ptr<test::WsTestClient>> players;
    for (int i = 0; i < 3; ++i) {
        players.push_back(std::make_unique<test::WsTestClient>(test::WsOptions(port)));
        CHECK(players.back()->read_json()["t"] == "hello");
    }
    for (const auto node_port : ports)
        CHECK_MESSAGE(metrics_show(node_port, "\ntabula_connections 1\n", 5s),
                      "a node without exactly one of the three WebSockets:\n"
                          << metrics_of(node_port));

    // HAProxy starts each server up with the health of `rise` checks, where a single failure
    // marks it down; each passed check adds one, up to rise + fall - 1, where it takes `fall`
    // failures. The kill waits for that steady state: two passed checks, one second apart.
    std::this_thread::sleep_for(2500ms);

    // node2 dies.
    const auto killed = std::chrono::steady_clock::now();
    nodes[1]->signal(SIGKILL);
    REQUIRE(nodes[1]->wait_exit(5s).has_value());

    // Before the health check has noticed, a new connection that haproxy sends to node2 is
    // refused there and dispatched again to another node (retries, option redispatch).
    for (int i = 0; i < 3; ++i)
        CHECK(first_message_through(port) == "hello");
    CHECK(proxy->log().find("nodes/node2 is DOWN") == std::string::npos); // still up for HAProxy

    // The check marks node2 down within fall 2 x inter 1 s (and a margin for a loaded machine).
    const bool down = proxy->wait_for_log("Server nodes/node2 is DOWN", 2s + 3s);
    const auto down_after = milliseconds_since(killed);
    CHECK_MESSAGE(down, "haproxy's log:\n" << proxy->log());
    MESSAGE("SIGKILL of node2 to haproxy marking it down: ", down_after, " ms");
    CHECK(proxy->log().find("nodes/node1 is DOWN") == std::string::npos);
    CHECK(proxy->log().find("nodes/node3 is DOWN") == std::string::npos);

    // The player whose tunnel went to node2 lost it; the other two still play.
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    auto open_count = [&players] {
        int open = 0;
        for (const auto& player : players)
            open += player->is_open() ? 1 : 0;
        return open;
    };
    while (open_count() > 2 && std::chrono::steady_clock::now() < deadline)
        for (const auto& player : players)
            (void)player->read_text(50ms);
    CHECK(open_count() == 2);
    for (const auto& player : players) {
        if (!player->is_open())
            continue;
        player->send_text(R"({"t":"ping","id":7})");
        std::optional<std::string> answer;
        while ((answer = player->read_text(5s)) && answer->find("\"pong\"") == std::string::npos) {
        }
        CHECK(answer.has_value());
    }

    // After the mark, new connections go to the live nodes.
    CHECK(test::http_request(port, "GET", "/healthz").status == 200);
    for (int i = 0; i < 4; ++i)
        CHECK(first_message_through(port) == "hello");
    MESSAGE("SIGKILL to the last check: ", milliseconds_since(killed), " ms");

    players.clear();
    CHECK(proxy->stop(5s).has_value());
    for (const auto index : {0, 2}) {
        nodes[static_cast<std::size_t>(index)]->signal(SIGTERM);
        CHECK(nodes[static_cast<std::size_t>(index)]->wait_exit(10s) == 0);
    }
}

namespace {

// A WebSocket through `port` from the local address `from`: its hello read, or the HTTP status
// it was refused with (0 for another failure).
int upgrade_status_from(std::uint16_t port, const std::string& from,
                        std::vector<std::unique_ptr<test::WsTestClient>>& held) {
    try {
        auto client =
            std::make_unique<test::WsTestClient>(test::WsOptions(port).from_address(from));
        if (client->read_json()["t"] != "hello")
            return 0;
        held.push_back(std::move(client));
        return 101;
    } catch (const test::UpgradeRefused& refused) {
        return refused.status;
    } catch (const std::exception&) {
        return 0;
    }
}

} // namespace

TEST_CASE("haproxy: a node that trusts haproxy counts each client by the address haproxy "
          "forwards") {
    const auto binary = cluster_test::find_haproxy();
    if (binary.empty()) {
        if (std::getenv("CI") != nullptr)
            FAIL("no haproxy on the PATH or in /usr/sbin, and CI is set "
                 "(scripts/install-deps.sh --test installs Debian's haproxy)");
        MESSAGE("no haproxy on the PATH or in /usr/sbin: test not run "
                "(scripts/install-deps.sh --test installs Debian's haproxy)");
        return;
    }
    storage_test::OnPostgres db;
    const test::SampleWeb sample;
    // One node behind all three server lines, trusting haproxy (127.0.0.1), one WebSocket per
    // address. The clients connect to haproxy from other loopback addresses, which haproxy
    // forwards (option forwardfor): without it, or without the trust, every client would be
    // 127.0.0.1 and the second WebSocket would be refused.
    const auto node =
        joined_node(db.location(), sample, "node1",
                    {"--trusted-proxies", "127.0.0.1", "--max-connections-per-ip", "1"});
    const auto node_port = node->listening_port();
    REQUIRE(node_port != 0);
    const auto proxy = started_haproxy(binary, {node_port, node_port, node_port});
    const auto port = proxy->port();

    std::vector<std::unique_ptr<test::WsTestClient>> held;
    CHECK(upgrade_status_from(port, "127.0.0.2", held) == 101);
    CHECK(upgrade_status_from(port, "127.0.0.3", held) == 101);
    // A second from 127.0.0.2 is over its cap: the node refuses it, through haproxy.
    CHECK(upgrade_status_from(port, "127.0.0.2", held) == 503);
    CHECK(metrics_show(node_port, "\ntabula_connections 2\n", 5s));

    held.clear();
    CHECK(proxy->stop(5s).has_value());
    node->signal(SIGTERM);
    CHECK(node->wait_exit(10s) == 0);
}
