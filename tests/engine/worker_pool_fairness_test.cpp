// The worker pool serves players fairly (issue 34, "Computer games: bounded and fair"): a queue
// per owner served round robin, Easy and Medium on a lane no Hard search blocks, and each
// search's budget counted from its start. The searches here are stand-ins that record what
// they were given and wait for the test's word, and the pool's time is the test's: no test
// depends on how fast anything runs.
#include "engine/worker_pool.h"
#include "tests/engine/test_helpers.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace std::chrono_literals;

// A search that records each request it is given (by its seed) and, for the seeds the test
// holds, waits until the test lets it go.
class HeldSearches {
public:
    engine::SearchFunction function() {
        return [this](const rules::Game&, const engine::Request& request,
                      const engine::SearchControl& control) -> rules::Result<engine::Choice> {
            std::unique_lock lock(mutex_);
            started_.push_back(request.seed);
            if (request.clock)
                remaining_at_start_.push_back(request.clock->remaining);
            elapsed_at_start_.push_back(control.clock->elapsed());
            changed_.notify_all();
            changed_.wait(lock, [&] { return !held_.contains(request.seed); });
            return engine::Choice{};
        };
    }
    void hold(std::uint64_t seed) {
        const std::lock_guard lock(mutex_);
        held_.insert(seed);
    }
    void release(std::uint64_t seed) {
        const std::lock_guard lock(mutex_);
        held_.erase(seed);
        changed_.notify_all();
    }
    // Waits (at most 10 s, a bound on a hang) until `count` searches have started.
    std::vector<std::uint64_t> wait_started(std::size_t count) {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, 10s, [&] { return started_.size() >= count; });
        return started_;
    }
    std::vector<std::chrono::milliseconds> remaining_at_start() {
        const std::lock_guard lock(mutex_);
        return remaining_at_start_;
    }
    std::vector<std::chrono::milliseconds> elapsed_at_start() {
        const std::lock_guard lock(mutex_);
        return elapsed_at_start_;
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::set<std::uint64_t> held_;
    std::vector<std::uint64_t> started_;
    std::vector<std::chrono::milliseconds> remaining_at_start_;
    std::vector<std::chrono::milliseconds> elapsed_at_start_;
};

// The pool's time, moved by the test.
struct ManualTime {
    std::atomic<std::int64_t> ms{0};
    engine::PoolTime function() {
        return [this] { return std::chrono::steady_clock::time_point{} + 1ms * ms.load(); };
    }
};

engine::Request request_of(engine::Level level, std::uint64_t seed) {
    engine::Request request;
    request.level = level;
    request.seed = seed;
    return request;
}

void think(engine::WorkerPool& pool, const engine::Request& request, const std::string& owner) {
    (void)pool.think(
        engine_test::game_of(rules::VariantId::Chess), request,
        [](const rules::Result<engine::Choice>&) {}, owner);
}

} // namespace

TEST_CASE("worker pool: players take turns, so one player's queue delays another's first search "
          "by one search") {
    HeldSearches searches;
    engine::WorkerPoolOptions options;
    options.threads = 1;
    options.quick_thread = false;
    options.search = searches.function();
    engine::WorkerPool pool(options);
    searches.hold(1);
    think(pool, request_of(engine::Level::Hard, 1), "alice");
    REQUIRE(searches.wait_started(1).size() == 1);
    // Alice queues four more while her first runs; then Bob and Carol one each.
    for (std::uint64_t seed = 2; seed <= 5; ++seed)
        think(pool, request_of(engine::Level::Hard, seed), "alice");
    think(pool, request_of(engine::Level::Hard, 100), "bob");
    think(pool, request_of(engine::Level::Hard, 200), "carol");
    searches.release(1);
    const auto order = searches.wait_started(7);
    CHECK(order == std::vector<std::uint64_t>{1, 2, 100, 200, 3, 4, 5});
}

TEST_CASE("worker pool: an Easy search runs while every other thread is in a Hard search") {
    HeldSearches searches;
    engine::WorkerPoolOptions options;
    options.threads = 1;
    options.search = searches.function();
    engine::WorkerPool pool(options);
    searches.hold(1);
    think(pool, request_of(engine::Level::Hard, 1), "alice");
    for (std::uint64_t seed = 2; seed <= 30; ++seed)
        think(pool, request_of(engine::Level::Hard, seed), "alice");
    REQUIRE(searches.wait_started(1).size() == 1);
    think(pool, request_of(engine::Level::Easy, 100), "bob");
    think(pool, request_of(engine::Level::Medium, 200), "carol");
    // Both start while Alice's first Hard search still holds the other thread.
    const auto started = searches.wait_started(3);
    CHECK(started == std::vector<std::uint64_t>{1, 100, 200});
    searches.release(1);
}

TEST_CASE("worker pool: a search's budget counts from its start, less the clock that ran in the "
          "queue") {
    HeldSearches searches;
    ManualTime time;
    engine::WorkerPoolOptions options;
    options.threads = 1;
    options.quick_thread = false;
    options.search = searches.function();
    options.now = time.function();
    engine::WorkerPool pool(options);
    searches.hold(1);
    think(pool, request_of(engine::Level::Hard, 1), "alice");
    REQUIRE(searches.wait_started(1).size() == 1);
    auto bobs = request_of(engine::Level::Hard, 2);
    bobs.clock = engine::ClockState{.remaining = 60s, .increment = 0s};
    think(pool, bobs, "bob");
    // Bob's request waits 8 s behind Alice's search.
    time.ms += 8000;
    searches.release(1);
    REQUIRE(searches.wait_started(2).size() == 2);
    // Bob's game clock ran for the 8 s; the search's own clock starts at zero when it starts.
    CHECK(searches.remaining_at_start() == std::vector<std::chrono::milliseconds>{52s});
    CHECK(searches.elapsed_at_start() == std::vector<std::chrono::milliseconds>{0ms, 0ms});
}
