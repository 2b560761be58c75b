#pragma once
// Shared by the engine tests: games from a FEN, and the engine's move at a level with a fixed
// seed and no clock, so every test is the same on every machine.

#include "engine/engine.h"
#include "rules/game.h"

#include <memory>
#include <string>

#include <doctest/doctest.h>

namespace engine_test {

inline std::unique_ptr<rules::Game> game_of(rules::VariantId variant, const std::string& fen = {}) {
    auto game = rules::make_game(variant, fen);
    REQUIRE_MESSAGE(game.ok(), fen);
    return std::move(game.value());
}

inline std::string move_at(const rules::Game& game, engine::Level level, std::uint64_t seed = 1) {
    engine::Request request;
    request.level = level;
    request.seed = seed;
    if (level == engine::Level::Hard)
        request.node_limit = 300'000; // Hard at a tenth of its own cap: enough for these tests
    auto choice = engine::choose_move(game, request);
    REQUIRE_MESSAGE(choice.ok(), choice.error().detail);
    return choice->move;
}

} // namespace engine_test
