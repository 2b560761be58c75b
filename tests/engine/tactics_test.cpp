// Chess tactics every level above Easy must see: mates in one and two, a hanging piece.
#include "tests/engine/test_helpers.h"

using engine::Level;
using engine_test::game_of;
using engine_test::move_at;
using rules::VariantId;

namespace {

// True when `game` (the side to move) can mate in one.
bool mate_in_one(const rules::Game& game) {
    for (const auto& move : game.legal_moves()) {
        auto next = game.clone();
        REQUIRE(next->play(move).ok());
        if (next->outcome().reason == "checkmate")
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("chess: Medium and Hard mate in one on the back rank") {
    const auto game = game_of(VariantId::Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    CHECK(move_at(*game, Level::Medium) == "a1a8");
    CHECK(move_at(*game, Level::Hard) == "a1a8");
}

TEST_CASE("chess: Medium and Hard mate in one with Black to move") {
    // The knight on f3 covers g1 and h2: Qc1# and Qa1# both mate along the first rank.
    const auto game = game_of(VariantId::Chess, "7k/8/8/8/8/q4n2/6PP/7K b - - 0 1");
    for (const Level level : {Level::Medium, Level::Hard}) {
        auto next = game->clone();
        REQUIRE(next->play(move_at(*game, level)).ok());
        CHECK(next->outcome().reason == "checkmate");
    }
}

TEST_CASE("chess: Medium and Hard mate in two with two rooks") {
    // 1.Rb7 cuts the king off on the back rank; 1...Kf8 or Kh8 2.Ra8#. No mate in one exists.
    const auto game = game_of(VariantId::Chess, "6k1/8/8/8/8/8/8/RR4K1 w - - 0 1");
    REQUIRE_FALSE(mate_in_one(*game));
    for (const Level level : {Level::Medium, Level::Hard}) {
        auto after = game->clone();
        REQUIRE(after->play(move_at(*game, level)).ok());
        const auto replies = after->legal_moves();
        REQUIRE_FALSE(replies.empty());
        for (const auto& reply : replies) {
            auto next = after->clone();
            REQUIRE(next->play(reply).ok());
            CHECK_MESSAGE(mate_in_one(*next), "no mate after " << reply);
        }
    }
}

TEST_CASE("chess: every level takes a hanging queen") {
    const auto game = game_of(VariantId::Chess, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    for (const Level level : {Level::Easy, Level::Medium, Level::Hard})
        CHECK(move_at(*game, level, 7) == "d2d5");
}

TEST_CASE("chess: Medium and Hard do not take a pawn defended into losing the queen") {
    // Qxb7?? is answered by Rxb7 (the rook on b8 guards it).
    const auto game = game_of(VariantId::Chess, "1r4k1/1p3ppp/8/8/8/8/5PPP/1Q4K1 w - - 0 1");
    for (const Level level : {Level::Medium, Level::Hard})
        CHECK(move_at(*game, level) != "b1b7");
}
