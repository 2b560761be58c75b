#pragma once
// Small helpers shared by the draughts tests.

#include "rules/game.h"
#include "tests/rules/rules_test_support.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

namespace draughts_test {

using Moves = std::vector<std::string>;

inline std::unique_ptr<rules::Game> game(std::string_view variant, std::string_view fen = {},
                                         rules::DrawRules draws = rules::DrawRules::Automatic) {
    const auto id = rules::variant_from_name(variant);
    REQUIRE(id);
    auto made = rules::make_game(*id, fen, {.draw_rules = draws});
    REQUIRE_MESSAGE(made.ok(), made.error().detail);
    return std::move(made.value());
}

// The legal moves of a position, as listed (origin, then destination).
inline Moves legal(std::string_view variant, std::string_view fen) {
    return game(variant, fen)->legal_moves();
}

using rules_test::play_all;
using rules_test::read_perft_file;

} // namespace draughts_test
