#include "loadtest/idle_sockets.h"

#include "loadtest/message_scan.h"
#include "loadtest/ws_client.h"
#include "server/observability/process_stats.h"

#include <algorithm>
#include <memory>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace loadtest {

namespace {

namespace asio = boost::asio;
namespace obs = server::observability;

constexpr int connecting_at_once = 64;
constexpr std::chrono::seconds open_limit{60};

class IdleRun {
public:
    IdleRun(const IdleSocketsOptions& options, IdleSocketsResult& result)
        : options_(options), result_(result), timer_(io_) {}

    void run() {
        clients_.reserve(static_cast<std::size_t>(options_.connections));
        for (int i = 0; i < connecting_at_once; ++i)
            open_next();
        timer_.expires_after(open_limit);
        timer_.async_wait([this](const boost::system::error_code& ec) {
            if (!ec)
                all_open(); // measure what came
        });
        io_.run();
    }

private:
    const IdleSocketsOptions& options_;
    IdleSocketsResult& result_;
    asio::io_context io_{1};
    std::vector<std::shared_ptr<WsClient>> clients_;
    asio::steady_timer timer_;
    int settled_ = 0;
    bool measured_ = false;

    void open_next() {
        if (static_cast<int>(clients_.size()) >= options_.connections)
            return;
        WsClient::Handlers handlers;
        // One settlement per connection: its welcome, or its failure before it.
        auto done = std::make_shared<bool>(false);
        handlers.message = [this, done](std::string_view text) {
            const auto message = scan_server_message(text);
            if (*done || !message || message->type != "welcome")
                return;
            *done = true;
            ++result_.welcomed;
            settle();
        };
        handlers.failed = [this, done](const std::string&) {
            if (*done)
                return;
            *done = true;
            ++result_.failed;
            settle();
        };
        clients_.push_back(std::make_shared<WsClient>(io_, std::move(handlers)));
        clients_.back()->connect(options_.server, "/ws");
    }

    void settle() {
        ++settled_;
        open_next();
        if (settled_ == options_.connections)
            all_open();
    }

    void all_open() {
        if (measured_)
            return;
        measured_ = true;
        timer_.cancel();
        timer_.expires_after(options_.settle);
        timer_.async_wait([this](const boost::system::error_code&) {
            result_.rss_with = obs::resident_bytes(options_.server_pid);
            result_.anon_with = obs::resident_anonymous_bytes(options_.server_pid);
            for (const auto& client : clients_)
                client->close();
            timer_.expires_after(options_.settle);
            timer_.async_wait([this](const boost::system::error_code&) {
                result_.rss_after = obs::resident_bytes(options_.server_pid);
                timer_.expires_after(std::max(options_.returned_wait - options_.settle,
                                                       std::chrono::milliseconds(0)));
                timer_.async_wait([this](const boost::system::error_code&) {
                    result_.rss_returned = obs::resident_bytes(options_.server_pid);
                    io_.stop();
                });
            });
        });
    }
};

std::optional<double> per_socket(const std::optional<std::uint64_t>& before,
                                 const std::optional<std::uint64_t>& with, int sockets) {
    if (!before || !with || sockets == 0)
        return std::nullopt;
    return (static_cast<double>(*with) - static_cast<double>(*before)) / sockets;
}

} // namespace

std::optional<double> IdleSocketsResult::bytes_per_socket() const {
    return per_socket(rss_before, rss_with, welcomed);
}

std::optional<double> IdleSocketsResult::anonymous_bytes_per_socket() const {
    return per_socket(anon_before, anon_with, welcomed);
}

IdleSocketsResult measure_idle_sockets(const IdleSocketsOptions& options) {
    if (options.warmup > 0) {
        auto warmup = options;
        warmup.connections = options.warmup;
        warmup.settle = std::chrono::milliseconds(500);
        IdleSocketsResult ignored;
        IdleRun(warmup, ignored).run();
    }
    IdleSocketsResult result;
    result.rss_before = obs::resident_bytes(options.server_pid);
    result.anon_before = obs::resident_anonymous_bytes(options.server_pid);
    IdleRun run(options, result);
    run.run();
    return result;
}

} // namespace loadtest
