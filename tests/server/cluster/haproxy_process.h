#pragma once
// Debian's haproxy as a child process of a test, running the repository's own configuration,
// docker/haproxy/haproxy.cfg, the file docker/compose.cluster.yaml mounts: unchanged, with the
// addresses it reads from the environment (TABULA_HAPROXY_BIND, TABULA_NODE1..3) set to
// 127.0.0.1 and the test's ports. In the foreground (-db), its output (the log, and a line per
// server marked up or down) in a file in a temporary folder of its own; SIGTERM when destroyed,
// then SIGKILL if it is still there after 5 s. Every wait is bounded.

#include "tests/server/test_support.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace cluster_test {

// The haproxy program: on the PATH, else /usr/sbin/haproxy; empty when there is none.
std::string find_haproxy();

// A port on 127.0.0.1 that was free a moment ago (bound to 0, read, closed).
std::uint16_t free_loopback_port();

// The repository's configuration, docker/haproxy/haproxy.cfg.
std::filesystem::path haproxy_config();

class HaproxyProcess {
public:
    // Starts `binary` on haproxy_config(), listening on 127.0.0.1:`port`, with node i + 1 at
    // 127.0.0.1:nodes[i] (TABULA_NODE1, TABULA_NODE2, ...). Throws std::runtime_error when it
    // cannot start the child.
    HaproxyProcess(const std::string& binary, std::uint16_t port,
                   const std::vector<std::uint16_t>& nodes);
    ~HaproxyProcess();
    HaproxyProcess(const HaproxyProcess&) = delete;
    HaproxyProcess& operator=(const HaproxyProcess&) = delete;

    std::uint16_t port() const { return port_; }
    // Reads the log until `needle` shows up (true) or `timeout` passes.
    bool wait_for_log(const std::string& needle, std::chrono::milliseconds timeout) const;
    // Everything haproxy wrote so far.
    std::string log() const;
    // Whether the process still runs.
    bool running();
    // SIGTERM, then the exit code once it ended within `timeout` (128 + signal when killed).
    std::optional<int> stop(std::chrono::milliseconds timeout);

private:
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);

    test::TempDir dir_;
    std::uint16_t port_;
    pid_t pid_ = -1;
    std::optional<int> exit_code_;
};

} // namespace cluster_test
