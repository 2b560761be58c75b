#include "loadtest/echo_run.h"

#include "loadtest/run_stats.h"
#include "loadtest/ws_client.h"
#include "server/observability/process_stats.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace loadtest {

const char* const echo_frame = R"({"t":"move","id":1234,"table":"K7QFZP","ply":42,"move":"e7e8q"})";

namespace {

namespace asio = boost::asio;
namespace obs = server::observability;
using Clock = std::chrono::steady_clock;

struct EchoShared {
    bool recording = false;
    bool moving = true;
    EchoRunResult& result;
};

// Two connections passing one frame back and forth through the echo server.
class EchoPair : public std::enable_shared_from_this<EchoPair> {
public:
    EchoPair(asio::io_context& io, EchoShared& shared, std::function<void(bool)> settled)
        : io_(io), shared_(shared), settled_(std::move(settled)) {}

    // `relay`: the server is a relay, and this is its pair `index`.
    void start(const asio::ip::tcp::endpoint& server, bool relay, int index) {
        relay_ = relay;
        const std::string target = relay ? "/pair/" + std::to_string(index) : "/";
        for (std::size_t side = 0; side < 2; ++side) {
            // The run owns the pairs and a pair its clients: the clients' handlers hold the pair
            // weakly, or pair and client would keep each other alive for ever.
            WsClient::Handlers handlers;
            handlers.opened = [weak = weak_from_this()] {
                if (auto self = weak.lock())
                    self->opened();
            };
            handlers.message = [weak = weak_from_this(), side](std::string_view) {
                if (auto self = weak.lock())
                    self->echoed(side);
            };
            handlers.failed = [weak = weak_from_this()](const std::string&) {
                auto self = weak.lock();
                if (!self)
                    return;
                ++self->shared_.result.errors["connection_lost"];
                self->close();
                self->settle(false);
            };
            conns_[side] = std::make_shared<WsClient>(io_, std::move(handlers));
            conns_[side]->connect(server, target);
        }
    }

    void close() {
        for (auto& conn : conns_)
            if (conn)
                conn->close();
    }

private:
    asio::io_context& io_;
    EchoShared& shared_;
    std::function<void(bool)> settled_;
    std::array<std::shared_ptr<WsClient>, 2> conns_{};
    int open_ = 0;
    bool settled_once_ = false;
    std::size_t turn_ = 0;
    bool relay_ = false;
    std::array<std::uint64_t, 2> received_{}; // frames each side has had (relay)
    Clock::time_point sent_{};

    void settle(bool ok) {
        if (settled_once_)
            return;
        settled_once_ = true;
        settled_(ok);
    }

    void opened() {
        if (++open_ < 2)
            return;
        settle(true);
        send();
    }

    void send() {
        if (!shared_.moving)
            return;
        sent_ = Clock::now();
        conns_[turn_]->send(echo_frame);
    }

    // The echo's round trip ends when the frame is back at its sender; the relay's when the
    // other side has it. The relay sends every frame to both sides, in order, and the sides
    // take turns from side 0: the n-th frame a side receives is frame n, sent by side n % 2,
    // so a side knows its own copy (the relay's answer, not waited for) by its count. Going by
    // whose turn it is instead would take the sender's own copy, arriving after the turn has
    // passed, for the next frame, and set a second frame going: a closed loop no longer.
    void echoed(std::size_t side) {
        if (relay_) {
            const auto frame = received_[side]++;
            if (frame % 2 == side)
                return;
        } else if (side != turn_) {
            return;
        }
        if (shared_.recording) {
            ++shared_.result.round_trips;
            shared_.result.latency.add(Clock::now() - sent_);
        }
        turn_ = 1 - turn_;
        send();
    }
};

} // namespace

double EchoRunResult::round_trips_per_second() const {
    return window.count() > 0 ? static_cast<double>(round_trips) / window.count() : 0.0;
}

EchoRunResult run_echo(const EchoRunOptions& options) {
    EchoRunResult result;
    result.latency.reserve(1 << 16);
    EchoShared shared{.recording = false, .moving = true, .result = result};
    asio::io_context io{1};
    asio::steady_timer timer(io);
    std::vector<std::shared_ptr<EchoPair>> pairs;
    int settled = 0;
    Clock::time_point window_start{};
    std::optional<std::chrono::microseconds> server_cpu_before;
    std::optional<std::chrono::microseconds> client_cpu_before;
    const auto finish = [&] {
        shared.recording = false;
        shared.moving = false;
        result.window = Clock::now() - window_start;
        if (options.server_pid)
            result.server_cpu = cpu_delta(server_cpu_before, obs::cpu_time(*options.server_pid));
        result.client_cpu = cpu_delta(client_cpu_before, obs::cpu_time());
        for (const auto& pair : pairs)
            pair->close();
        timer.expires_after(std::chrono::seconds(1));
        timer.async_wait([&](const boost::system::error_code&) { io.stop(); });
    };
    const auto open_window = [&] {
        shared.recording = true;
        window_start = Clock::now();
        if (options.server_pid)
            server_cpu_before = obs::cpu_time(*options.server_pid);
        client_cpu_before = obs::cpu_time();
        if (result.pairs_connected == 0)
            return finish();
        timer.expires_after(options.duration);
        timer.async_wait([&](const boost::system::error_code& ec) {
            if (!ec)
                finish();
        });
    };
    for (int i = 0; i < options.pairs; ++i) {
        auto pair = std::make_shared<EchoPair>(io, shared, [&](bool ok) {
            result.pairs_connected += ok ? 1 : 0;
            if (++settled == options.pairs)
                open_window();
        });
        pairs.push_back(pair);
        pair->start(options.server, options.relay, i);
    }
    io.run();
    return result;
}

} // namespace loadtest
