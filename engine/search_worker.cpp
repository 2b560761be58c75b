#include "engine/search_worker.h"

#include "engine/search_wire.h"
#include "engine/worker_pool.h"

#include <charconv>
#include <cstdint>
#include <fcntl.h>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace engine {

namespace {

// Writes whole frames; the answers come from the pool's threads.
class AnswerWriter {
public:
    explicit AnswerWriter(int fd) : fd_(fd) {}
    void write(const wire::Message& message) {
        const std::string data = wire::frame(wire::encode(message));
        const std::lock_guard lock(mutex_);
        std::size_t sent = 0;
        while (sent < data.size()) {
            const auto n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return; // the server has gone: the reading loop sees it and ends
            sent += static_cast<std::size_t>(n);
        }
    }
    void warn(const std::string& text) {
        wire::Message message;
        message.kind = wire::Kind::Warning;
        message.text = text;
        write(message);
    }

private:
    int fd_;
    std::mutex mutex_;
};

std::optional<int> small_number(const std::string& text, int low, int high) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || value < low || value > high)
        return std::nullopt;
    return value;
}

// A session of its own (the server starts it so), and its autogroup at nice 19: empty, or
// what could not be set.
std::string leave_the_servers_group() {
    if (::getsid(0) != ::getpid() && ::setsid() < 0)
        return "setsid: " + std::generic_category().message(errno);
    const int fd = ::open("/proc/self/autogroup", O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return "/proc/self/autogroup: " + std::generic_category().message(errno);
    const std::string nice = "19";
    const auto written = ::write(fd, nice.data(), nice.size());
    const int error = errno;
    ::close(fd);
    if (written != static_cast<ssize_t>(nice.size()))
        return "autogroup nice 19: " + std::generic_category().message(error);
    return {};
}

} // namespace

int run_search_worker(const std::vector<std::string>& args) {
    std::optional<int> fd;
    std::optional<int> threads;
    for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
        if (args[i] == "--fd")
            fd = small_number(args[i + 1], 0, 1 << 20);
        else if (args[i] == "--threads")
            threads = small_number(args[i + 1], 1, 64);
    }
    if (!fd || !threads || args.size() % 2 != 0)
        return 2;
    AnswerWriter out(*fd);
    if (const auto problem = leave_the_servers_group(); !problem.empty())
        out.warn("engine: the search process shares the server's scheduling weight (" + problem +
                 ")");

    std::mutex mutex;
    std::map<std::uint64_t, std::shared_ptr<Ticket>> running;
    WorkerPoolOptions options;
    options.threads = static_cast<std::size_t>(*threads);
    options.quick_thread = false; // the server sends no more than it has threads for
    options.priority = WorkerPriority::Idle;
    options.warn = [&out](const std::string& text) { out.warn(text); };
    WorkerPool pool(std::move(options));

    // A malformed message ends the loop: the stream cannot be trusted; the server starts another.
    (void)wire::read_messages(*fd, [&](wire::Message message) {
        const auto id = message.id;
        if (message.kind == wire::Kind::Cancel) {
            const std::lock_guard lock(mutex);
            if (const auto found = running.find(id); found != running.end())
                found->second->cancel();
            return true;
        }
        if (message.kind != wire::Kind::Search)
            return true;
        wire::Message answer;
        answer.kind = wire::Kind::Answer;
        answer.id = id;
        auto game = wire::rebuild_game(message.game);
        if (!game.ok()) {
            answer.error = game.error();
            out.write(answer);
            return true;
        }
        // Held across think(): the answer, on a pool thread, removes the ticket only once it is
        // in.
        const std::lock_guard lock(mutex);
        running[id] =
            pool.think(std::move(game.value()), message.request,
                       [&out, &mutex, &running, answer](rules::Result<Choice> result) mutable {
                           if (result.ok())
                               answer.choice = std::move(result.value());
                           else
                               answer.error = result.error();
                           out.write(answer);
                           const std::lock_guard done(mutex);
                           running.erase(answer.id);
                       });
        return true;
    });
    // The server has gone (or closed the socket): whatever runs is cancelled by the pool's
    // destructor, and its answers go nowhere.
    return 0;
}

} // namespace engine
