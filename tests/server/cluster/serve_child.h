#pragma once
// A child `tabula serve ...` (the binary TABULA_BINARY) for the cluster's process tests, its
// stdout and stderr on one pipe, killed with SIGKILL if still running when destroyed. Every
// wait is bounded.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace cluster_test {

class ServeChild {
public:
    explicit ServeChild(std::vector<std::string> args);
    ~ServeChild();
    ServeChild(const ServeChild&) = delete;
    ServeChild& operator=(const ServeChild&) = delete;

    // Reads the output until `needle` shows up (true) or `timeout` passes.
    bool wait_for_output(const std::string& needle, std::chrono::milliseconds timeout);
    // The exit code once the process ended within `timeout` (128 + signal when killed).
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);
    // The port of "listening on http://127.0.0.1:PORT" in the output read so far; 0 if none.
    std::uint16_t listening_port() const;
    void signal(int number) const;
    const std::string& output() const { return output_; }

private:
    pid_t pid_ = -1;
    int output_fd_ = -1;
    std::string output_;
    std::optional<int> exit_code_;
};

} // namespace cluster_test
