// The engine never answers with an illegal move: thousands of positions from seeded random
// games of every variant, each asked at a small node cap.
#include "tests/engine/test_helpers.h"

#include <algorithm>
#include <random>

using engine_test::game_of;

TEST_CASE("every variant: the engine's move is legal in random positions") {
    std::mt19937_64 random(20261124);
    int asked = 0;
    for (const rules::VariantId variant : rules::all_variants()) {
        if (rules::family_of(variant) == rules::Family::Halma)
            continue; // halma_engine_test.cpp, with seats that leave
        CAPTURE(rules::variant_name(variant));
        for (int g = 0; g < 12; ++g) {
            auto game = game_of(variant);
            for (int ply = 0; ply < 200 && !game->outcome().over(); ++ply) {
                const auto moves = game->legal_moves();
                if (ply % 3 == 0) {
                    engine::Request request;
                    request.level = static_cast<engine::Level>(ply % 2);
                    request.seed = random();
                    request.node_limit = 150;
                    request.depth_limit = 3;
                    const auto choice = engine::choose_move(*game, request);
                    REQUIRE_MESSAGE(choice.ok(), game->position());
                    CHECK_MESSAGE(std::find(moves.begin(), moves.end(), choice->move) !=
                                      moves.end(),
                                  game->position() << " " << choice->move);
                    ++asked;
                }
                REQUIRE(game->play(moves[random() % moves.size()]).ok());
            }
        }
    }
    CHECK(asked >= 2000);
}

TEST_CASE("every variant: a game that is over gets an error, not a move") {
    const auto game = game_of(rules::VariantId::Chess, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    REQUIRE(game->outcome().over());
    const auto choice = engine::choose_move(*game, engine::Request{});
    REQUIRE_FALSE(choice.ok());
    CHECK(choice.error().code == "game_over");
}

TEST_CASE("chess: under ReportOnly draw rules the engine plays on past a draw rule") {
    // Bare kings: insufficient material, which ReportOnly reports without ending play.
    auto game = rules::make_game(rules::VariantId::Chess, "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
                                 {rules::DrawRules::ReportOnly})
                    .value();
    REQUIRE(game->outcome().over());
    REQUIRE_FALSE(game->legal_moves().empty());
    const auto choice = engine::choose_move(*game, engine::Request{});
    REQUIRE(choice.ok());
    const auto moves = game->legal_moves();
    CHECK(std::find(moves.begin(), moves.end(), choice->move) != moves.end());
}
