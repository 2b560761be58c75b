// How a chess game ends (FIDE Laws 5, 6.9 and 9) under each DrawRules setting.
#include "tests/rules/chess/chess_test_support.h"

using chess_test::game_from;
using chess_test::Moves;
using chess_test::play_all;
using chess_test::start_position;
using rules::DrawRules;
using rules::Outcome;

namespace {

Outcome draw(const char* reason) {
    return Outcome::draw(reason);
}

const Moves knight_dance{"Nf3", "Nf6", "Ng1", "Ng8"};

} // namespace

TEST_CASE("chess outcome: threefold repetition ends the game by default (FIDE 9.2)") {
    auto game = game_from(start_position);
    play_all(*game, knight_dance);
    CHECK_FALSE(game->outcome().over()); // the start position has occurred twice
    play_all(*game, knight_dance);
    CHECK(game->outcome() == draw("threefold"));
    CHECK(game->legal_moves().empty());
    const auto refused = game->play("e4");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == "game_over");
}

TEST_CASE("chess outcome: under DrawRules::Claim threefold is claimable and play goes on") {
    auto game = game_from(start_position, DrawRules::Claim);
    play_all(*game, knight_dance);
    CHECK_FALSE(game->claimable_draw().has_value());
    play_all(*game, knight_dance);
    CHECK_FALSE(game->outcome().over());
    CHECK(game->claimable_draw() == draw("threefold"));
    CHECK(game->play("e4").ok());
    CHECK_FALSE(game->claimable_draw().has_value());
}

TEST_CASE("chess outcome: fivefold repetition ends the game even when draws are claimed "
          "(FIDE 9.6.1)") {
    auto game = game_from(start_position, DrawRules::Claim);
    for (int i = 0; i < 4; ++i)
        play_all(*game, knight_dance);
    CHECK(game->outcome() == draw("fivefold"));
    CHECK(game->legal_moves().empty());
}

TEST_CASE("chess outcome: an en passant square no pawn can use does not make a position "
          "different (FIDE 9.2.3)") {
    auto game = game_from(start_position);
    // After 1.e4 the e3 square is set but no black pawn can take: the position after 1.e4 is
    // the one after each later Ng1, so it occurs a third time at ply 9.
    play_all(*game, {"e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8"});
    CHECK_FALSE(game->outcome().over());
    play_all(*game, {"Ng1"});
    CHECK(game->outcome() == draw("threefold"));
}

TEST_CASE("chess outcome: a usable en passant square makes a position different (FIDE 9.2.3)") {
    auto game = game_from("4k3/8/8/8/3p4/8/4P3/4K2N w - - 0 1");
    // After e4 Black may take en passant; the same placement after each later Nh1, without
    // that right, is a different position: at ply 9 it has occurred twice, not three times.
    play_all(*game, {"e4", "Kd7", "Ng3", "Ke8", "Nh1", "Kd7", "Ng3", "Ke8", "Nh1"});
    CHECK_FALSE(game->outcome().over());
    play_all(*game, {"Kd7"}); // the position after Kd7 occurs for the third time
    CHECK(game->outcome() == draw("threefold"));
}

TEST_CASE("chess outcome: fifty moves without capture or pawn move (FIDE 9.3)") {
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K2R w - - 99 80";
    auto automatic = game_from(fen);
    play_all(*automatic, {"Rh2"});
    CHECK(automatic->outcome() == draw("fifty-move"));

    auto claim = game_from(fen, DrawRules::Claim);
    play_all(*claim, {"Rh2"});
    CHECK_FALSE(claim->outcome().over());
    CHECK(claim->claimable_draw() == draw("fifty-move"));

    auto pawn_move = game_from(fen);
    play_all(*pawn_move, {"e4"});
    CHECK_FALSE(pawn_move->outcome().over());
}

TEST_CASE("chess outcome: checkmate on the hundredth ply wins, not the fifty-move rule "
          "(FIDE 9.3 with 5.1.1)") {
    auto game = game_from("6k1/8/6K1/8/8/8/8/R7 w - - 99 80");
    play_all(*game, {"Ra8#"});
    CHECK(game->outcome() == Outcome::win(0, "checkmate"));
}

TEST_CASE("chess outcome: seventy-five moves end the game even when draws are claimed "
          "(FIDE 9.6.2)") {
    auto game = game_from("4k3/8/8/8/8/8/4P3/4K2R w - - 149 100", DrawRules::Claim);
    play_all(*game, {"Rh2"});
    CHECK(game->outcome() == draw("seventyfive-move"));
}

TEST_CASE("chess outcome: insufficient material (FIDE 5.2.2)") {
    CHECK(game_from("4k3/8/8/8/8/8/8/4K3 w - - 0 1")->outcome() == draw("insufficient"));
    CHECK(game_from("4k3/8/8/8/8/8/8/4KN2 w - - 0 1")->outcome() == draw("insufficient"));
    CHECK(game_from("4kb2/8/8/8/8/8/8/4K3 w - - 0 1")->outcome() == draw("insufficient"));
    // bishops on squares of one colour, any number of them
    CHECK(game_from("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1")->outcome() ==
          Outcome{}); // c1 and f1 differ in colour
    CHECK(game_from("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1")->outcome() == Outcome{}); // f8, f1
    CHECK(game_from("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1")->outcome() == draw("insufficient"));
    CHECK(game_from("4k1b1/8/8/8/8/8/B7/4KB2 w - - 0 1")->outcome() == draw("insufficient"));
    CHECK(game_from("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1")->outcome() == Outcome{});
    CHECK(game_from("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1")->outcome() == Outcome{});
    CHECK(game_from("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1")->outcome() == Outcome{});
    CHECK(game_from("4k3/8/8/8/8/8/P7/4K3 w - - 0 1")->outcome() == Outcome{});
}

TEST_CASE("chess can_win: whether a side could still mate, for a flag fall (FIDE 6.9)") {
    const auto bare_king = game_from("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    CHECK(bare_king->can_win(0));
    CHECK_FALSE(bare_king->can_win(1));
    const auto knight_v_king = game_from("4k3/8/8/8/8/8/8/4KN2 w - - 0 1");
    CHECK_FALSE(knight_v_king->can_win(0));
    const auto knight_v_pawn = game_from("4k3/p7/8/8/8/8/8/4KN2 w - - 0 1");
    CHECK(knight_v_pawn->can_win(0)); // the pawn can block a flight square
    CHECK(knight_v_pawn->can_win(1));
    const auto knight_v_bishop = game_from("4kb2/8/8/8/8/8/8/4KN2 w - - 0 1");
    CHECK(knight_v_bishop->can_win(0));
    CHECK(knight_v_bishop->can_win(1));
    const auto same_bishops = game_from("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1");
    CHECK_FALSE(same_bishops->can_win(0));
    CHECK_FALSE(same_bishops->can_win(1));
    const auto two_knights = game_from("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1");
    CHECK(two_knights->can_win(0));
    CHECK_FALSE(game_from("4k3/8/8/8/8/8/8/4KB2 w - - 0 1")->can_win(0));
}

TEST_CASE("chess outcome: DrawRules::ReportOnly reports the first rule and plays on") {
    auto game = game_from(start_position, DrawRules::ReportOnly);
    play_all(*game, knight_dance);
    play_all(*game, knight_dance);
    CHECK(game->outcome() == draw("threefold"));
    CHECK_FALSE(game->claimable_draw().has_value());
    for (int i = 0; i < 2; ++i)
        play_all(*game, knight_dance);
    CHECK(game->outcome() == draw("fivefold"));
    CHECK(game->play("e4").ok());
    CHECK_FALSE(game->outcome().over());
    CHECK(game->ply() == 17);

    auto bare = game_from("4k3/8/8/8/8/8/8/4K3 w - - 0 1", DrawRules::ReportOnly);
    CHECK(bare->outcome() == draw("insufficient"));
    CHECK(bare->play("Kd2").ok());

    auto fifty = game_from("4k3/8/8/8/8/8/4P3/4K2R w - - 149 100", DrawRules::ReportOnly);
    CHECK(fifty->outcome() == draw("fifty-move"));
    play_all(*fifty, {"Rh2"});
    CHECK(fifty->outcome() == draw("seventyfive-move"));
    CHECK(fifty->play("Kd7").ok());
}
