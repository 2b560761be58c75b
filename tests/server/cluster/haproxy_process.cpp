#include "tests/server/cluster/haproxy_process.h"

#include <arpa/inet.h>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <netinet/in.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace cluster_test {

using namespace std::chrono_literals;

std::string find_haproxy() {
    if (const char* path = std::getenv("PATH")) {
        std::istringstream folders(path);
        std::string folder;
        while (std::getline(folders, folder, ':')) {
            const auto candidate = std::filesystem::path(folder.empty() ? "." : folder) / "haproxy";
            if (access(candidate.c_str(), X_OK) == 0)
                return candidate.string();
        }
    }
    return access("/usr/sbin/haproxy", X_OK) == 0 ? "/usr/sbin/haproxy" : "";
}

std::uint16_t free_loopback_port() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        throw std::runtime_error("socket failed");
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    close(fd);
    if (!ok)
        throw std::runtime_error("no free port on 127.0.0.1");
    return ntohs(address.sin_port);
}

std::filesystem::path haproxy_config() {
    return std::filesystem::path(TABULA_SOURCE_DIR) / "docker" / "haproxy" / "haproxy.cfg";
}

HaproxyProcess::HaproxyProcess(const std::string& binary, std::uint16_t port,
                               const std::vector<std::uint16_t>& nodes)
    : port_(port) {
    // Everything the child needs is made before fork: after it, only exec-safe calls.
    std::vector<std::string> variables;
    for (char** entry = environ; *entry != nullptr; ++entry)
        variables.emplace_back(*entry);
    variables.push_back("TABULA_HAPROXY_BIND=127.0.0.1:" + std::to_string(port));
    for (std::size_t i = 0; i < nodes.size(); ++i)
        variables.push_back("TABULA_NODE" + std::to_string(i + 1) +
                            "=127.0.0.1:" + std::to_string(nodes[i]));
    std::vector<char*> envp;
    for (auto& variable : variables)
        envp.push_back(variable.data());
    envp.push_back(nullptr);
    std::string config = haproxy_config().string();
    std::string program = binary;
    std::string foreground = "-db";
    std::string file_flag = "-f";
    std::vector<char*> argv{program.data(), foreground.data(), file_flag.data(), config.data(),
                            nullptr};
    const auto log_path = (dir_.path() / "haproxy.log").string();
    const int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (log_fd < 0)
        throw std::runtime_error("cannot create " + log_path);

    pid_ = fork();
    if (pid_ < 0) {
        close(log_fd);
        throw std::runtime_error("fork failed");
    }
    if (pid_ == 0) {
        dup2(log_fd, STDOUT_FILENO);
        dup2(log_fd, STDERR_FILENO);
        if (chdir(dir_.path().c_str()) != 0)
            _exit(126);
        execve(program.c_str(), argv.data(), envp.data());
        _exit(127);
    }
    close(log_fd);
}

HaproxyProcess::~HaproxyProcess() {
    if (pid_ > 0 && !exit_code_ && !stop(5s)) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
}

std::string HaproxyProcess::log() const {
    std::ifstream in(dir_.path() / "haproxy.log");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool HaproxyProcess::wait_for_log(const std::string& needle,
                                  std::chrono::milliseconds timeout) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (log().find(needle) == std::string::npos) {
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(20ms);
    }
    return true;
}

bool HaproxyProcess::running() {
    return !exit_code_ && !wait_exit(0ms);
}

std::optional<int> HaproxyProcess::wait_exit(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            return exit_code_;
        }
        if (std::chrono::steady_clock::now() >= deadline)
            return std::nullopt;
        std::this_thread::sleep_for(10ms);
    }
}

std::optional<int> HaproxyProcess::stop(std::chrono::milliseconds timeout) {
    if (exit_code_)
        return exit_code_;
    kill(pid_, SIGTERM);
    return wait_exit(timeout);
}

} // namespace cluster_test
