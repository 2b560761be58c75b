// A search stops when told to: by the stop flag (resign, abort, takeback, server stop), and
// by its hard time limit, read from the injected clock.
#include "engine/worker_pool.h"
#include "tests/engine/test_helpers.h"

#include <algorithm>
#include <future>

using engine::Level;
using namespace std::chrono_literals;

namespace {

// A clock that advances 10 ms each time it is read: time without waiting.
class SteppingClock final : public engine::Clock {
public:
    std::chrono::milliseconds elapsed() const override { return 10ms * ++reads_; }
    int reads() const { return reads_; }

private:
    mutable int reads_ = 0;
};

bool legal(const rules::Game& game, const std::string& move) {
    const auto moves = game.legal_moves();
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

} // namespace

TEST_CASE("every family: a raised stop flag ends the search at once with a legal move") {
    for (const auto variant :
         {rules::VariantId::Chess, rules::VariantId::International, rules::VariantId::Turkish}) {
        const auto game = engine_test::game_of(variant);
        const std::atomic<bool> stop{true};
        engine::Request request;
        request.level = Level::Hard;
        const auto choice = engine::choose_move(*game, request, {&stop, nullptr});
        REQUIRE(choice.ok());
        CHECK(choice->cancelled);
        CHECK(choice->nodes < 100);
        CHECK(legal(*game, choice->move));
    }
}

TEST_CASE("chess: every level stops within its clock budget") {
    const auto game = engine_test::game_of(rules::VariantId::Chess);
    for (const Level level : {Level::Medium, Level::Hard}) {
        engine::Request request;
        request.level = level;
        request.clock = engine::ClockState{2s, 0s};
        const auto budget = engine::budget_for(*request.clock); // hard stop at 487 ms
        const SteppingClock clock;
        const auto choice = engine::choose_move(*game, request, {nullptr, &clock});
        REQUIRE(choice.ok());
        CHECK(choice->depth >= 1);
        // The clock is read every 1024 nodes, so the search overshoots by one read at most.
        CHECK(10ms * clock.reads() <= budget.hard + 10ms);
        CHECK(legal(*game, choice->move));
    }
}

TEST_CASE("chess: Hard without a hard limit stops at its soft limit between iterations") {
    const auto game = engine_test::game_of(rules::VariantId::Chess);
    engine::Request request;
    request.level = Level::Hard;
    request.clock = engine::ClockState{60s, 0s}; // soft 2 s, hard 14.9 s
    const SteppingClock clock;
    const auto choice = engine::choose_move(*game, request, {nullptr, &clock});
    REQUIRE(choice.ok());
    const auto budget = engine::budget_for(*request.clock);
    CHECK(10ms * clock.reads() >= budget.soft);
    CHECK(10ms * clock.reads() < budget.hard);
}

TEST_CASE("worker pool: a cancelled request reports promptly, another one completes") {
    engine::WorkerPool pool(1);
    const auto game = engine_test::game_of(rules::VariantId::Chess);
    engine::Request endless;
    endless.level = Level::Hard;
    endless.node_limit = std::uint64_t{1} << 60;
    std::promise<rules::Result<engine::Choice>> cancelled;
    const auto ticket = pool.think(game->clone(), endless, [&](rules::Result<engine::Choice> r) {
        cancelled.set_value(std::move(r));
    });
    engine::Request easy;
    easy.level = Level::Easy;
    std::promise<rules::Result<engine::Choice>> completed;
    (void)pool.think(game->clone(), easy,
                     [&](rules::Result<engine::Choice> r) { completed.set_value(std::move(r)); });
    ticket->cancel();
    const auto first = cancelled.get_future().get();
    REQUIRE(first.ok());
    CHECK(first->cancelled);
    CHECK(legal(*game, first->move));
    const auto second = completed.get_future().get();
    REQUIRE(second.ok());
    CHECK_FALSE(second->cancelled);
    CHECK(legal(*game, second->move));
}
