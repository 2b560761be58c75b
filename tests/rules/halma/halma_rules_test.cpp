// The rules of the halma family (rules/halma/README.md): moves, the goal lock, the own-region
// rule, anti-spoiling, the finishing order and the move limit, each at and around its
// condition. Cell names as in the README's diagrams.
#include "halma_test_support.h"
#include "rules/halma/halma_game.h"
#include "rules/halma/variants.h"

#include <doctest/doctest.h>

using halma_test::game_of;
using halma_test::moves_from;
using rules::VariantId;
using Strings = std::vector<std::string>;

namespace {

// Seat 2's ten pieces out of everyone's way on row j (Chinese checkers for two).
constexpr const char* row_j = "j1,j2,j3,j4,j5,j6,j7,j8,j9,j10";

std::string cc2(const std::string& seat1, const std::string& seat2 = row_j) {
    return "1:" + seat1 + ":" + seat2 + ":0:-";
}

std::unique_ptr<rules::Game> with_rules(const rules::halma::Rules& rules, const std::string& fen) {
    auto game = rules::halma::make_game_with_rules(rules, fen);
    REQUIRE(game.ok());
    return std::move(game.value());
}

} // namespace

TEST_CASE("chinese checkers: a piece steps to the six neighbours and hops any piece") {
    // i5 is the centre; every neighbour empty: six steps, no hop.
    const std::string row_e = "e1,e2,e3,e4,e5,e6,e7,e8,e9,e10";
    auto game = game_of(VariantId::ChineseCheckers2, cc2("i5,m1,m2,m3,m4,m5,m6,m7,m8,m9", row_e));
    REQUIRE(game);
    CHECK(moves_from(*game, "i5") == Strings{"i5-h5", "i5-h6", "i5-i4", "i5-i6", "i5-j5", "i5-j6"});
    // Its own piece on i6 and the other side's on h5: hops to i7 and g5 instead of steps.
    auto hops = game_of(VariantId::ChineseCheckers2,
                        cc2("i5,i6,m1,m2,m3,m4,m5,m6,m7,m8", "h5,e1,e2,e3,e4,e5,e6,e7,e8,e9"));
    REQUIRE(hops);
    CHECK(moves_from(*hops, "i5") == Strings{"i5-g5", "i5-h6", "i5-i4", "i5-i7", "i5-j5", "i5-j6"});
    // The start: ten first moves each way (four front pieces step, three hop), 14 in all.
    CHECK(game_of(VariantId::ChineseCheckers2)->legal_moves().size() == 14);
}

TEST_CASE("halma: a piece steps in eight directions and two hop chains to a cell are one move") {
    // d4 hops over e4 to f4 and over d5 to d6; f6 is reached from both (over f5, over e6).
    const std::string fen = "1:d4,e4,d5,f5,e6,a10,b10,c10,d10,e10,f10,g10,h10,i10,j10,k10,l10,"
                            "m10,n10:a8,b8,c8,d8,e8,f8,g8,h8,i8,j8,k8,l8,m8,n8,o8,p8,a14,b14,"
                            "c14:0:-";
    auto game = game_of(VariantId::Halma2, fen);
    REQUIRE(game);
    CHECK(moves_from(*game, "d4") ==
          Strings{"d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d6", "d4-e3", "d4-e5", "d4-f4", "d4-f6"});
    auto other = game->clone();
    REQUIRE(game->play("d4-f4-f6").ok());
    REQUIRE(other->play("d4-d6-f6").ok());
    CHECK(game->position() == other->position());
    CHECK(game->moves() == Strings{"d4-f6"});
    CHECK(other->moves() == Strings{"d4-f6"});
}

TEST_CASE("a full hop path is accepted only when it is a chain of hops") {
    // chinese-checkers-2 "chain-through-goal" of tests/data: e5 hops d1 to c1, then d2 to e7.
    const std::string fen = cc2("e5,i1,i2,i3,i4,i5,i6,i7,i8,q1", "d1,d2,j1,j2,j3,j4,j5,j6,j7,j8");
    auto game = game_of(VariantId::ChineseCheckers2, fen);
    REQUIRE(game);
    CHECK(game->play("e5-d1-e7").error().code == "illegal_move"); // d1 is a piece, not a landing
    CHECK(game->play("e5-f5-e7").error().code == "illegal_move"); // a step, then nothing
    CHECK(game->play("e5").error().code == "bad_move_syntax");
    CHECK(game->play("e5-zz").error().code == "bad_move_syntax");
    CHECK(game->position() == fen);
    const auto played = game->play("e5-c1-e7");
    REQUIRE(played.ok());
    CHECK(played->notation == "e5-e7");
    CHECK(played->path.size() == 3);
    CHECK(game->moves() == Strings{"e5-e7"});
}

TEST_CASE("own region: no move into the goal while a piece is still at home") {
    const auto& rules = rules::halma::chinese_checkers_2;
    // q1 is still at home: e5 may not stop in the goal (d1) ...
    auto at_home = game_of(VariantId::ChineseCheckers2, cc2("e5,i1,i2,i3,i4,i5,i6,i7,i8,q1"));
    REQUIRE(at_home);
    CHECK(moves_from(*at_home, "e5") == Strings{"e5-e4", "e5-e6", "e5-f4", "e5-f5"});
    // ... but may pass through it in a chain (e5-c1-e7), not stop on c1.
    auto through = game_of(VariantId::ChineseCheckers2,
                           cc2("e5,i1,i2,i3,i4,i5,i6,i7,i8,q1", "d1,d2,j1,j2,j3,j4,j5,j6,j7,j8"));
    REQUIRE(through);
    CHECK(moves_from(*through, "e5") == Strings{"e5-e4", "e5-e6", "e5-e7", "e5-f4", "e5-f5"});
    // Once home is empty the goal opens.
    auto left_home = game_of(VariantId::ChineseCheckers2, cc2("e5,i1,i2,i3,i4,i5,i6,i7,i8,i9"));
    REQUIRE(left_home);
    CHECK(moves_from(*left_home, "e5") == Strings{"e5-d1", "e5-e4", "e5-e6", "e5-f4", "e5-f5"});
    auto through_open = game_of(VariantId::ChineseCheckers2, cc2("e5,i1,i2,i3,i4,i5,i6,i7,i8,i9",
                                                                 "d1,d2,j1,j2,j3,j4,j5,j6,j7,j8"));
    REQUIRE(through_open);
    CHECK(moves_from(*through_open, "e5") ==
          Strings{"e5-c1", "e5-e4", "e5-e6", "e5-e7", "e5-f4", "e5-f5"});
    // The option off: the goal is open with a piece at home.
    auto rule = rules;
    rule.home_before_goal = false;
    CHECK(moves_from(*with_rules(rule, cc2("e5,i1,i2,i3,i4,i5,i6,i7,i8,q1")), "e5") ==
          Strings{"e5-d1", "e5-e4", "e5-e6", "e5-f4", "e5-f5"});
}

TEST_CASE("goal lock: a piece in its goal moves only within it, at every hop") {
    auto game = game_of(VariantId::ChineseCheckers2, cc2("d1,i1,i2,i3,i4,i5,i6,i7,i8,i9"));
    REQUIRE(game);
    CHECK(moves_from(*game, "d1") == Strings{"d1-c1", "d1-d2"});
    // Hops: over d2 into d3 (goal) yes, over e6 into f6 (outside) no.
    const std::string hops = cc2("d1,d2,e6,i1,i2,i3,i4,i5,i6,i7");
    auto hopping = game_of(VariantId::ChineseCheckers2, hops);
    REQUIRE(hopping);
    CHECK(moves_from(*hopping, "d1") == Strings{"d1-c1", "d1-d3"});
    CHECK(hopping->play("d1-f6").error().code == "illegal_move");
    // The option off: d1 leaves the goal like any piece.
    auto rule = rules::halma::chinese_checkers_2;
    rule.goal_lock = false;
    CHECK(moves_from(*with_rules(rule, hops), "d1") == Strings{"d1-c1", "d1-d3", "d1-e5", "d1-f6"});
    // A piece just outside the goal is not locked.
    auto outside = game_of(VariantId::ChineseCheckers2, cc2("e5,i1,i2,i3,i4,i5,i6,i7,i8,i9"));
    CHECK(moves_from(*outside, "e5").size() == 5);
}

TEST_CASE("anti-spoiling: a filled goal with one of the owner's pieces counts as reached") {
    // Seat 2 keeps a1 in seat 1's goal; seat 1 holds the other goal cells but d1.
    const std::string fen = cc2("b1,b2,c1,c2,c3,d2,d3,d4,e5,i5", "a1,j1,j2,j3,j4,j5,j6,j7,j8,j9");
    auto game = game_of(VariantId::ChineseCheckers2, fen);
    REQUIRE(game);
    CHECK_FALSE(game->outcome().over()); // one goal cell still empty
    REQUIRE(game->play("e5-d1").ok());
    const auto outcome = game->outcome();
    CHECK(outcome.won_by(0));
    CHECK(outcome.reason == "finished");
    CHECK(outcome.places == std::vector<int>{1, 2});
    CHECK(game->legal_moves().empty());
    // Without the remedy the spoiler holds seat 1 back.
    auto rule = rules::halma::chinese_checkers_2;
    rule.anti_spoiling = rules::halma::AntiSpoiling::None;
    auto strict = with_rules(rule, fen);
    REQUIRE(strict->play("e5-d1").ok());
    CHECK_FALSE(strict->outcome().over());
    CHECK(strict->seat_to_move() == 1);
    // A goal full of the other side's pieces only (the start) is not reached.
    CHECK_FALSE(game_of(VariantId::ChineseCheckers2)->outcome().over());
}

TEST_CASE("finishing order: finished players are skipped and the last one places last") {
    // Seat 1 (goal: top) and seat 2 (goal: lower right) are one move from their goals.
    const std::string fen = "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,"
                            "m12,m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:0:-";
    auto game = game_of(VariantId::ChineseCheckers3, fen);
    REQUIRE(game);
    CHECK(game->players() == 3);
    REQUIRE(game->play("e5-d1").ok());
    CHECK(game->position().substr(game->position().rfind(':')) == ":1");
    CHECK(game->seat_to_move() == 1);
    REQUIRE(game->play("i9-i8").ok());
    CHECK(game->seat_to_move() == 2);
    REQUIRE(game->play(game->legal_moves().front()).ok());
    CHECK(game->seat_to_move() == 1); // seat 1 has finished: skipped
    REQUIRE(game->play("i8-j9").ok());
    REQUIRE(game->play(game->legal_moves().front()).ok());
    CHECK_FALSE(game->outcome().over());
    REQUIRE(game->play("j9-j10").ok());
    const auto outcome = game->outcome();
    CHECK(outcome.reason == "finished");
    CHECK(outcome.places == std::vector<int>{1, 2, 3});
    CHECK(outcome.status == rules::Outcome::Status::Ranked); // more than two: places decide
    CHECK(outcome.winner == -1);
    CHECK(game->play("f5-f4").error().code == "game_over");
}

TEST_CASE("a seat with no move passes") {
    // Anti-spoiling off: seat 1's nine goal pieces are stuck behind seat 2's a1, and q1 is
    // walled in by p1, p2, o1 and o3.
    auto rule = rules::halma::chinese_checkers_2;
    rule.anti_spoiling = rules::halma::AntiSpoiling::None;
    const std::string seat1 = "b1,b2,c1,c2,c3,d1,d2,d3,d4,q1";
    const std::string seat2 = "a1,o1,o3,p1,p2,i1,i2,i3,i4,i5";
    auto refused = rules::halma::make_game_with_rules(rule, "1:" + seat1 + ":" + seat2 + ":0:-");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().detail == "seat 1 is to move but has no move (it would pass)");
    auto game = with_rules(rule, "2:" + seat1 + ":" + seat2 + ":0:-");
    REQUIRE(game->play("i1-h1").ok());
    CHECK(game->seat_to_move() == 1); // seat 1 passes
    CHECK_FALSE(game->outcome().over());
}

TEST_CASE("move limit: the unfinished are ranked by distance to their goals") {
    // Two moves before the limit of 400 (two players): seat 1 steps, seat 2 hops two rows.
    auto game = game_of(VariantId::ChineseCheckers2, "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,"
                                                     "b2,c1,c2,c3,d1,d2,d3,d4:398:-");
    REQUIRE(game);
    REQUIRE(game->play("n1-m5").ok());
    CHECK_FALSE(game->outcome().over());
    REQUIRE(game->play("c1-e5").ok());
    auto outcome = game->outcome();
    CHECK(outcome.reason == "move-limit");
    CHECK(outcome.places == std::vector<int>{2, 1});
    CHECK(outcome.won_by(1));
    // Equal distances share a place.
    auto tie = game_of(VariantId::ChineseCheckers2,
                       "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,q1:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:400:-");
    REQUIRE(tie);
    CHECK(tie->outcome().places == std::vector<int>{1, 1});
    CHECK(tie->outcome().status == rules::Outcome::Status::Draw);
    // Three players at the limit of 600: seat 1 and 2 both one step away, seat 3 far.
    auto three = game_of(VariantId::ChineseCheckers3,
                         "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,m12,"
                         "m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:599:-");
    REQUIRE(three);
    REQUIRE(three->play("d2-d1").ok());
    CHECK(three->outcome().reason == "move-limit");
    CHECK(three->outcome().places == std::vector<int>{1, 1, 3});
    // A finished seat keeps its place ahead of the ranking.
    auto again = game_of(VariantId::ChineseCheckers3,
                         "1:a1,b1,b2,c1,c2,c3,d2,d3,d4,e5:i9,k10,k11,l10,l11,l12,m10,m11,m12,"
                         "m13:f5,f6,g2,g3,g4,g5,g6,g7,g8,g9:599:-");
    REQUIRE(again->play("i9-j10").error().code == "illegal_move"); // not seat 2's turn
    REQUIRE(again->play("e5-d1").ok());
    CHECK(again->outcome().places == std::vector<int>{1, 2, 3});
}

TEST_CASE("anti-spoiling: another player's move can fill a goal and finish its owner") {
    // Seat 1 holds nine cells of its goal; seat 2 steps into the tenth, d1 (its own home).
    auto game = game_of(VariantId::ChineseCheckers2,
                        "2:a1,b1,b2,c1,c2,c3,d2,d3,d4,i5:e5,j1,j2,j3,j4,j5,j6,j7,j8,j9:0:-");
    REQUIRE(game);
    REQUIRE(game->play("e5-d1").ok());
    CHECK(game->outcome().reason == "finished");
    CHECK(game->outcome().places == std::vector<int>{1, 2});
    CHECK(game->outcome().won_by(0));
}

TEST_CASE("no moves: when no unfinished player can move the game ends, ranked by distance") {
    // Anti-spoiling off: each side fills its goal but for the cell the other's last piece
    // holds, and that piece is walled in at the apex. Nobody can move; both are 16 steps away.
    auto rule = rules::halma::chinese_checkers_2;
    rule.anti_spoiling = rules::halma::AntiSpoiling::None;
    auto game = with_rules(rule, "1:b1,b2,c1,c2,c3,d1,d2,d3,d4,q1:a1,n1,n2,n3,n4,o1,o2,o3,p1,"
                                 "p2:0:-");
    const auto outcome = game->outcome();
    CHECK(outcome.reason == "no-moves");
    CHECK(outcome.places == std::vector<int>{1, 1});
    CHECK(outcome.status == rules::Outcome::Status::Draw);
    CHECK(game->legal_moves().empty());
    // With the remedy both have arrived, and the notation must say so.
    auto remedied = game_of(VariantId::ChineseCheckers2,
                            "1:b1,b2,c1,c2,c3,d1,d2,d3,d4,q1:a1,n1,n2,n3,n4,o1,o2,o3,p1,p2:0:-");
    CHECK_FALSE(remedied);
}
