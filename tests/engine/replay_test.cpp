// A level plays the same on every machine: a fixed seed replays the same game.
#include "tests/engine/test_helpers.h"

#include <set>

using engine::Level;

namespace {

std::vector<std::string> play_out(rules::VariantId variant, std::uint64_t seed, int plies) {
    auto game = engine_test::game_of(variant);
    for (int ply = 0; ply < plies && !game->outcome().over(); ++ply) {
        const Level level = ply % 2 == 0 ? Level::Easy : Level::Medium;
        REQUIRE(game->play(engine_test::move_at(*game, level, seed)).ok());
    }
    return game->moves();
}

} // namespace

TEST_CASE("chess: a fixed seed replays the same Easy against Medium game") {
    const auto first = play_out(rules::VariantId::Chess, 42, 16);
    CHECK(first.size() == 16);
    CHECK(play_out(rules::VariantId::Chess, 42, 16) == first);
}

TEST_CASE("international: a fixed seed replays the same Easy against Medium game") {
    const auto first = play_out(rules::VariantId::International, 9, 20);
    CHECK(play_out(rules::VariantId::International, 9, 20) == first);
}

TEST_CASE("chess: Easy's choice depends on the seed, and the log names it") {
    const auto game = engine_test::game_of(rules::VariantId::Chess);
    std::set<std::string> chosen;
    for (std::uint64_t seed = 0; seed < 16; ++seed)
        chosen.insert(engine_test::move_at(*game, Level::Easy, seed));
    CHECK(chosen.size() > 1);
    engine::Request request;
    request.level = Level::Easy;
    request.seed = 5;
    const auto choice = engine::choose_move(*game, request);
    REQUIRE(choice.ok());
    CHECK(choice->log.find("seed 5") != std::string::npos);
    CHECK(choice->log.find(choice->move) != std::string::npos);
}
