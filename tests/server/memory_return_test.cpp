// When the server gives freed memory back (server/app/memory_return.h): once a burst of load
// has passed, never under a steady load.
#include "server/app/memory_return.h"

#include <atomic>
#include <chrono>
#include <vector>

#include <doctest/doctest.h>

TEST_CASE("memory return: a burst that has passed is seen once") {
    using server::TrimStep;
    server::TrimDecision decision(8);
    CHECK(decision.observe(0) == TrimStep::None);
    CHECK(decision.observe(100) == TrimStep::None);
    CHECK(decision.observe(120) == TrimStep::None);
    CHECK(decision.observe(61) == TrimStep::None); // not yet half of the high (120)
    CHECK(decision.observe(60) == TrimStep::Burst);
    CHECK(decision.observe(60) == TrimStep::None); // the high starts again from 60
    CHECK(decision.observe(0) == TrimStep::Burst);
    CHECK(decision.observe(0) == TrimStep::None);
}

TEST_CASE("memory return: after a burst the memory is returned again at readings 2, 4, 8 and 16") {
    using server::TrimStep;
    server::TrimDecision decision(8);
    CHECK(decision.observe(500) == TrimStep::None);
    CHECK(decision.observe(3) == TrimStep::Burst);
    std::vector<int> agains;
    for (int reading = 1; reading <= 40; ++reading)
        if (decision.observe(3 + reading % 2) == TrimStep::Again)
            agains.push_back(reading);
    CHECK(agains == std::vector<int>{2, 4, 8, 16});
}

TEST_CASE("memory return: load coming back ends the returns after a burst") {
    using server::TrimStep;
    server::TrimDecision decision(8);
    CHECK(decision.observe(500) == TrimStep::None);
    CHECK(decision.observe(0) == TrimStep::Burst);
    CHECK(decision.observe(0) == TrimStep::None);
    for (int reading = 0; reading < 20; ++reading) // more than min_drop above the fall
        CHECK(decision.observe(9) == TrimStep::None);
}

TEST_CASE("memory return: a steady or small load never returns memory") {
    using server::TrimStep;
    server::TrimDecision decision(8);
    for (int i = 0; i < 100; ++i)
        CHECK(decision.observe(200 + (i % 2) * 50) == TrimStep::None);
    server::TrimDecision small(8);
    CHECK(small.observe(10) == TrimStep::None);
    CHECK(small.observe(3) == TrimStep::None); // fell by 7 < 8
}

TEST_CASE("memory return: the compact step runs once when a burst has passed") {
    boost::asio::io_context io;
    std::atomic<std::int64_t> load{100};
    std::atomic<int> compacted{0};
    server::MemoryReturn watcher(
        io, [&] { return load.load(); }, [&] { compacted.fetch_add(1); },
        server::MemoryReturn::Settings{.period = std::chrono::milliseconds(5), .min_drop = 8});
    watcher.start();
    // Readings under the steady load of 100: nothing to compact.
    io.run_for(std::chrono::milliseconds(50));
    CHECK(compacted == 0);
    load = 0; // the burst has gone
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (compacted == 0 && std::chrono::steady_clock::now() < deadline) {
        io.restart();
        io.run_for(std::chrono::milliseconds(10));
    }
    io.restart();
    io.run_for(std::chrono::milliseconds(50)); // more readings at 0: no second compaction
    CHECK(compacted == 1);
    watcher.stop();
}

// glibc's own malloc only: AddressSanitizer replaces malloc, and its mallopt takes nothing.
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
TEST_CASE("memory return: glibc takes the fixed trim threshold") {
    CHECK(server::fix_trim_threshold(512 * 1024));
}
#endif
