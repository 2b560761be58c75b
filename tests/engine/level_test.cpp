// Levels, the clock budget and the seeded choice among root moves.
#include "engine/level.h"
#include "engine/root_choice.h"

#include <set>

#include <doctest/doctest.h>

using namespace std::chrono_literals;

TEST_CASE("levels: names read back, stronger levels search more and stray less") {
    for (const auto level : {engine::Level::Easy, engine::Level::Medium, engine::Level::Hard})
        CHECK(engine::level_from_name(engine::level_name(level)) == level);
    CHECK_FALSE(engine::level_from_name("grandmaster").has_value());
    const auto easy = engine::settings_of(engine::Level::Easy);
    const auto medium = engine::settings_of(engine::Level::Medium);
    const auto hard = engine::settings_of(engine::Level::Hard);
    CHECK(easy.node_limit < medium.node_limit);
    CHECK(medium.node_limit < hard.node_limit);
    CHECK(easy.max_depth < medium.max_depth);
    CHECK(medium.max_depth < hard.max_depth);
    // Every level is capped by nodes, so it plays the same on any machine without a clock.
    CHECK(easy.node_limit > 0);
    CHECK(easy.margin > medium.margin);
    CHECK(medium.margin > hard.margin);
}

TEST_CASE("levels: the clock budget stops well before the flag") {
    for (const auto remaining : {100ms, 1000ms, 10000ms, 600000ms}) {
        const auto budget = engine::budget_for({remaining, 2000ms});
        CHECK(budget.soft <= budget.hard);
        CHECK(budget.hard <= remaining / 4);
    }
    CHECK(engine::budget_for({30ms, 0ms}).hard == 0ms);
    CHECK(engine::budget_for({60000ms, 0ms}).soft == 2000ms);
}

TEST_CASE("root choice: a forced mate is never traded for a slower one") {
    const std::vector<engine::RootScore> scores{
        {0, engine::mate - 1, true}, {1, engine::mate - 3, true}, {2, 50, true}};
    const std::vector<std::string> names{"a", "b", "c"};
    for (std::uint64_t seed = 0; seed < 50; ++seed)
        CHECK(engine::pick_root_move(scores, names, engine::settings_of(engine::Level::Easy), seed)
                  .index == 0);
}

TEST_CASE("root choice: only exact scores within the margin are candidates") {
    const std::vector<engine::RootScore> scores{
        {2, 100, true}, {0, 90, true}, {1, 95, false}, {3, -200, true}};
    const std::vector<std::string> names{"a", "b", "c", "d"};
    std::set<int> picked;
    for (std::uint64_t seed = 0; seed < 200; ++seed)
        picked.insert(
            engine::pick_root_move(scores, names, engine::settings_of(engine::Level::Medium), seed)
                .index);
    CHECK(picked == std::set<int>{0, 2});
}
