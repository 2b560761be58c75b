#include "loadtest/load_run.h"

#include "server/observability/process_stats.h"

#include <algorithm>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace loadtest {

namespace {

namespace asio = boost::asio;
namespace obs = server::observability;

constexpr int connecting_at_once = 32; // pairs setting up at the same time
constexpr std::chrono::seconds setup_deadline{120};
constexpr std::chrono::seconds drain{1};
constexpr std::chrono::seconds finish_limit{10}; // return to idle: games resigned and left
// No move of the computer takes more than 10 s (docs/protocol.md §7.14).
constexpr std::chrono::seconds computer_stall_limit{30};

// The run's timeline on the io_context thread.
class Runner {
public:
    Runner(const LoadRunOptions& options, LoadRunResult& result)
        : options_(options), result_(result), window_timer_(io_), stall_timer_(io_) {}

    void run() {
        result_.stats.mover.reserve(1 << 16);
        result_.stats.opponent.reserve(1 << 16);
        if (options_.computer) {
            auto& stats = result_.computer.emplace();
            computer_ = std::make_shared<ComputerGame>(
                io_, *options_.computer, stats, options_.seed * 1'000'003 + 999'983, [this](bool) {
                    computer_settled_ = true;
                    open_window_when_settled();
                });
            computer_->start();
        }
        for (int i = 0; i < options_.games && i < connecting_at_once; ++i)
            launch_next();
        window_timer_.expires_after(setup_deadline);
        window_timer_.async_wait([this](const boost::system::error_code& ec) {
            if (!ec && !window_open_) {
                result_.stats.error("setup_timeout");
                open_window();
            }
        });
        watch_stalls();
        io_.run();
    }

private:
    const LoadRunOptions& options_;
    LoadRunResult& result_;
    asio::io_context io_{1};
    std::vector<std::shared_ptr<GamePair>> pairs_;
    std::shared_ptr<ComputerGame> computer_; // with options_.computer
    bool computer_settled_ = false;
    asio::steady_timer window_timer_;
    asio::steady_timer stall_timer_;
    int settled_ = 0;
    bool window_open_ = false;
    bool finished_ = false;
    Clock::time_point window_start_{};
    std::optional<std::chrono::microseconds> server_cpu_before_;
    std::optional<std::chrono::microseconds> client_cpu_before_;

    void launch_next() {
        const auto index = pairs_.size();
        if (static_cast<int>(index) >= options_.games)
            return;
        auto pair = std::make_shared<GamePair>(io_, options_.game, result_.stats,
                                               options_.seed * 1'000'003 + index,
                                               [this](bool started) { pair_settled(started); });
        pairs_.push_back(pair);
        pair->start();
    }

    void pair_settled(bool started) {
        if (started)
            ++result_.games_started;
        ++settled_;
        launch_next();
        open_window_when_settled();
    }

    void open_window_when_settled() {
        if (settled_ < options_.games || (computer_ && !computer_settled_) || window_open_)
            return;
        open_window();
        if (result_.games_started == 0) // nothing to measure: the server is not there
            close_window();
    }

    void open_window() {
        window_open_ = true;
        if (options_.server_pid) {
            server_cpu_before_ = obs::cpu_time(*options_.server_pid);
            result_.server_rss_before = obs::resident_bytes(*options_.server_pid);
        }
        client_cpu_before_ = obs::cpu_time();
        result_.stats.recording = true;
        window_start_ = Clock::now();
        if (computer_)
            computer_->open_window(window_start_);
        window_timer_.cancel();
        window_timer_.expires_after(options_.duration);
        window_timer_.async_wait([this](const boost::system::error_code& ec) {
            if (!ec)
                close_window();
        });
    }

    void close_window() {
        result_.stats.recording = false;
        const auto now = Clock::now();
        result_.window = now - window_start_;
        if (computer_) {
            computer_->close_window(now);
            computer_->finish(); // resigned: the server cancels its search
        }
        if (options_.server_pid) {
            result_.server_cpu = cpu_delta(server_cpu_before_, obs::cpu_time(*options_.server_pid));
            result_.server_rss_after = obs::resident_bytes(*options_.server_pid);
        }
        result_.client_cpu = cpu_delta(client_cpu_before_, obs::cpu_time());
        finished_ = true;
        stall_timer_.cancel();
        if (!options_.return_to_idle) {
            for (const auto& pair : pairs_)
                pair->stop_moving();
            window_timer_.expires_after(drain);
            window_timer_.async_wait([this](const boost::system::error_code&) { close_all(); });
            return;
        }
        for (const auto& pair : pairs_)
            pair->finish();
        wait_for_rest(Clock::now() + finish_limit);
    }

    // Return to idle: every game ended and left (or the limit passed), then the close.
    void wait_for_rest(Clock::time_point limit) {
        const bool resting = std::all_of(pairs_.begin(), pairs_.end(),
                                         [](const auto& pair) { return pair->at_rest(); }) &&
                             (!computer_ || computer_->at_rest());
        if (resting || Clock::now() >= limit) {
            if (!resting)
                result_.stats.error("games_not_ended");
            return close_all();
        }
        window_timer_.expires_after(std::chrono::milliseconds(50));
        window_timer_.async_wait(
            [this, limit](const boost::system::error_code&) { wait_for_rest(limit); });
    }

    void close_all() {
        for (const auto& pair : pairs_)
            pair->close();
        if (computer_)
            computer_->close();
        window_timer_.expires_after(drain);
        window_timer_.async_wait([this](const boost::system::error_code&) { io_.stop(); });
    }

    // A closed-loop game should never wait for seconds; an open-loop one moves every interval.
    void watch_stalls() {
        stall_timer_.expires_after(std::chrono::seconds(1));
        stall_timer_.async_wait([this](const boost::system::error_code& ec) {
            if (ec || finished_)
                return;
            const auto limit = std::chrono::seconds(5) + 4 * options_.game.interval;
            const auto now = Clock::now();
            for (const auto& pair : pairs_)
                pair->check_stall(now, limit);
            if (computer_)
                computer_->check_stall(now, computer_stall_limit);
            watch_stalls();
        });
    }
};

} // namespace

double LoadRunResult::moves_per_second() const {
    return window.count() > 0 ? static_cast<double>(stats.moves) / window.count() : 0.0;
}

namespace {

// The warm baseline: a few short games, ended, left and swept, then the RSS (load_run.h).
void warm_up(const LoadRunOptions& options, LoadRunResult& result) {
    LoadRunOptions warm = options;
    warm.games = options.warm_up_games;
    warm.duration = options.warm_up_duration;
    LoadRunResult scratch;
    {
        Runner runner(warm, scratch);
        runner.run();
    }
    (void)wait_until_idle(options.game.server, options.sweep_limit);
    std::this_thread::sleep_for(options.settle);
    if (options.server_pid) {
        result.server_rss_warm = obs::resident_bytes(*options.server_pid);
        result.server_anon_warm = obs::resident_anonymous_bytes(*options.server_pid);
    }
}

} // namespace

LoadRunResult run_load(const LoadRunOptions& options) {
    LoadRunResult result;
    if (options.return_to_idle && options.server_pid) {
        result.server_rss_idle = obs::resident_bytes(*options.server_pid);
        result.server_anon_idle = obs::resident_anonymous_bytes(*options.server_pid);
        if (options.warm_up_games > 0)
            warm_up(options, result);
    }
    {
        Runner runner(options, result);
        runner.run();
    }
    if (options.return_to_idle) {
        result.idle_wait = wait_until_idle(options.game.server, options.sweep_limit);
        std::this_thread::sleep_for(options.settle);
        if (options.server_pid) {
            result.server_rss_swept = obs::resident_bytes(*options.server_pid);
            result.server_anon_swept = obs::resident_anonymous_bytes(*options.server_pid);
        }
    }
    return result;
}

} // namespace loadtest
