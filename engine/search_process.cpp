#include "engine/search_process.h"

#include "engine/search_wire.h"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace engine {

namespace {

// The search process's end of the socket, in the process.
constexpr int worker_fd = 3;

std::string errno_text(int error) {
    return std::generic_category().message(error);
}

std::string how_it_ended(int status) {
    if (WIFEXITED(status))
        return "exit status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "signal " + std::to_string(WTERMSIG(status));
    return "status " + std::to_string(status);
}

// Starts `executable engine-worker` on `socket` in a session of its own; its pid, or the error.
rules::Result<int> spawn_worker(const SearchProcessOptions& options, int socket) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    // The socket on a known number, and none of the server's sockets: a connection the process
    // held open would stay open after the server closed it.
    posix_spawn_file_actions_adddup2(&actions, socket, worker_fd);
    posix_spawn_file_actions_addclosefrom_np(&actions, worker_fd + 1);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSID;
    posix_spawnattr_setflags(&attributes, flags);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (const int signal : {SIGPIPE, SIGINT, SIGTERM, SIGHUP})
        sigaddset(&defaults, signal);
    posix_spawnattr_setsigdefault(&attributes, &defaults);

    std::vector<std::string> args = {
        options.executable,        "engine-worker", "--fd",
        std::to_string(worker_fd), "--threads",     std::to_string(options.threads)};
    std::vector<char*> argv;
    for (auto& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int error =
        posix_spawn(&pid, options.executable.c_str(), &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error != 0)
        return rules::Error{"spawn_failed", options.executable + ": " + errno_text(error)};
    return static_cast<int>(pid);
}

} // namespace

SearchProcess::SearchProcess(SearchProcessOptions options) : options_(std::move(options)) {
    if (options_.threads == 0)
        options_.threads = 1;
}

SearchProcess::~SearchProcess() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        if (fd_ >= 0)
            ::shutdown(fd_, SHUT_RDWR); // the process reads its end: it cancels and ends
    }
    if (reader_.joinable())
        reader_.join();
}

int SearchProcess::pid() const {
    const std::lock_guard lock(mutex_);
    return pid_;
}

std::uint64_t SearchProcess::started() const {
    const std::lock_guard lock(mutex_);
    return started_;
}

void SearchProcess::tell(const std::string& text) {
    if (options_.warn)
        options_.warn(text);
}

bool SearchProcess::start(std::unique_lock<std::mutex>& lock) {
    while (fd_ < 0) {
        if (given_up_ || stopping_)
            return false;
        if (reader_.joinable()) { // the last process's reader is done: join it first
            auto old = std::move(reader_);
            lock.unlock();
            old.join();
            lock.lock();
            continue;
        }
        int pair[2] = {-1, -1};
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
            tell("engine: no socket for the search process (" + errno_text(errno) +
                 "); searches run in the server");
            given_up_ = true;
            return false;
        }
        // Above the number it gets in the process, so that the dup2 there is a real copy
        // (which clears close-on-exec).
        const int theirs = ::fcntl(pair[1], F_DUPFD_CLOEXEC, worker_fd + 1);
        ::close(pair[1]);
        auto pid = theirs < 0 ? rules::Result<int>(rules::Error{"spawn_failed", errno_text(errno)})
                              : spawn_worker(options_, theirs);
        if (theirs >= 0)
            ::close(theirs);
        if (!pid.ok()) {
            ::close(pair[0]);
            tell("engine: the search process could not be started (" + pid.error().detail +
                 "); searches run in the server");
            given_up_ = true;
            return false;
        }
        fd_ = pair[0];
        pid_ = *pid;
        ++started_;
        answered_since_start_ = false;
        reader_ = std::thread([this, fd = fd_, child = pid_] { read_answers(fd, child); });
    }
    return true;
}

bool SearchProcess::send(const std::string& message) {
    if (fd_ < 0)
        return false;
    const std::string data = wire::frame(message);
    std::size_t sent = 0;
    while (sent < data.size()) {
        const auto n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false; // the reader sees the end too and answers every search as lost
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

void SearchProcess::read_answers(int fd, int child) {
    const bool trusted = wire::read_messages(fd, [this](wire::Message message) {
        if (message.kind == wire::Kind::Warning) {
            tell(message.text);
            return true;
        }
        if (message.kind != wire::Kind::Answer)
            return false; // the stream cannot be trusted
        const std::lock_guard lock(mutex_);
        answered_since_start_ = true;
        const auto found = pending_.find(message.id);
        if (found == pending_.end())
            return true; // a search given up on (its process was thought gone): dropped
        if (message.choice)
            found->second->answer.emplace(std::move(*message.choice));
        else
            found->second->answer.emplace(message.error.value_or(
                rules::Error{"engine_failed", "the search process answered nothing"}));
        answered_.notify_all();
        return true;
    });
    bool expected = false;
    {
        const std::lock_guard lock(mutex_);
        expected = stopping_;
        ::close(fd);
        fd_ = -1;
        pid_ = 0;
        for (auto& [id, pending] : pending_)
            if (!pending->answer)
                pending->lost = true;
        silent_ends_ = answered_since_start_ ? 0 : silent_ends_ + 1;
        if (silent_ends_ >= 3 && !given_up_) {
            given_up_ = true;
            tell("engine: three search processes in a row ended without an answer; searches "
                 "run in the server from now on");
        }
        answered_.notify_all();
    }
    if (!trusted)
        ::kill(child, SIGKILL);
    // Reaped here: it has its end of the socket closed (it ends at once) or has ended. One
    // that does not end within two seconds is killed.
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    pid_t reaped = 0;
    while ((reaped = ::waitpid(child, &status, WNOHANG)) == 0 &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (reaped == 0) {
        ::kill(child, SIGKILL);
        reaped = ::waitpid(child, &status, 0);
    }
    if (!expected)
        tell("engine: the search process ended (" +
             (reaped > 0 ? how_it_ended(status) : std::string("unknown status")) +
             "); its searches run in the server, the next one starts a new process");
}

rules::Result<Choice> SearchProcess::search(const rules::Game& game, const Request& request,
                                            const SearchControl& control) {
    wire::Message message;
    message.kind = wire::Kind::Search;
    message.game = wire::game_text(game);
    message.request = request;
    std::unique_lock lock(mutex_);
    if (!start(lock)) {
        lock.unlock();
        return choose_move(game, request, control);
    }
    Pending pending;
    message.id = ++next_id_;
    pending_[message.id] = &pending;
    if (!send(wire::encode(message)))
        pending.lost = true;
    bool cancel_sent = false;
    while (!pending.answer && !pending.lost) {
        if (!cancel_sent && control.stop && control.stop->load()) {
            wire::Message cancel;
            cancel.kind = wire::Kind::Cancel;
            cancel.id = message.id;
            cancel_sent = true;
            if (!send(wire::encode(cancel)))
                pending.lost = true;
            continue;
        }
        // The stop flag is a plain atomic: it is read every few milliseconds.
        answered_.wait_for(lock, std::chrono::milliseconds(5));
    }
    pending_.erase(message.id);
    if (pending.answer)
        return std::move(*pending.answer);
    lock.unlock();
    // The process ended first: the search runs here, with what is left of its time.
    return choose_move(game, request, control);
}

} // namespace engine
