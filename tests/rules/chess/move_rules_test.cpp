// Each test: a position, the complete list of its legal moves (UCI, sorted), and the article
// of the FIDE Laws of Chess the position exercises.
#include "tests/rules/chess/chess_test_support.h"

using chess_test::legal_moves_of;
using chess_test::Moves;
using chess_test::sorted;

// A black pawn stands in a corner of some positions so that the material suffices to play on.
TEST_CASE("chess: a bishop moves along the diagonals it stands on (FIDE 3.2)") {
    CHECK(legal_moves_of("k7/7p/8/8/3B4/8/8/7K w - - 0 1") ==
          sorted({"d4a1", "d4b2", "d4c3", "d4e5", "d4f6", "d4g7", "d4h8", "d4a7", "d4b6", "d4c5",
                  "d4e3", "d4f2", "d4g1", "h1g1", "h1g2", "h1h2"}));
}

TEST_CASE("chess: a rook moves along its file and rank (FIDE 3.3)") {
    CHECK(legal_moves_of("k7/8/8/8/3R4/8/8/7K w - - 0 1") ==
          sorted({"d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8", "d4a4", "d4b4", "d4c4",
                  "d4e4", "d4f4", "d4g4", "d4h4", "h1g1", "h1g2", "h1h2"}));
}

TEST_CASE("chess: a queen moves like rook and bishop and stops at the piece it captures "
          "(FIDE 3.4, 3.1)") {
    CHECK(legal_moves_of("k7/8/8/3p4/3Q4/8/8/7K w - - 0 1") ==
          sorted({"d4d5", "d4d3", "d4d2", "d4d1", "d4a4", "d4b4", "d4c4", "d4e4", "d4f4",
                  "d4g4", "d4h4", "d4c3", "d4b2", "d4a1", "d4e5", "d4f6", "d4g7", "d4h8",
                  "d4c5", "d4b6", "d4a7", "d4e3", "d4f2", "d4g1", "h1g1", "h1g2", "h1h2"}));
}

TEST_CASE("chess: a knight jumps to the nearest squares not on its rank, file or diagonal "
          "(FIDE 3.6)") {
    CHECK(legal_moves_of("8/7p/8/8/3N4/8/8/K6k w - - 0 1") ==
          sorted({"d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5", "a1a2", "a1b1",
                  "a1b2"}));
}

TEST_CASE("chess: a pawn advances one or two squares from its first move and captures "
          "diagonally, and the king never steps onto an attacked square (FIDE 3.7.1-3.7.2, 3.8.1)") {
    CHECK(legal_moves_of("4k3/8/8/8/8/2p1p3/3P4/4K3 w - - 0 1") ==
          sorted({"d2d3", "d2d4", "d2c3", "d2e3", "e1d1", "e1e2", "e1f1"}));
}

TEST_CASE("chess: en passant right after the two-square advance (FIDE 3.7.3.1)") {
    CHECK(legal_moves_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1") ==
          sorted({"e5e6", "e5d6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
}

TEST_CASE("chess: no en passant one move later (FIDE 3.7.3.2)") {
    CHECK(legal_moves_of("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1") ==
          sorted({"e5e6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
}

TEST_CASE("chess: en passant that would open the rank to the own king is illegal "
          "(FIDE 3.7.3.1 with 3.9)") {
    CHECK(legal_moves_of("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1") ==
          sorted({"a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "e5e6"}));
}

TEST_CASE("chess: en passant by a pawn pinned on a diagonal is illegal (FIDE 3.7.3.1, 3.9)") {
    // The e5 pawn is pinned by the h8 bishop against the king on c3: neither exd6 nor e6.
    CHECK(legal_moves_of("7b/8/8/3pP3/8/2K5/8/4k3 w - d6 0 1") ==
          sorted({"c3b2", "c3b3", "c3b4", "c3c2", "c3d3", "c3d4"}));
}

TEST_CASE("chess: en passant captures the pawn that gives check (FIDE 3.7.3.1, 3.9)") {
    CHECK(legal_moves_of("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1") ==
          sorted({"e4d3", "c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6"}));
}

TEST_CASE("chess: a pawn reaching the last rank becomes a queen, rook, bishop or knight, "
          "also when capturing (FIDE 3.7.5)") {
    CHECK(legal_moves_of("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1") ==
          sorted({"e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7d8q", "e7d8r", "e7d8b", "e7d8n", "a1a2",
                  "a1b1", "a1b2"}));
}

TEST_CASE("chess: castling king side when every condition holds (FIDE 3.8.2)") {
    CHECK(legal_moves_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1") ==
          sorted({"e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "h1g1", "h1f1", "h1h2", "h1h3",
                  "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"}));
}

TEST_CASE("chess: no castling through an attacked square (FIDE 3.8.2.2.2)") {
    CHECK(legal_moves_of("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1") ==
          sorted({"e1d1", "e1f2", "h1g1", "h1f1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7",
                  "h1h8"}));
}

TEST_CASE("chess: no castling out of check (FIDE 3.8.2.2.1)") {
    CHECK(legal_moves_of("4k3/4r3/8/8/8/8/8/4K2R w K - 0 1") ==
          sorted({"e1d1", "e1d2", "e1f1", "e1f2"}));
}

TEST_CASE("chess: queen-side castling is allowed when only the rook crosses an attacked "
          "square (FIDE 3.8.2.2)") {
    CHECK(legal_moves_of("r3k3/8/8/8/8/8/8/1R2K3 b q - 0 1") ==
          sorted({"e8d8", "e8d7", "e8e7", "e8f7", "e8f8", "e8c8", "a8a7", "a8a6", "a8a5", "a8a4",
                  "a8a3", "a8a2", "a8a1", "a8b8", "a8c8", "a8d8"}));
}

TEST_CASE("chess: a piece pinned to its king does not move off the line (FIDE 3.9)") {
    CHECK(legal_moves_of("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1") ==
          sorted({"e1d1", "e1d2", "e1f1", "e1f2"}));
}

TEST_CASE("chess: in double check only the king moves (FIDE 3.9)") {
    CHECK(legal_moves_of("4k3/8/8/8/1b6/5N2/8/r3K3 w - - 0 1") == sorted({"e1e2", "e1f2"}));
}

TEST_CASE("chess: checkmate leaves no legal move and wins the game (FIDE 5.1.1)") {
    auto game =
        chess_test::game_from("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(game->legal_moves().empty());
    CHECK(game->outcome() == rules::Outcome::win(1, "checkmate"));
}

TEST_CASE("chess: stalemate leaves no legal move and draws (FIDE 5.2.1)") {
    auto game = chess_test::game_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(game->legal_moves().empty());
    CHECK(game->outcome() == rules::Outcome::draw("stalemate"));
}
