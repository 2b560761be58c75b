// The searches in a process of their own (engine/search_process.h, issue 34): the real
// `tabula engine-worker` answers as choose_move does, in a session of its own; a cancel stops
// it; a killed process's search is answered in the calling thread and the next search starts
// a new process; a binary that cannot serve is given up, and nothing hangs.
#include "engine/search_process.h"
#include "engine/worker_pool.h"
#include "tests/engine/test_helpers.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace {

engine::SearchProcessOptions tabula_worker(std::vector<std::string>* warnings = nullptr,
                                           std::mutex* guard = nullptr) {
    engine::SearchProcessOptions options;
    options.executable = TABULA_BINARY;
    options.threads = 2;
    if (warnings)
        options.warn = [warnings, guard](const std::string& text) {
            const std::lock_guard lock(*guard);
            warnings->push_back(text);
        };
    return options;
}

} // namespace

TEST_CASE("search process: its moves are choose_move's, with the same log") {
    engine::SearchProcess process(tabula_worker());
    auto mate = engine_test::game_of(rules::VariantId::Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    auto draughts = engine_test::game_of(rules::VariantId::International);
    for (int i = 0; i < 6; ++i)
        REQUIRE(draughts->play(draughts->legal_moves().front()).ok());
    for (const auto* game : {mate.get(), draughts.get()}) {
        engine::Request request;
        request.level = engine::Level::Medium;
        request.seed = 99;
        const auto here = engine::choose_move(*game, request);
        const auto there = process.search(*game, request, {});
        REQUIRE(here.ok());
        REQUIRE_MESSAGE(there.ok(), there.error().detail);
        CHECK(there->move == here->move);
        CHECK(there->log == here->log);
        CHECK(there->nodes == here->nodes);
    }
    CHECK(process.started() == 1);

    auto over = engine_test::game_of(rules::VariantId::Chess, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    const auto error = process.search(*over, {}, {});
    REQUIRE_FALSE(error.ok());
    CHECK(error.error().code == "game_over");
}

TEST_CASE("search process: it leads a session of its own, at autogroup nice 19") {
    engine::SearchProcess process(tabula_worker());
    auto game = engine_test::game_of(rules::VariantId::Chess);
    REQUIRE(process.search(*game, {}, {}).ok());
    const int pid = process.pid();
    REQUIRE(pid > 0);
    CHECK(::getsid(pid) == pid);
    CHECK(::getsid(pid) != ::getsid(0));
    std::ifstream autogroup("/proc/" + std::to_string(pid) + "/autogroup");
    std::string line;
    if (autogroup && std::getline(autogroup, line)) // absent: a kernel without autogroups
        CHECK_MESSAGE(line.ends_with("nice 19"), line);
}

TEST_CASE("search process: a cancel stops its search with the best move so far") {
    engine::SearchProcess process(tabula_worker());
    auto game = engine_test::game_of(rules::VariantId::Chess);
    engine::Request hard;
    hard.level = engine::Level::Hard; // 3 million nodes: seconds, unless stopped
    hard.movetime = std::chrono::seconds(30);
    std::atomic<bool> stop{false};
    const engine::SteadyClock clock;
    const engine::SearchControl control{&stop, &clock};
    const auto begun = std::chrono::steady_clock::now();
    auto answer = std::async(std::launch::async, [&] { return process.search(*game, hard, control); });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop = true;
    REQUIRE(answer.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
    const auto choice = answer.get();
    REQUIRE(choice.ok());
    CHECK(choice->cancelled);
    CHECK(std::chrono::steady_clock::now() - begun < std::chrono::seconds(10));
}

TEST_CASE("search process: a killed process's search is answered here, the next starts anew") {
    std::vector<std::string> warnings;
    std::mutex guard;
    engine::SearchProcess process(tabula_worker(&warnings, &guard));
    auto game = engine_test::game_of(rules::VariantId::Chess);
    engine::Request hard;
    hard.level = engine::Level::Hard;
    hard.movetime = std::chrono::milliseconds(1500);
    const engine::SteadyClock clock;
    const engine::SearchControl control{nullptr, &clock};
    auto answer = std::async(std::launch::async, [&] { return process.search(*game, hard, control); });
    int pid = 0;
    for (int i = 0; i < 500 && pid == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        pid = process.pid();
    }
    REQUIRE(pid > 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(100)); // the search has been sent
    REQUIRE(::kill(pid, SIGKILL) == 0);
    REQUIRE(answer.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
    const auto choice = answer.get();
    REQUIRE(choice.ok());
    const auto legal = game->legal_moves();
    CHECK(std::find(legal.begin(), legal.end(), choice->move) != legal.end());

    engine::Request easy;
    easy.level = engine::Level::Easy;
    REQUIRE(process.search(*game, easy, {}).ok());
    CHECK(process.started() == 2);
    CHECK(process.pid() != pid);
    const std::lock_guard lock(guard);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings.front().find("signal 9") != std::string::npos);
}

TEST_CASE("search process: a binary that cannot serve is given up and the searches run here") {
    auto game = engine_test::game_of(rules::VariantId::Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    engine::Request medium;
    std::vector<std::string> warnings;
    std::mutex guard;
    SUBCASE("missing") {
        auto options = tabula_worker(&warnings, &guard);
        options.executable = "/nonexistent/tabula";
        engine::SearchProcess process(options);
        for (int i = 0; i < 3; ++i) {
            const auto choice = process.search(*game, medium, {});
            REQUIRE(choice.ok());
            CHECK(choice->move == "a1a8");
        }
        CHECK(process.started() == 0);
        const std::lock_guard lock(guard);
        REQUIRE(warnings.size() == 1);
        CHECK(warnings.front().find("could not be started") != std::string::npos);
    }
    SUBCASE("ends at once") {
        auto options = tabula_worker(&warnings, &guard);
        options.executable = "/bin/true";
        engine::SearchProcess process(options);
        const auto given_up = [&] {
            const std::lock_guard lock(guard);
            return std::any_of(warnings.begin(), warnings.end(), [](const std::string& text) {
                return text.find("three search processes") != std::string::npos;
            });
        };
        // A search sent before the process is seen gone is answered here without a new one.
        for (int i = 0; i < 200 && !given_up(); ++i) {
            const auto choice = process.search(*game, medium, {});
            REQUIRE(choice.ok());
            CHECK(choice->move == "a1a8");
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        REQUIRE(given_up());
        REQUIRE(process.search(*game, medium, {}).ok());
        CHECK(process.started() == 3);
    }
}
