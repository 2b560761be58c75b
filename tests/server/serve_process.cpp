#include "tests/server/serve_process.h"

#include <csignal>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace test {

ServeProcess::ServeProcess(const std::string& binary, std::vector<std::string> args,
                           rlim_t descriptors) {
    int fds[2];
    if (pipe(fds) != 0)
        throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0)
        throw std::runtime_error("fork failed");
    if (pid_ == 0) {
        dup2(fds[1], STDERR_FILENO);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        if (descriptors != 0) {
            const rlimit limit{descriptors, descriptors};
            setrlimit(RLIMIT_NOFILE, &limit);
        }
        std::vector<char*> argv{const_cast<char*>(binary.c_str()), const_cast<char*>("serve")};
        for (auto& arg : args)
            argv.push_back(arg.data());
        argv.push_back(nullptr);
        execv(binary.c_str(), argv.data());
        _exit(127);
    }
    close(fds[1]);
    output_fd_ = fds[0];
}

ServeProcess::~ServeProcess() {
    if (pid_ > 0 && !exit_code_) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    close(output_fd_);
}

bool ServeProcess::wait_for_output(const std::string& needle, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (output_.find(needle) == std::string::npos) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            return false;
        pollfd p{output_fd_, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0)
            return false;
        char chunk[512];
        const auto n = read(output_fd_, chunk, sizeof chunk);
        if (n <= 0)
            return output_.find(needle) != std::string::npos;
        output_.append(chunk, static_cast<std::size_t>(n));
    }
    return true;
}

std::optional<int> ServeProcess::wait_exit(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            wait_for_output("\x01", std::chrono::milliseconds(200)); // drain what is left
            return exit_code_;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return std::nullopt;
}

std::uint16_t ServeProcess::listening_port() const {
    const std::string marker = "listening on http://127.0.0.1:";
    const auto at = output_.find(marker);
    if (at == std::string::npos)
        return 0;
    return static_cast<std::uint16_t>(std::stoi(output_.substr(at + marker.size())));
}

void ServeProcess::signal(int number) const {
    kill(pid_, number);
}

} // namespace test
