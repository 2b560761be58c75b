#include "tests/server/cluster/cluster_nodes.h"

#include <thread>

#include <doctest/doctest.h>

namespace cluster_test {

using namespace std::chrono_literals;

std::vector<std::string> serve_args(const std::string& db, const test::SampleWeb& sample,
                                    const std::string& node) {
    return {"--port",    "0",
            "--bind",    "127.0.0.1",
            "--db",      db,
            "--web",     sample.web.string(),
            "--threads", "2",
            "--cluster", "--node",
            node,        "--engine-threads",
            "0"};
}

std::unique_ptr<test::ServeProcess> joined_node(const std::string& db,
                                                const test::SampleWeb& sample,
                                                const std::string& node,
                                                const std::vector<std::string>& extra) {
    auto args = serve_args(db, sample, node);
    args.insert(args.end(), extra.begin(), extra.end());
    auto serve = std::make_unique<test::ServeProcess>(TABULA_BINARY, args);
    REQUIRE(serve->wait_for_output("node " + node + " epoch 1 joined the cluster", 20s));
    return serve;
}

std::string metrics_of(std::uint16_t port) {
    return test::http_request(port, "GET", "/metrics").body;
}

bool metrics_show(std::uint16_t port, const std::string& line, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (metrics_of(port).find(line) != std::string::npos)
            return true;
        std::this_thread::sleep_for(100ms);
    }
    return false;
}

} // namespace cluster_test
