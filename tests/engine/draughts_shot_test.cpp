// Forced shots: a man given away so that the capture it forces opens a bigger capture back.
// Squares are PDN numbers (rules/draughts/squares.h).
#include "tests/engine/test_helpers.h"

using engine::Level;
using engine_test::game_of;
using engine_test::move_at;
using rules::VariantId;

TEST_CASE("international: Medium and Hard play the two-for-one shot 34-29") {
    // 34-29 forces 23x34 (24x33 is blocked by the man on 33), and 40x20 takes two back.
    const auto game = game_of(VariantId::International, "W:W33,34,40,45,46:B1,23,24");
    for (const Level level : {Level::Medium, Level::Hard}) {
        const std::string move = move_at(*game, level);
        CHECK(move == "34-29");
        auto next = game->clone();
        REQUIRE(next->play(move).ok());
        REQUIRE(next->legal_moves() == std::vector<std::string>{"23x34"});
        REQUIRE(next->play("23x34").ok());
        CHECK(next->legal_moves() == std::vector<std::string>{"40x20"});
    }
}

TEST_CASE("russian: Medium and Hard play the two-for-one shot 19-15") {
    // The same shot on 8 x 8: 19-15 forces 10x19, and 24x8 takes two back.
    const auto game = game_of(VariantId::Russian, "W:W18,19,24,28,29:B1,10,11");
    for (const Level level : {Level::Medium, Level::Hard}) {
        const std::string move = move_at(*game, level);
        CHECK(move == "19-15");
        auto next = game->clone();
        REQUIRE(next->play(move).ok());
        REQUIRE(next->legal_moves() == std::vector<std::string>{"10x19"});
        REQUIRE(next->play("10x19").ok());
        CHECK(next->legal_moves() == std::vector<std::string>{"24x8"});
    }
}

// In the giveaway variants whoever cannot move wins: giving the last man away wins at once.
TEST_CASE("antidraughts and russian-giveaway: Medium and Hard give their last man away") {
    const std::pair<VariantId, const char*> cases[] = {
        {VariantId::Antidraughts, "W:W33:B23"},    // 33-28 or 33-29, and Black must take
        {VariantId::RussianGiveaway, "W:W22:B14"}, // 22-17 or 22-18, the same
    };
    for (const auto& [variant, fen] : cases) {
        const auto game = game_of(variant, fen);
        for (const Level level : {Level::Medium, Level::Hard}) {
            auto next = game->clone();
            REQUIRE(next->play(move_at(*game, level)).ok());
            const auto replies = next->legal_moves();
            REQUIRE(replies.size() == 1);
            REQUIRE(next->play(replies.front()).ok());
            CHECK(next->outcome().won_by(0));
        }
    }
}

TEST_CASE("turkish: Medium and Hard play the orthogonal two-for-one shot d4-d5") {
    // d4-d5 forces d6xd4 (e5 cannot take sideways: c5 is held, and the man taken leaves at
    // once), and c4xe6 takes the man on d4 and the one on e5.
    const auto game = game_of(VariantId::Turkish, "W:Wa2,b4,c4,d4,c5:Bd6,e5,g7,h7");
    for (const Level level : {Level::Medium, Level::Hard}) {
        const std::string move = move_at(*game, level);
        CHECK(move == "d4-d5");
        auto next = game->clone();
        REQUIRE(next->play(move).ok());
        REQUIRE(next->legal_moves() == std::vector<std::string>{"d6xd4"});
        REQUIRE(next->play("d6xd4").ok());
        CHECK(next->legal_moves() == std::vector<std::string>{"c4xe6"});
    }
}
