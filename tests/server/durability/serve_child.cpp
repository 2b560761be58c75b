#include "tests/server/durability/serve_child.h"

#include "storage/open.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <doctest/doctest.h>

namespace durability_test {

using namespace std::chrono_literals;

ServeChild::ServeChild(const std::string& db, const std::filesystem::path& web,
                       std::filesystem::path log,
                       const std::map<std::string, std::string>& settings)
    : log_(std::move(log)) {
    std::vector<std::string> args{TABULA_BINARY, "serve",      "--port",    "0",
                                  "--bind",      "127.0.0.1",  "--db",      db,
                                  "--web",       web.string(), "--threads", "2"};
    std::vector<std::string> environment;
    for (const auto& [key, value] : settings)
        environment.push_back("TABULA_" + key + "=" + value);
    const int out = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    REQUIRE(out >= 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
        dup2(out, STDOUT_FILENO);
        dup2(out, STDERR_FILENO);
        for (auto& variable : environment)
            putenv(variable.data());
        std::vector<char*> argv;
        for (auto& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(TABULA_BINARY, argv.data());
        _exit(127);
    }
    ::close(out);
}

ServeChild::~ServeChild() {
    if (!reaped_)
        kill_hard();
}

std::string ServeChild::output() const {
    std::ifstream in(log_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::uint16_t ServeChild::wait_listening(std::chrono::milliseconds timeout) {
    const std::string marker = "listening on http://127.0.0.1:";
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto text = output();
        const auto at = text.find(marker);
        if (at != std::string::npos)
            return static_cast<std::uint16_t>(std::stoi(text.substr(at + marker.size())));
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            reaped_ = true;
            return 0;
        }
        std::this_thread::sleep_for(20ms);
    }
    return 0;
}

void ServeChild::kill_hard() {
    if (reaped_)
        return;
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    reaped_ = true;
}

void ServeChild::pause() {
    if (!reaped_)
        ::kill(pid_, SIGSTOP);
}

void ServeChild::resume() {
    if (!reaped_)
        ::kill(pid_, SIGCONT);
}

std::optional<int> ServeChild::stop(std::chrono::milliseconds timeout) {
    if (reaped_)
        return std::nullopt;
    ::kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            reaped_ = true;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        std::this_thread::sleep_for(10ms);
    }
    return std::nullopt;
}

int run_tabula(const std::vector<std::string>& args, const std::filesystem::path& log,
               std::string& output, std::chrono::milliseconds timeout) {
    std::vector<std::string> argv_text{TABULA_BINARY};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    REQUIRE(out >= 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        dup2(out, STDOUT_FILENO);
        dup2(out, STDERR_FILENO);
        std::vector<char*> argv;
        for (auto& a : argv_text)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(TABULA_BINARY, argv.data());
        _exit(127);
    }
    ::close(out);
    int code = -1;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            break;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
            break;
        }
        std::this_thread::sleep_for(10ms);
    }
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    output = text.str();
    return code;
}

namespace {

// The next message of type `type`, skipping others; throws after the client's deadline.
json next_of_type(test::WsTestClient& ws, const std::string& type) {
    for (;;) {
        auto message = ws.read_json();
        if (message.value("t", "") == type)
            return message;
    }
}

} // namespace

Guest Guest::connect(std::uint16_t port, const std::string& cookie) {
    Guest guest;
    guest.ws = std::make_unique<test::WsTestClient>(test::WsOptions(port).cookie_header(cookie));
    const auto welcome = next_of_type(*guest.ws, "welcome");
    guest.token = welcome.value("token", "");
    if (cookie.empty())
        REQUIRE_FALSE(guest.token.empty());
    return guest;
}

void Guest::come_back(std::uint16_t port) {
    ws = std::make_unique<test::WsTestClient>(test::WsOptions(port));
    next_of_type(*ws, "welcome"); // as a new guest, first
    const auto back = request({{"t", "identify"}, {"token", token}});
    REQUIRE_MESSAGE(back.value("t", "") == "welcome", back.dump());
}

int Guest::send(json message) {
    const int id = next_id++;
    message["id"] = id;
    ws->send_text(message.dump());
    return id;
}

json Guest::answer(int id, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        const auto text = ws->read_text(std::max(left, std::chrono::milliseconds(1)));
        if (!text)
            break;
        auto message = json::parse(*text);
        if (message.contains("id") && message["id"] == id)
            return message;
    }
    throw std::runtime_error("no answer to request " + std::to_string(id) + " in time");
}

json Guest::request(json message) {
    return answer(send(std::move(message)));
}

LiveGame LiveGame::start(std::uint16_t port) {
    LiveGame game;
    game.white = Guest::connect(port);
    game.black = Guest::connect(port);
    const auto created = game.white.request(
        {{"t", "create_table"}, {"variant", "chess"}, {"color", "white"}, {"private", true}});
    REQUIRE_MESSAGE(created.value("t", "") == "table_created", created.dump());
    game.code = created["code"].get<std::string>();
    const auto joined = game.black.request({{"t", "join"}, {"code", game.code}});
    REQUIRE_MESSAGE(joined.value("t", "") == "table", joined.dump());
    auto made = rules::make_game(rules::VariantId::Chess);
    REQUIRE(made.ok());
    game.mirror = std::move(made.value());
    return game;
}

bool LiveGame::over() const {
    return mirror->outcome().status != rules::Outcome::Status::Ongoing;
}

void LiveGame::send_move(std::uint64_t seed) {
    const auto legal = mirror->legal_moves();
    REQUIRE_FALSE(legal.empty());
    const auto& text = legal[seed % legal.size()];
    const int ply = mirror->ply();
    Guest& mover = mirror->seat_to_move() == 0 ? white : black;
    pending_id = mover.send({{"t", "move"}, {"table", code}, {"ply", ply}, {"move", text}});
    pending = std::make_pair(text, ply);
}

void LiveGame::take_answer(std::chrono::milliseconds timeout) {
    REQUIRE(pending);
    Guest& mover = mirror->seat_to_move() == 0 ? white : black;
    const auto answer = mover.answer(pending_id, timeout);
    const bool played = answer.value("t", "") == "table_event" &&
                        answer["event"].value("type", "") == "move_played" &&
                        answer["event"].value("ply", -1) == pending->second;
    REQUIRE_MESSAGE(played, answer.dump().substr(0, 300));
    REQUIRE(mirror->play(pending->first).ok());
    pending.reset();
}

std::vector<std::string> LiveGame::come_back(std::uint16_t port) {
    white.come_back(port);
    black.come_back(port);
    const auto state = white.request({{"t", "resync"}, {"table", code}, {"since", 0}});
    REQUIRE_MESSAGE(state.value("t", "") == "table", state.dump().substr(0, 300));
    REQUIRE_MESSAGE(state["state"].value("status", "") == "playing", state.dump().substr(0, 300));
    return state["state"]["moves"].get<std::vector<std::string>>();
}

int reconcile(LiveGame& game, const std::vector<std::string>& server) {
    const auto acked = game.acknowledged();
    std::size_t common = 0;
    while (common < acked.size() && common < server.size() && acked[common] == server[common])
        ++common;
    int problems = static_cast<int>(acked.size() - common); // acknowledged and lost
    if (server.size() == acked.size() + 1 && common == acked.size() && game.pending) {
        // Stored, the answer lost with the server: the move counts.
        REQUIRE(game.mirror->play(game.pending->first).ok());
        if (game.mirror->moves().back() != server.back())
            ++problems;
    } else if (server.size() > acked.size()) {
        problems += static_cast<int>(server.size() - acked.size()); // moves nobody sent
    }
    game.pending.reset();
    return problems;
}

void play_round(std::vector<LiveGame>& games, std::uint64_t round, std::size_t answered) {
    std::vector<LiveGame*> sent;
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (games[i].over())
            continue;
        games[i].send_move(round * 7919 + i * 104729);
        sent.push_back(&games[i]);
    }
    for (std::size_t i = 0; i < sent.size() && i < answered; ++i)
        sent[i]->take_answer();
}

void play_rounds(std::vector<LiveGame>& games, std::uint64_t& round, int count) {
    for (int i = 0; i < count; ++i)
        play_round(games, round++, games.size());
}

std::vector<LiveGame> start_games(std::uint16_t port, int count) {
    std::vector<LiveGame> games;
    for (int i = 0; i < count; ++i)
        games.push_back(LiveGame::start(port));
    return games;
}

std::size_t moves_acknowledged(const std::vector<LiveGame>& games) {
    std::size_t total = 0;
    for (const auto& game : games)
        total += game.mirror->moves().size();
    return total;
}

std::map<std::string, std::vector<std::string>> stored_moves_by_code(const std::string& db) {
    const auto backend = storage::open(db);
    std::map<std::string, std::vector<std::string>> by_code;
    for (const auto& row : backend->game_store()->load_unfinished_games()) {
        std::vector<std::string>& moves = by_code[row.game.table_code];
        for (const auto& move : row.moves)
            moves.push_back(move.move);
    }
    return by_code;
}

} // namespace durability_test
