// The draughts Game behind the variant-neutral face: move input, refusals, FEN, the board,
// outcomes, PDN export. The draw rules are tested in draw_rules_test.cpp.
#include "rules/record/record_reader.h"
#include "tests/rules/draughts/test_helpers.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using draughts_test::game;
using draughts_test::legal;
using draughts_test::Moves;
using draughts_test::play_all;

TEST_CASE("draughts: a move is read in PDN, with ':' for captures, or in algebraic squares") {
    auto g = game("russian");
    REQUIRE(g->play("c3-d4").ok());
    REQUIRE(g->play("f6e5").ok());
    const auto capture = g->play("d4:f6");
    REQUIRE(capture.ok());
    CHECK(capture->notation == "18x11");
    CHECK(g->moves() == Moves{"22-18", "11-15", "18x11"});
    CHECK(g->legal_moves() == Moves{"7x16", "8x15"});
    REQUIRE(g->play("8x15").ok());
    CHECK(g->ply() == 4);
}

TEST_CASE("draughts: a full path, or part of one, names a capture") {
    auto g = game("english", "W:W30:B17,18,25,26");
    CHECK(g->play("30x14").error().code == "ambiguous_move");
    CHECK(g->ply() == 0);
    const auto played = g->play("30x23x14");
    REQUIRE(played.ok());
    CHECK(played->notation == "30x23x14");
    CHECK(played->path == std::vector<int>{58, 44, 26}); // c1, e3, c5 as BoardView cells
    CHECK(played->captures == std::vector<int>{51, 35});
    CHECK(g->position() == "B:W14:B17,25");
}

// PDN 3.0 writes a capture as its origin and destination, with landing squares between them
// only as needed; the whole path (every landing square) always names exactly one move.
TEST_CASE("draughts: a capture written with its whole path is that move, even when a longer "
          "capture passes through the same squares") {
    // Russian, Black: the man on 10 (d6) takes 15 and 24 (10x19x28), or 14, 22, 23, 24 on
    // 10x17x26x19x28, which also passes 19 and ends on 28.
    const std::string fen = "B:W14,15,22,23,24:B10";
    const auto moves = legal("russian", fen);
    REQUIRE(std::find(moves.begin(), moves.end(), "10x19x28") != moves.end());
    REQUIRE(std::find(moves.begin(), moves.end(), "10x17x26x19x28") != moves.end());
    for (const char* written : {"10x19x28", "d6:f4:h2", "10:19:28"}) {
        CAPTURE(written);
        auto g = game("russian", fen);
        const auto played = g->play(written);
        REQUIRE_MESSAGE(played.ok(), played.error().detail);
        CHECK(played->notation == "10x19x28");
        CHECK(g->position() == "W:W14,22,23:B28");
    }
    auto g = game("russian", fen);
    const auto longer = g->play("d6:b4:d2:f4:h2");
    REQUIRE(longer.ok());
    CHECK(longer->notation == "10x17x26x19x28");
    // The shortened form still names both, and nothing changes.
    auto again = game("russian", fen);
    const auto shortened = again->play("10x28");
    REQUIRE_FALSE(shortened.ok());
    CHECK(shortened.error().code == "ambiguous_move");
    CHECK(again->ply() == 0);
}

TEST_CASE("draughts: refused moves say why and change nothing") {
    auto g = game("international");
    CHECK(g->play("").error().code == "bad_move_syntax");
    CHECK(g->play("32-").error().code == "bad_move_syntax");
    CHECK(g->play("hello").error().code == "bad_move_syntax");
    CHECK(g->play("51-46").error().code == "bad_move_syntax");
    const auto illegal = g->play("32-26");
    REQUIRE(!illegal.ok());
    CHECK(illegal.error().code == "illegal_move");
    CHECK(illegal.error().detail == "32-26 is not legal here");
    CHECK(g->ply() == 0);
    CHECK(g->position() == "W:W31-50:B1-20");
    auto over = game("international", "W:W:B1");
    CHECK(over->play("1-6").error().code == "game_over");
}

TEST_CASE("draughts: FEN is read strictly and written canonically (PDN 3.0)") {
    CHECK(game("international")->position() == "W:W31-50:B1-20");
    CHECK(game("international", "W:W31-50:B1-20.")->position() == "W:W31-50:B1-20");
    CHECK(game("international", "B:WK46,33:B1,K5")->position() == "B:W33,K46:B1,K5");
    CHECK(game("russian", "W:Wc1,b6,d6:Bh6,f2.")->position() == "W:W9,10,30:B12,27");
    CHECK(game("english")->position() == "B:W21-32:B1-12");
    CHECK(game("spanish")->position() == "W:W1-12:B21-32");
    for (const char* bad :
         {"W", "X:W1:B2", "W:W1", "W:W40:B40", "W:W99:B1", "W:W5:B40", "W:W31-50:B1-20:H0",
          "W:W31-50:W1-20", "W:W3-1:B40", "W:W1,,2:B40", "W:W31-50:B1-20 ", "W:Wc3:B1",
          "W:W31-50,:B1-20", "W:W31-50:B1-20,", "W:W31-50:B1-20:", "W:W31-50:B1-20:."}) {
        CAPTURE(bad);
        const auto made = rules::make_game(rules::VariantId::International, bad);
        REQUIRE(!made.ok());
        CHECK(made.error().code == "bad_fen");
        CHECK(!made.error().detail.empty());
    }
}

TEST_CASE("draughts: the row a man is crowned on is the row a FEN may not put a man on") {
    // board.h, crown_row: White's far row is 1-5 (10 x 10) or 1-4 (8 x 8), Black's 46-50 or 29-32.
    for (const auto& [variant, bad] :
         std::vector<std::pair<const char*, const char*>>{{"international", "W:W3:B40"},
                                                          {"international", "W:W40:B48"},
                                                          {"russian", "W:W4:B20"},
                                                          {"russian", "W:W20:B29"}}) {
        CAPTURE(bad);
        const auto made = rules::make_game(*rules::variant_from_name(variant), bad);
        REQUIRE_FALSE(made.ok());
        CHECK(made.error().detail.find("would have been crowned") != std::string::npos);
    }
    auto white = game("international", "W:W6:B40");
    REQUIRE(white->play("6-1").ok());
    CHECK(white->position() == "B:WK1:B40");
    auto black = game("russian", "B:W20:B25");
    REQUIRE(black->play("25-29").ok());
    CHECK(black->position() == "W:W20:BK29");
}

TEST_CASE("draughts: a FEN gives a side at most as many pieces as it starts with") {
    // 20 a side on 10 x 10, 12 on 8 x 8 (board.h, max_pieces_per_side): no move adds a piece.
    CHECK(game("international", "W:W31-50:B1-20")->position() == "W:W31-50:B1-20");
    CHECK(game("russian", "W:W21-32:B1-12")->position() == "W:W21-32:B1-12");
    for (const auto& [variant, fen, who] :
         std::vector<std::tuple<const char*, const char*, const char*>>{
             {"international", "W:W46:B1-30", "Black has 30 pieces"},
             {"international", "W:W30-50:B1-20", "White has 21 pieces"},
             {"antidraughts", "W:W46:B1-15,K16-21", "Black has 21 pieces"},
             {"russian", "W:W20-32:B1", "White has 13 pieces"},
             {"english", "B:W32:B1-13", "Black has 13 pieces"}}) {
        CAPTURE(fen);
        const auto id = rules::variant_from_name(variant);
        REQUIRE(id);
        const auto made = rules::make_game(*id, fen);
        REQUIRE_FALSE(made.ok());
        CHECK(made.error().code == "bad_fen");
        CHECK(made.error().detail.find(who) != std::string::npos);
    }
}

TEST_CASE("draughts: square numbers with a leading zero are refused, in a FEN and in a move") {
    for (const char* bad : {"W:W05:B40", "W:W31-50:B01-20", "W:W31-50:B1-020", "W:W0:B1"}) {
        CAPTURE(bad);
        const auto made = rules::make_game(rules::VariantId::International, bad);
        REQUIRE_FALSE(made.ok());
        CHECK(made.error().code == "bad_fen");
    }
    CHECK_FALSE(rules::make_game(rules::VariantId::Russian, "W:Wc01:Bh6").ok());
    auto g = game("international");
    for (const char* bad : {"032-28", "32-028", "0-28", "032x028"}) {
        CAPTURE(bad);
        const auto played = g->play(bad);
        REQUIRE_FALSE(played.ok());
        CHECK(played.error().code == "bad_move_syntax");
    }
    auto russian = game("russian");
    CHECK(russian->play("c03-d4").error().code == "bad_move_syntax");
    CHECK(g->ply() == 0);
    CHECK(russian->ply() == 0);
    CHECK(g->play("32-28").ok());
}

TEST_CASE("draughts: the board view puts Black's side on row 0 and blanks unplayable squares") {
    const auto view = game("international")->board();
    REQUIRE(view.rows == 10);
    CHECK(view.cells.substr(0, 10) == " b b b b b");
    CHECK(view.cells.substr(40, 10) == " . . . . .");
    CHECK(view.cells.substr(90, 10) == "w w w w w ");
    CHECK(game("italian")->board().cells.substr(0, 8) == "b b b b ");
    CHECK(game("english", "B:WK1:BK32")->board().cells.substr(0, 8) == " W . . .");
}

TEST_CASE("draughts: a side that cannot move loses, in the giveaway games it wins") {
    const auto blocked = game("international", "W:W46:B37,41")->outcome();
    CHECK(blocked == rules::Outcome::win(1, "no-moves"));
    CHECK(game("international", "W:W:B1")->outcome().won_by(1));
    CHECK(game("antidraughts", "W:W:B1")->outcome() == rules::Outcome::win(0, "no-moves"));
    CHECK(game("russian-giveaway", "B:W22:B")->outcome().won_by(1));
}

TEST_CASE("draughts: can_win is false for a side without pieces") {
    const auto g = game("international", "W:W:B1");
    CHECK(!g->can_win(0));
    CHECK(g->can_win(1));
    const auto giveaway = game("antidraughts", "B:W28:B1");
    CHECK(giveaway->can_win(0));
    CHECK(giveaway->can_win(1));
    // In the giveaway games, a side whose opponent has no pieces left cannot win any more.
    const auto given_away = game("russian-giveaway", "W:W:B1");
    CHECK(given_away->can_win(0));
    CHECK(!given_away->can_win(1));
}

TEST_CASE("draughts: any piece left can still win if the opponent helps (flag fall, FMJD 7.3.3)") {
    // A lone man against three kings can be crowned and take them one by one.
    CHECK(game("international", "B:WK46,K47,K48:B1")->can_win(1));
    // An Italian man may not take a king, but it can be crowned and a king can.
    CHECK(game("italian", "W:W28:BK1,K2")->can_win(0));
    // A lone English man each: either may be crowned and take the other.
    CHECK(game("english", "B:W28:B1")->can_win(1));
    CHECK(game("english", "B:W28:B1")->can_win(0));
}

TEST_CASE("draughts: the PDN record names the variant and reads back move for move") {
    auto g = game("international");
    play_all(*g, {"32-28", "19-23", "28x19", "14x23"});
    const std::string pdn = g->record({});
    CHECK(pdn.find("[GameType \"20\"]") != std::string::npos);
    CHECK(pdn.find("[Result \"*\"]") != std::string::npos);
    CHECK(pdn.find("[FEN") == std::string::npos);
    CHECK(pdn.find("1. 32-28 19-23 2. 28x19 14x23 *") != std::string::npos);
    const auto records = rules::read_records(pdn);
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    auto replayed = game("international");
    play_all(*replayed, records[0]->moves);
    CHECK(replayed->position() == g->position());
}

TEST_CASE("draughts: a record from a position carries its FEN and numbers from the mover") {
    auto g = game("english", "W:W30:B17,18,25,26");
    play_all(*g, {"30x23x14", "17-21"});
    const std::string pdn = g->record({});
    CHECK(pdn.find("[GameType \"21\"]") != std::string::npos);
    CHECK(pdn.find("[FEN \"W:W30:B17,18,25,26\"]") != std::string::npos);
    CHECK(pdn.find("1... 30x23x14 2. 17-21 *") != std::string::npos);
    auto anti = game("antidraughts", "W:W:B1");
    const std::string anti_pdn = anti->record({});
    CHECK(anti_pdn.find("[Variant \"antidraughts\"]") != std::string::npos);
    CHECK(anti_pdn.find("[Result \"2-0\"]") != std::string::npos);
    rules::RecordTags tags;
    tags.outcome = rules::Outcome::draw("agreement");
    CHECK(game("russian")->record(tags).find("[Result \"1-1\"]") != std::string::npos);
}

TEST_CASE("draughts: a clone goes its own way") {
    auto g = game("international");
    auto copy = g->clone();
    REQUIRE(copy->play("32-28").ok());
    CHECK(g->ply() == 0);
    CHECK(copy->ply() == 1);
}
