// Frisian and Frysk! (issue 39): each rule the Frisian game adds in a small position with its
// complete move list (the sources are in rules/draughts/variants.h and draw_rules.h): the
// orthogonal captures, the value rule, the three king moves and their count in the FEN, the
// draws, and the records. Square numbers are pictured in rules/draughts/squares.h.
#include "rules/draughts/draw_rules.h"
#include "rules/draughts/fen.h"
#include "tests/rules/draughts/test_helpers.h"

using draughts_test::game;
using draughts_test::legal;
using draughts_test::Moves;
using draughts_test::play_all;

TEST_CASE("frisian: a man captures along rows and columns, forward and backward") {
    CHECK(legal("frisian", "W:W28:B18") == Moves{"28x8"});  // up the column
    CHECK(legal("frisian", "W:W28:B38") == Moves{"28x48"}); // down it
    CHECK(legal("frisian", "W:W28:B27") == Moves{"28x26"}); // along the row
    CHECK(legal("frisian", "W:W28:B29") == Moves{"28x30"});
    CHECK(legal("international", "W:W28:B18") == Moves{"28-22", "28-23"});
}

TEST_CASE("frisian: captures chain diagonal and orthogonal jumps") {
    CHECK(legal("frisian", "W:W28:B16,27") == Moves{"28x6"}); // 28x26 along, 26x6 up
}

TEST_CASE("frisian: a king flies along a column to capture, and moves only diagonally") {
    CHECK(legal("frisian", "W:WK46:B16") == Moves{"46x6"});
    CHECK(legal("frisian", "W:WK46:B5") ==
          Moves{"46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41"});
}

TEST_CASE("frisian: a man passing the far row in a capture stays a man") {
    // 12x3 (over 8), 3x5 along the row (over 4), 5x14 (over 10): ends a man on 14.
    auto g = game("frisian", "W:W12:B4,8,10,36");
    CHECK(g->legal_moves() == Moves{"12x14"});
    REQUIRE(g->play("12x14").ok());
    CHECK(g->position() == "B:W14:B36");
}

TEST_CASE("frisian: the capture of the highest value must be taken") {
    // A king (199) outweighs a man (100): the count is equal, the value is not.
    CHECK(legal("frisian", "W:W46,50:BK41,44") == Moves{"46x37"});
    CHECK(legal("international", "W:W46,50:BK41,44") == Moves{"46x37", "50x39"});
    // Two men (200) outweigh one king (199).
    CHECK(legal("frisian", "W:W46,50:BK41,33,44") == Moves{"50x28"});
    // Two kings (398) outweigh three men (300), where international takes the three.
    CHECK(legal("frisian", "W:W45,47:BK31,K41,18,29,40") == Moves{"47x27"});
    CHECK(legal("international", "W:W45,47:BK31,K41,18,29,40") == Moves{"45x12"});
}

TEST_CASE("frisian: with equal value a king must capture, two men may choose") {
    CHECK(legal("frisian", "W:WK46,50:B23,44") == Moves{"46x5", "46x10", "46x14", "46x19"});
    CHECK(legal("international", "W:WK46,50:B23,44") ==
          Moves{"46x5", "46x10", "46x14", "46x19", "50x39"});
    CHECK(legal("frisian", "W:W46,50:B41,44") == Moves{"46x37", "50x39"});
}

TEST_CASE("frisian: a king makes at most three non-capturing moves in a row") {
    auto g = game("frisian", "W:WK47,45:B4");
    play_all(*g, {"47-42", "4-10", "42-47", "10-14"});
    CHECK(g->position() == "W:W45,K47:B14:+0+247");
    REQUIRE(g->play("47-42").ok());
    REQUIRE(g->play("14-19").ok());
    CHECK(g->position() == "W:WK42,45:B19:+0+342");
    CHECK(g->legal_moves() == Moves{"45-40"}); // the king is held; the man must move
    CHECK(g->play("42-47").error().code == "illegal_move");
    REQUIRE(g->play("45-40").ok()); // a man's move sets the king free
    REQUIRE(g->play("19-23").ok());
    CHECK(g->position() == "W:W40,K42:B23");
    CHECK(g->play("42-47").ok());
}

TEST_CASE("frisian: the count is per king, a capture resets it, and kings alone are free") {
    // Another king may move while the counted one is held.
    CHECK(legal("frisian", "W:WK28,K50,45:B1:+0+328") == Moves{"45-40", "50-33", "50-39", "50-44"});
    // The held king still captures (and must), and the capture resets its count.
    auto g = game("frisian", "W:WK28,45:B1,23:+0+328");
    CHECK(g->legal_moves() == Moves{"28x5", "28x10", "28x14", "28x19"});
    REQUIRE(g->play("28x19").ok());
    CHECK(g->position() == "B:WK19,45:B1");
    // A side with only kings has no count: a fourth move in a row with one king is allowed.
    auto kings = game("frisian", "W:WK47:B4");
    play_all(*kings, {"47-42", "4-10", "42-47", "10-14", "47-42", "14-19", "42-47"});
    CHECK(kings->position() == "B:WK47:B19");
}

TEST_CASE("frisian: the king-move count is read strictly and written back") {
    CHECK(game("frisian", "W:WK28,45:B1:+0+328")->position() == "W:WK28,45:B1:+0+328");
    CHECK(game("frisian", "B:WK28,45:BK1,6:+11+228")->position() == "B:WK28,45:BK1,6:+11+228");
    CHECK(game("frisian", "W:WK28,45:B1:+0+0")->position() == "W:WK28,45:B1");
    const auto refused = [](std::string_view fen) {
        const auto made = rules::make_game(rules::VariantId::Frisian, fen, {});
        REQUIRE_FALSE(made.ok());
        CHECK(made.error().code == "bad_fen");
        return made.error().detail;
    };
    CHECK(refused("W:WK28,45:B1:+0+428").find("0 to 3") != std::string::npos);
    CHECK(refused("W:WK28,45:B1:+0+329").find("no king") != std::string::npos);
    CHECK(refused("W:WK28:B1:+0+328").find("only kings") != std::string::npos);
    CHECK(refused("W:WK28,45:B1:+0+028").find("names no square") != std::string::npos);
    CHECK(refused("W:WK28,45:B1:+0").find("king-move field") != std::string::npos);
    CHECK(refused("W:WK28,45:B1:+0+3").find("names no square") != std::string::npos);
    // The field belongs to the Frisian games only.
    CHECK_FALSE(rules::make_game(rules::VariantId::International, "W:WK28,45:B1:+0+328", {}).ok());
}

TEST_CASE("frisian: no repetition rule, two kings against one draw after seven moves each") {
    auto g = game("frisian", "W:WK46:BK2,K3", rules::DrawRules::Automatic);
    CHECK(g->outcome() == rules::Outcome{});
    const auto rules = *rules::draughts::rules_of(rules::VariantId::Frisian);
    const auto position = rules::draughts::read_fen(rules, "W:WK46:BK2,K3");
    REQUIRE(position.ok());
    CHECK(rules::draughts::ending_of(rules, *position) == rules::draughts::Ending::TwoKings);
    const auto at = [&](int plies, int repetitions) {
        const rules::draughts::DrawCounters c{plies, plies, rules::draughts::Ending::TwoKings,
                                              plies};
        return rules::draughts::draw_rule_holding(rules, *position, c, repetitions);
    };
    CHECK(at(13, 5) == std::nullopt);
    CHECK(at(14, 1) == "7-move");
    CHECK(at(15, 1) == "7-move");
    // Two kings and a man against a king is not the ending.
    const auto with_man = rules::draughts::read_fen(rules, "W:WK46:BK2,K3,6");
    REQUIRE(with_man.ok());
    CHECK(rules::draughts::ending_of(rules, *with_man) == rules::draughts::Ending::None);
}

TEST_CASE("frysk: the Frisian rules from five men each") {
    auto g = game("frysk");
    CHECK(g->position() == "W:W46-50:B1-5");
    CHECK(g->legal_moves() ==
          Moves{"46-41", "47-41", "47-42", "48-42", "48-43", "49-43", "49-44", "50-44", "50-45"});
    CHECK(legal("frysk", "W:W28:B18") == Moves{"28x8"});
    const auto six = rules::make_game(rules::VariantId::Frysk, "W:W45-50:B1-5", {});
    REQUIRE_FALSE(six.ok());
    CHECK(six.error().detail.find("at most 5") != std::string::npos);
}

TEST_CASE("frisian and frysk: the PDN records name the game") {
    auto g = game("frisian");
    REQUIRE(g->play("32-28").ok());
    const auto pdn = g->record({});
    CHECK(pdn.find("[GameType \"40\"]") != std::string::npos);
    CHECK(pdn.find("[Variant") == std::string::npos);
    const auto frysk = game("frysk")->record({});
    CHECK(frysk.find("[GameType \"40\"]") != std::string::npos);
    CHECK(frysk.find("[Variant \"frysk\"]") != std::string::npos);
    CHECK(frysk.find("[FEN") == std::string::npos); // its own start position
}

TEST_CASE("frisian: king against king is drawn at once unless a king is bound to fall") {
    const auto outcome = [](std::string_view fen) { return game("frisian", fen)->outcome(); };
    const rules::Outcome drawn{rules::Outcome::Status::Draw, "king-v-king"};
    CHECK(outcome("W:WK47:BK4") == drawn);
    CHECK(outcome("B:WK47:BK4") == drawn);
    CHECK(outcome("W:WK16:BK20") == drawn); // on one row, but nothing behind the far king
    // The side to move takes the other king now.
    CHECK(outcome("W:WK28:BK23") == rules::Outcome{});
    // Every move of White stays on the long diagonal, where the king on 5 takes it.
    CHECK(outcome("W:WK46:BK5") == rules::Outcome{});
    // 10-46, and the king on 5, held to the long diagonal, must step in front of it.
    CHECK(outcome("W:WK10:BK5") == rules::Outcome{});
    // International has no such rule: the 5-move count starts.
    CHECK(game("international", "W:WK47:BK4")->outcome() == rules::Outcome{});
    // A game reaching it ends there.
    auto g = game("frisian", "W:WK28:BK23,K47");
    REQUIRE(g->outcome() == rules::Outcome{});
    REQUIRE(g->play("28x19").ok());
    CHECK(g->outcome() == drawn);
    CHECK(g->legal_moves().empty());
}
