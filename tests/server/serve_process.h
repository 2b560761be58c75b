#pragma once
// A child `tabula serve ...` for the tests that run the real binary: its stdout and stderr on
// one pipe that the test reads, killed with SIGKILL if still running when destroyed. Every wait
// is bounded. (The durability tests' ServeChild writes to a log file instead: a busy server
// must never block on a pipe nobody reads.)

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <vector>

namespace test {

class ServeProcess {
public:
    // Runs `binary serve args...`; `descriptors`: the child's open-file limit, soft and hard
    // (0: as the test's). Throws std::runtime_error when it cannot start the child.
    ServeProcess(const std::string& binary, std::vector<std::string> args,
                 rlim_t descriptors = 0);
    ~ServeProcess();
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

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

} // namespace test
