#pragma once
// The real `tabula serve` as a child process for the durability tests, and guests that play
// chess against each other on it over WebSockets, with a bounded wait on every answer.
//
// The child listens on 127.0.0.1 on a port of its own choosing (--port 0), writes what it says
// to a log file (never a pipe the test might not read, which would stop a busy server), and is
// killed (SIGKILL) when the ServeChild goes, if it still runs.

#include "rules/game.h"
#include "tests/server/ws_test_client.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace durability_test {

using json = nlohmann::json;

class ServeChild {
public:
    // `tabula serve --port 0 --bind 127.0.0.1 --db <db> --web <web> --threads 2`, with the
    // TABULA_<KEY> settings of `settings` in its environment, its output in `log`.
    ServeChild(const std::string& db, const std::filesystem::path& web, std::filesystem::path log,
               const std::map<std::string, std::string>& settings = {});
    ~ServeChild();
    ServeChild(const ServeChild&) = delete;
    ServeChild& operator=(const ServeChild&) = delete;

    // The port it listens on, once it says so; 0 when it did not within `timeout` (or ended).
    std::uint16_t wait_listening(std::chrono::milliseconds timeout);
    // kill -9, and reaps it.
    void kill_hard();
    // SIGSTOP: it hangs, its sockets and leases with it; SIGCONT: it runs on.
    void pause();
    void resume();
    // SIGTERM; its exit code once it ended within `timeout`.
    std::optional<int> stop(std::chrono::milliseconds timeout);
    // What it wrote so far.
    std::string output() const;

private:
    pid_t pid_ = -1;
    std::filesystem::path log_;
    bool reaped_ = false;
};

// Runs `tabula <args...>` to its end (at most `timeout`, then killed); its exit code, or -1,
// with what it wrote in `output`.
int run_tabula(const std::vector<std::string>& args, const std::filesystem::path& log,
               std::string& output, std::chrono::milliseconds timeout = std::chrono::seconds(60));

// A player's WebSocket; a guest's token gives its identity back on a new connection.
struct Guest {
    std::unique_ptr<test::WsTestClient> ws;
    std::string token;
    int next_id = 1;

    // Connects as a new guest (hello, then welcome), or as the account of a session `cookie`
    // ("tabula_session=...").
    static Guest connect(std::uint16_t port, const std::string& cookie = {});
    // After a restart: a new connection that identifies with `token`; REQUIREs the welcome.
    void come_back(std::uint16_t port);
    // Sends `message` with a fresh id; returns the id.
    int send(json message);
    // The message that carries `id`, skipping pushes; throws after `timeout`.
    json answer(int id, std::chrono::milliseconds timeout = std::chrono::seconds(20));
    // send(), then answer().
    json request(json message);
};

// A private chess game without a clock between two guests, mirrored by the rules so that the
// test knows the legal moves and what the server must have stored.
struct LiveGame {
    Guest white;
    Guest black;
    std::string code;
    std::unique_ptr<rules::Game> mirror; // the acknowledged moves
    // A move sent and not yet answered: its text and ply.
    std::optional<std::pair<std::string, int>> pending;
    int pending_id = 0;

    // `white` creates the table, `black` joins it; REQUIREs both answers.
    static LiveGame start(std::uint16_t port);
    bool over() const;
    // Sends the next move (chosen among the legal ones by `seed`) from the side to move.
    void send_move(std::uint64_t seed);
    // Waits for the answer to the pending move; REQUIREs it to be that move's event.
    void take_answer(std::chrono::milliseconds timeout = std::chrono::seconds(20));
    // Both players come back on `port` (after a restart); returns the moves the server has.
    std::vector<std::string> come_back(std::uint16_t port);
    // The acknowledged moves, in the server's notation.
    std::vector<std::string> acknowledged() const { return mirror->moves(); }
};

// Checks the moves `server` has for `game` against what was acknowledged: every acknowledged
// move, in order, and at most the one pending move after them (stored but not acknowledged when
// the server died). Takes that move into the mirror when it is there. Returns the number of
// acknowledged moves missing (0 when nothing was lost).
int reconcile(LiveGame& game, const std::vector<std::string>& server);

// One round: each game that is not over sends its next move (chosen by `round` and its
// index), then the first `answered` of those wait for their answer (the moves of a round reach
// the writer together: group commit); the others stay pending.
void play_round(std::vector<LiveGame>& games, std::uint64_t round, std::size_t answered);
// `count` whole rounds (every move answered), from `round` on; `round` ends past them.
void play_rounds(std::vector<LiveGame>& games, std::uint64_t& round, int count);
// `count` games started on the server at `port` (LiveGame::start).
std::vector<LiveGame> start_games(std::uint16_t port, int count);
// The moves acknowledged in all `games`.
std::size_t moves_acknowledged(const std::vector<LiveGame>& games);
// The moves stored for each unfinished game of the database at `db`, by table code.
std::map<std::string, std::vector<std::string>> stored_moves_by_code(const std::string& db);

} // namespace durability_test
