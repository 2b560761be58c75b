// The worker pool's threads give way to the server's own (issue 13: "never delays other
// tables"): each reads back, inside a job, the scheduling it runs under. The thread that made
// the pool keeps its own.
#include "engine/worker_pool.h"
#include "tests/engine/test_helpers.h"

#include <future>
#include <sched.h>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace {

struct Scheduling {
    int policy = -1;
    int nice = 0;
};

Scheduling this_thread_scheduling() {
    return {sched_getscheduler(0), getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()))};
}

// The scheduling of the worker thread that runs one request, read on that thread.
Scheduling scheduling_inside_a_job(engine::WorkerPool& pool) {
    std::promise<Scheduling> seen;
    engine::Request easy;
    easy.level = engine::Level::Easy;
    (void)pool.think(
        engine_test::game_of(rules::VariantId::Chess), easy,
        [&](const rules::Result<engine::Choice>&) { seen.set_value(this_thread_scheduling()); });
    return seen.get_future().get();
}

} // namespace

TEST_CASE("worker pool: by default every worker thread runs under SCHED_IDLE") {
    const auto before = this_thread_scheduling();
    std::vector<std::string> warnings;
    engine::WorkerPoolOptions options;
    options.threads = 2;
    options.warn = [&](const std::string& text) { warnings.push_back(text); };
    engine::WorkerPool pool(options);
    // Two requests at once, so that both threads are seen (each job waits for the other).
    std::promise<void> both_running;
    std::shared_future<void> go = both_running.get_future().share();
    std::promise<Scheduling> first;
    std::promise<Scheduling> second;
    std::atomic<int> started{0};
    engine::Request easy;
    easy.level = engine::Level::Easy;
    for (auto* seen : {&first, &second})
        (void)pool.think(engine_test::game_of(rules::VariantId::Chess), easy,
                         [&, seen](const rules::Result<engine::Choice>&) {
                             if (++started == 2)
                                 both_running.set_value();
                             go.wait();
                             seen->set_value(this_thread_scheduling());
                         });
    CHECK(first.get_future().get().policy == SCHED_IDLE);
    CHECK(second.get_future().get().policy == SCHED_IDLE);
    CHECK(warnings.empty());
    // The thread that made the pool is left as it was.
    CHECK(this_thread_scheduling().policy == before.policy);
    CHECK(this_thread_scheduling().nice == before.nice);
}

TEST_CASE("worker pool: the lowest priority is the normal policy at nice 19") {
    engine::WorkerPoolOptions options;
    options.priority = engine::WorkerPriority::Lowest;
    engine::WorkerPool pool(options);
    const auto seen = scheduling_inside_a_job(pool);
    CHECK(seen.policy == SCHED_OTHER);
    CHECK(seen.nice == 19);
}

TEST_CASE("worker pool: normal priority leaves the threads as their maker") {
    const auto before = this_thread_scheduling();
    engine::WorkerPoolOptions options;
    options.priority = engine::WorkerPriority::Normal;
    engine::WorkerPool pool(options);
    const auto seen = scheduling_inside_a_job(pool);
    CHECK(seen.policy == before.policy);
    CHECK(seen.nice == before.nice);
}
