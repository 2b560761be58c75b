// Killer and Breakthrough (issue 39): the rule each adds to the international game, in small
// positions with their complete move lists, the end of a Breakthrough game, and the records.
#include "rules/draughts/draw_rules.h"
#include "rules/draughts/fen.h"
#include "tests/rules/draughts/test_helpers.h"

using draughts_test::game;
using draughts_test::legal;
using draughts_test::Moves;
using draughts_test::play_all;

TEST_CASE("killer: a king taking a king as its last piece stops just behind it") {
    // The king on 46 takes the king on 23 and may land only on 19; a man there leaves it free.
    CHECK(legal("killer", "W:WK46:BK23") == Moves{"46x19"});
    CHECK(legal("international", "W:WK46:BK23") == Moves{"46x5", "46x10", "46x14", "46x19"});
    CHECK(legal("killer", "W:WK46:B23") == Moves{"46x5", "46x10", "46x14", "46x19"});
}

TEST_CASE("killer: only the last piece decides the halt, a single capture included") {
    // The king on 23 first, then the man on 9 last: the king must land on 14 to go on (FMJD
    // art. 4.6), and ends on 3, behind the man.
    CHECK(legal("killer", "W:WK46:B9,K23") == Moves{"46x3"});
    // The man on 37 first, then the king on 38 last: stop on 43, just behind it.
    CHECK(legal("killer", "W:WK46:B37,K38") == Moves{"46x43"});
    CHECK(legal("international", "W:WK46:B37,K38") == Moves{"46x43", "46x49"});
    // A man's capture of a king lands behind it anyway.
    CHECK(legal("killer", "W:W38:BK33") == Moves{"38x29"});
}

TEST_CASE("killer: the game, its FEN and its record") {
    auto g = game("killer", "W:WK46:BK23,1");
    REQUIRE(g->play("46x19").ok());
    CHECK(g->position() == "B:WK19:B1");
    const auto pdn = g->record({});
    CHECK(pdn.find("[GameType \"20\"]") != std::string::npos);
    CHECK(pdn.find("[Variant \"killer\"]") != std::string::npos);
}

TEST_CASE("breakthrough: the first king made wins the game") {
    auto g = game("breakthrough", "W:W7,31:B20,45");
    REQUIRE(g->play("7-1").ok());
    CHECK(g->outcome() == rules::Outcome::win(0, "breakthrough"));
    CHECK(g->legal_moves().empty());
    CHECK(g->play("45-50").error().code == "game_over");
    CHECK(g->position() == "B:WK1,31:B20,45");
    const auto pdn = g->record({});
    CHECK(pdn.find("[Variant \"breakthrough\"]") != std::string::npos);
    CHECK(pdn.find("2-0") != std::string::npos);

    auto black = game("breakthrough", "B:W7,31:B45");
    REQUIRE(black->play("45-50").ok());
    CHECK(black->outcome() == rules::Outcome::win(1, "breakthrough"));
}

TEST_CASE("breakthrough: a capture that ends on the far row crowns and wins, passing it does not") {
    auto g = game("breakthrough", "W:W13:B7,8,30");
    CHECK(g->legal_moves() == Moves{"13x11"}); // passes row 1 at 2 and ends on 11 a man
    REQUIRE(g->play("13x11").ok());
    CHECK(g->outcome() == rules::Outcome{});
    auto crown = game("breakthrough", "W:W12:B8,30");
    REQUIRE(crown->play("12x3").ok());
    CHECK(crown->outcome().won_by(0));
}

TEST_CASE("breakthrough: a FEN may hold one side's king (the game is over), not both") {
    CHECK(game("breakthrough", "B:WK1:B20")->outcome().won_by(0));
    CHECK(game("breakthrough", "W:WK1:B20")->outcome().won_by(0));
    const auto both =
        rules::make_game(rules::VariantId::Breakthrough, "W:WK1:BK50", rules::GameOptions{});
    REQUIRE_FALSE(both.ok());
    CHECK(both.error().code == "bad_fen");
    CHECK(both.error().detail.find("both sides have a king") != std::string::npos);
    // In international the same position is a game.
    CHECK(game("international", "W:WK1:BK50")->outcome() == rules::Outcome{});
}

TEST_CASE("breakthrough: no draw rule, not even repetition, and no counter") {
    const auto rules = *rules::draughts::rules_of(rules::VariantId::Breakthrough);
    const auto position = rules::draughts::read_fen(rules, "W:W31:B20");
    REQUIRE(position.ok());
    const rules::draughts::DrawCounters counters{200, 200, rules::draughts::Ending::None, 200};
    CHECK(rules::draughts::draw_rule_holding(rules, *position, counters, 5) == std::nullopt);
    const auto international = *rules::draughts::rules_of(rules::VariantId::International);
    CHECK(rules::draughts::draw_rule_holding(international, *position, counters, 3) == "threefold");
}
