// Each rule of Turkish draughts: a position and its complete legal move list. Rule numbers
// and sources as in rules/turkish/movegen.h ([W] Wikipedia "Turkish draughts", [G] the
// Turkish rules guide, sections 7-13). Some positions carry idle pieces far away so that
// neither "one-each" nor "lone-man" (rules/turkish/game_end.h) ends the game at once.
#include "rules/game.h"

#include <algorithm>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

using Moves = std::vector<std::string>;

Moves sorted_moves(std::string_view fen) {
    auto game = rules::make_game(rules::VariantId::Turkish, fen);
    REQUIRE(game.ok());
    auto moves = (*game)->legal_moves();
    std::sort(moves.begin(), moves.end());
    return moves;
}

} // namespace

TEST_CASE("turkish: a man moves one square forward or sideways, never back (rule 1, [G] 7)") {
    CHECK(sorted_moves("W:Wd4:Bg8,h8") == Moves{"d4-c4", "d4-d5", "d4-e4"});
    CHECK(sorted_moves("B:Wa1,b1:Be5") == Moves{"e5-d5", "e5-e4", "e5-f5"});
    CHECK(sorted_moves("W:Wa4:Bg8,h8") == Moves{"a4-a5", "a4-b4"});
}

TEST_CASE("turkish: a man reaching the last row by a quiet move is crowned (rule 7)") {
    auto game = rules::make_game(rules::VariantId::Turkish, "W:Wa7:Bg2,h2").value();
    CHECK(sorted_moves("W:Wa7:Bg2,h2") == Moves{"a7-a8", "a7-b7"});
    REQUIRE(game->play("a7-a8").ok());
    CHECK(game->position() == "B:WKa8:Bg2,h2");
}

TEST_CASE("turkish: a king moves any distance along open ranks and files (rule 2, [G] 8)") {
    CHECK(sorted_moves("W:WKb2:Bg7,h7") == Moves{"b2-a2", "b2-b1", "b2-b3", "b2-b4", "b2-b5",
                                                 "b2-b6", "b2-b7", "b2-b8", "b2-c2", "b2-d2",
                                                 "b2-e2", "b2-f2", "b2-g2", "b2-h2"});
    CHECK(sorted_moves("W:WKb2,b4:Bg7,h7") == Moves{"b2-a2", "b2-b1", "b2-b3", "b2-c2", "b2-d2",
                                                    "b2-e2", "b2-f2", "b2-g2", "b2-h2", "b4-a4",
                                                    "b4-b5", "b4-c4"});
}

TEST_CASE("turkish: a man captures forward and sideways, never backward (rule 3, [G] 9)") {
    CHECK(sorted_moves("W:Wd4:Bd5,c4,e4,d3") == Moves{"d4xb4", "d4xd6", "d4xf4"});
    CHECK(sorted_moves("B:Wd4,e5,h1:Bd5") == Moves{"d5xd3", "d5xf5"});
}

TEST_CASE("turkish: a king captures from afar and lands on any square beyond (rule 3)") {
    CHECK(sorted_moves("W:WKa2:Bd2,h8") == Moves{"a2xe2", "a2xf2", "a2xg2", "a2xh2"});
}

TEST_CASE("turkish: capturing is mandatory (rule 4, [G] 13)") {
    CHECK(sorted_moves("W:Wa2,d4:Bd5,h8") == Moves{"d4xd6"});
}

TEST_CASE("turkish: the sequence taking the most pieces must be chosen, a king counting as one "
          "(rule 4)") {
    // a4xa6 would take a king, but h2 takes two men.
    CHECK(sorted_moves("W:Wa4,h2:BKa5,h3,h5") == Moves{"h2xh6"});
    // Equal sequences: the player chooses.
    CHECK(sorted_moves("W:Wd4:Bc4,e4") == Moves{"d4xb4", "d4xf4"});
}

TEST_CASE("turkish: taken pieces leave at once, so their squares can be crossed again (rule 5)") {
    // The king takes c3, d5, b6 and a4, comes back to its own origin a3, crosses the emptied
    // c3 and takes f3: five pieces. With pieces left on the board until the end of the move
    // it could take only three.
    auto game = rules::make_game(rules::VariantId::Turkish, "W:WKa3:Bc3,f3,a4,d5,b6").value();
    CHECK(sorted_moves("W:WKa3:Bc3,f3,a4,d5,b6") == Moves{"a3xg3", "a3xh3"});
    const auto played = game->play("a3xg3");
    REQUIRE(played.ok());
    // a3 d3 d6 a6 a3 g3 as cells (row 0 = rank 8).
    CHECK(played->path == std::vector<int>{40, 43, 19, 16, 40, 46});
    CHECK(played->captures == std::vector<int>{42, 27, 17, 32, 45}); // c3 d5 b6 a4 f3
    CHECK(game->position() == "B:WKg3:B");
}

TEST_CASE("turkish: a king may not turn back 180 degrees within a capture (rule 6)") {
    // After d4xd7 the king may not come back over d2 (nor after d4xd1 over d6).
    CHECK(sorted_moves("W:WKd4:Bd2,d6") == Moves{"d4xd1", "d4xd7", "d4xd8"});
}

TEST_CASE("turkish: a man reaching the last row in a capture goes on as a man and is crowned "
          "at the end (rule 7)") {
    // As a king on c8 it could go on over f8; as a man it stops.
    CHECK(sorted_moves("W:Wc6:Bc7,f8") == Moves{"c6xc8"});
    // As a man it may go on sideways along the last row, then it is crowned.
    auto game = rules::make_game(rules::VariantId::Turkish, "W:Wc6,h2:Bc7,b8,h5").value();
    CHECK(game->legal_moves() == Moves{"c6xa8"});
    REQUIRE(game->play("c6xc8xa8").ok());
    CHECK(game->position() == "B:Wh2,Ka8:Bh5");
}

TEST_CASE("turkish: two maximal captures with the same ends are written with their full path") {
    CHECK(sorted_moves("W:WKh5:Bf2,f3,h4,b7") == Moves{"h5xh2xb2xb8", "h5xh3xb3xb8"});
}
