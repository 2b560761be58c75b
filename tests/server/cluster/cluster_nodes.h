#pragma once
// What the tests of `tabula serve --cluster` as child processes share (serve_cluster_test.cpp,
// haproxy_test.cpp): the arguments of a node on 127.0.0.1 with a free port, a node started and
// joined, and its /metrics. The binary is TABULA_BINARY (tests/server/cluster/CMakeLists.txt).

#include "tests/server/serve_process.h"
#include "tests/server/test_support.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cluster_test {

// `serve` arguments of a node named `node` on database `db`: 127.0.0.1, port 0, two threads,
// no computer opponent, --cluster.
std::vector<std::string> serve_args(const std::string& db, const test::SampleWeb& sample,
                                    const std::string& node);

// A node started and joined as epoch 1 (its log says so within 20 s, else the test fails),
// with `extra` arguments after serve_args ("--trusted-proxies", "127.0.0.1").
std::unique_ptr<test::ServeProcess> joined_node(const std::string& db,
                                                const test::SampleWeb& sample,
                                                const std::string& node,
                                                const std::vector<std::string>& extra = {});

// GET /metrics of the node on `port`.
std::string metrics_of(std::uint16_t port);

// Polls /metrics on `port` until it holds `line` or `timeout` passes.
bool metrics_show(std::uint16_t port, const std::string& line, std::chrono::milliseconds timeout);

} // namespace cluster_test
