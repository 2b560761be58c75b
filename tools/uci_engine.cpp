#include "tools/uci_engine.h"

#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace tools {

using namespace std::chrono_literals;

UciEngine::UciEngine(const std::string& command,
                     const std::vector<std::pair<std::string, std::string>>& options) {
    int down[2];
    int up[2];
    if (pipe(down) != 0 || pipe(up) != 0)
        throw std::runtime_error("cannot create pipes for '" + command + "'");
    std::signal(SIGPIPE, SIG_IGN); // a dead engine must not kill the match
    pid_ = fork();
    if (pid_ < 0)
        throw std::runtime_error("cannot start '" + command + "'");
    if (pid_ == 0) {
        dup2(down[0], STDIN_FILENO);
        dup2(up[1], STDOUT_FILENO);
        close(down[0]);
        close(down[1]);
        close(up[0]);
        close(up[1]);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(down[0]);
    close(up[1]);
    to_child_ = down[1];
    from_child_ = up[0];
    send("uci");
    if (!wait_for("uciok", 10s))
        throw std::runtime_error("'" + command + "' did not answer uci with uciok");
    for (const auto& [name, value] : options)
        send("setoption name " + name + " value " + value);
    send("isready");
    if (!wait_for("readyok", 10s))
        throw std::runtime_error("'" + command + "' did not answer isready");
}

UciEngine::~UciEngine() {
    send("quit");
    close(to_child_);
    close(from_child_);
    if (pid_ > 0)
        waitpid(pid_, nullptr, 0);
}

void UciEngine::new_game() {
    send("ucinewgame");
    send("isready");
    (void)wait_for("readyok", 10s);
}

std::optional<std::string> UciEngine::best_move(const std::string& start_fen,
                                                const std::vector<std::string>& moves,
                                                std::chrono::milliseconds movetime) {
    std::string position = start_fen.empty() ? "position startpos" : "position fen " + start_fen;
    if (!moves.empty()) {
        position += " moves";
        for (const auto& m : moves)
            position += " " + m;
    }
    send(position);
    send("go movetime " + std::to_string(movetime.count()));
    const auto line = wait_for("bestmove", movetime + 10s);
    if (!line)
        return std::nullopt;
    const auto start = line->find_first_not_of(' ', 8);
    if (start == std::string::npos)
        return std::nullopt;
    return line->substr(start, line->find(' ', start) - start);
}

void UciEngine::send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = write(to_child_, text.data() + written, text.size() - written);
        if (n <= 0)
            return;
        written += static_cast<std::size_t>(n);
    }
}

std::optional<std::string> UciEngine::wait_for(const std::string& prefix,
                                               std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        for (auto end = buffer_.find('\n'); end != std::string::npos; end = buffer_.find('\n')) {
            std::string line = buffer_.substr(0, end);
            buffer_.erase(0, end + 1);
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            if (line.starts_with(prefix))
                return line;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left <= 0ms)
            return std::nullopt;
        pollfd p{from_child_, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0)
            return std::nullopt;
        char chunk[4096];
        const ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n <= 0)
            return std::nullopt;
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

} // namespace tools
