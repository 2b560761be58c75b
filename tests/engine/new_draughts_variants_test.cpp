// The computer in the draughts variants of issue 39 (killer, breakthrough, frisian, frysk):
// every level answers a legal move, Breakthrough's win by crowning is taken, and the Frisian
// king held by its three moves is never moved. Strength is measured by hand (bench/).
#include "tests/engine/test_helpers.h"

#include <algorithm>

using engine::Level;
using engine_test::game_of;
using engine_test::move_at;
using rules::VariantId;

namespace {

bool legal_in_game(const rules::Game& game, const std::string& move) {
    const auto moves = game.legal_moves();
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

} // namespace

TEST_CASE("killer, breakthrough, frisian, frysk: each level answers a legal move") {
    const std::pair<VariantId, const char*> cases[] = {
        {VariantId::Killer, ""},
        {VariantId::Killer, "W:WK26,32,33,38,43,44,K49:BK4,13,K18,19,23,24,K35"},
        {VariantId::Breakthrough, ""},
        {VariantId::Frisian, ""},
        {VariantId::Frisian, "W:WK46,K25,28,32,33,41:BK5,K30,13,17,18,22,23"},
        {VariantId::Frysk, ""},
    };
    for (const auto& [variant, fen] : cases) {
        CAPTURE(rules::variant_name(variant));
        CAPTURE(fen);
        const auto game = game_of(variant, fen);
        for (const Level level : {Level::Easy, Level::Medium, Level::Hard})
            CHECK(legal_in_game(*game, move_at(*game, level)));
    }
}

TEST_CASE("breakthrough: Medium and Hard crown, which wins at once") {
    // 7-1 or 7-2 crowns; otherwise Black's man on 45 crowns next move.
    const auto game = game_of(VariantId::Breakthrough, "W:W7,31:B20,45");
    for (const Level level : {Level::Medium, Level::Hard}) {
        const std::string move = move_at(*game, level);
        CHECK((move == "7-1" || move == "7-2"));
    }
}

TEST_CASE("frisian: the engine never moves a king held by its three moves") {
    const auto game = game_of(VariantId::Frisian, "W:WK28,K50,45:B1:+0+328");
    for (const Level level : {Level::Easy, Level::Medium, Level::Hard}) {
        const std::string move = move_at(*game, level);
        CHECK(legal_in_game(*game, move));
        CHECK(move.rfind("28-", 0) != 0);
    }
}
