#pragma once
// A UCI chess engine (Stockfish, for one) as a child process talking through pipes, for the
// `tabula match` command: uci, setoption, isready, position ... moves ..., go movetime.
// Protocol: "Description of the universal chess interface (UCI)", Kahlen and Huber, 2004.

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tools {

class UciEngine {
public:
    // Starts `command` through /bin/sh and completes the handshake with `options` (name,
    // value). Throws std::runtime_error with the reason when the engine does not answer.
    UciEngine(const std::string& command,
              const std::vector<std::pair<std::string, std::string>>& options);
    ~UciEngine(); // sends quit, closes the pipes, waits for the child
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    void new_game();
    // The engine's move in UCI notation after `moves` from `start_fen` ("" = start position);
    // nullopt when it answers nothing useful within movetime plus a grace period.
    std::optional<std::string> best_move(const std::string& start_fen,
                                         const std::vector<std::string>& moves,
                                         std::chrono::milliseconds movetime);

private:
    void send(const std::string& line);
    // Reads lines until one starts with `prefix`; nullopt on end of file or timeout.
    std::optional<std::string> wait_for(const std::string& prefix,
                                        std::chrono::milliseconds timeout);

    int pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
};

} // namespace tools
