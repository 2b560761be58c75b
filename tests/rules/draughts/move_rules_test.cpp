// One test per move rule: a position, the complete list of legal moves, the article.
// Square numbers per variant are pictured in rules/draughts/squares.h.
#include "tests/rules/draughts/test_helpers.h"

using draughts_test::legal;
using draughts_test::Moves;

TEST_CASE("international: a man steps one square diagonally forward (FMJD art. 3)") {
    CHECK(legal("international", "W:W33:B1") == Moves{"33-28", "33-29"});
}

TEST_CASE("international: a king flies along a free diagonal (FMJD art. 3)") {
    CHECK(legal("international", "W:WK46:B5") ==
          Moves{"46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41"});
}

TEST_CASE("international: men capture backward as well as forward (FMJD art. 4)") {
    CHECK(legal("international", "W:W28:B32,33") == Moves{"28x37", "28x39"});
}

TEST_CASE("international: the capture taking the most pieces is compulsory (FMJD art. 4)") {
    // 38x29 takes one piece, 38x27x18 two.
    CHECK(legal("international", "W:W38:B22,32,33") == Moves{"38x18"});
    CHECK(legal("international", "W:W33:B19,28,29") == Moves{"33x13"});
}

TEST_CASE("international: a flying king may stop on any square behind the piece it takes") {
    CHECK(legal("international", "W:WK46:B23") == Moves{"46x5", "46x10", "46x14", "46x19"});
}

TEST_CASE("international: a king stops where it can go on capturing (FMJD art. 4)") {
    CHECK(legal("international", "W:WK46:B9,23") == Moves{"46x3"});
}

TEST_CASE("international: a man passing the far row in a capture stays a man (FMJD art. 4)") {
    auto g = draughts_test::game("international", "W:W13:B7,8");
    CHECK(g->legal_moves() == Moves{"13x11"});
    REQUIRE(g->play("13x11").ok());
    CHECK(g->position() == "B:W11:B");
}

TEST_CASE("international: captured pieces leave only after the move, one capture per set") {
    // A ring of four: both ways round take the same pieces and come back to 37 (Turkish
    // strike: the pieces stay until the move ends, none is jumped twice). One legal move.
    CHECK(legal("international", "W:W37:B21,22,31,32") == Moves{"37x37"});
}

TEST_CASE("russian: a man crowned during a capture goes on capturing as a king (FShR rules)") {
    CHECK(legal("russian", "W:W11:B7,9") == Moves{"11x13"});
    CHECK(legal("russian", "W:W11:B6,7") == Moves{"11x9", "11x13"});
    // Brazilian (FMJD rules on 8x8): the man stops on the far row and is crowned there.
    CHECK(legal("brazilian", "W:W11:B7,9") == Moves{"11x2"});
}

TEST_CASE("russian: free choice of capture, men capture backward") {
    CHECK(legal("russian", "W:W22,K30:B11,18,25") == Moves{"22x8", "22x29", "30x21"});
}

TEST_CASE("russian: a flying king must land where it can take more") {
    CHECK(legal("russian", "W:WK29:B10,22") == Moves{"29x1", "29x6"});
}

TEST_CASE("english: kings step one square, men capture forward only (EDA laws)") {
    CHECK(legal("english", "W:WK18:B1") == Moves{"18-14", "18-15", "18-22", "18-23"});
    CHECK(legal("english", "W:W18:B14,22") == Moves{"18x9"});
    CHECK(legal("pool", "W:W18:B14,22") == Moves{"18x9", "18x25"});
}

TEST_CASE("english: a man reaching the king row ends its move there") {
    CHECK(legal("english", "W:W11:B6,7") == Moves{"11x2"});
}

TEST_CASE("english: two captures with the same ends are written with their full paths") {
    CHECK(legal("english", "W:W30:B17,18,25,26") == Moves{"30x21x14", "30x23x14"});
}

TEST_CASE("english: Black moves first from the start position") {
    CHECK(legal("english", "") ==
          Moves{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"});
}

TEST_CASE("italian: the turned board's numbering and a man that may not take a king (FID)") {
    CHECK(legal("italian", "") ==
          Moves{"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"});
    CHECK(legal("italian", "W:W22:BK18") == Moves{"22-19"});
}

TEST_CASE("italian: precedence: with a king rather than a man, then the most kings (FID)") {
    CHECK(legal("italian", "W:W21,K32:B18,28") == Moves{"32x23"});
    CHECK(legal("italian", "W:WK27:B22,K23") == Moves{"27x20"});
}

TEST_CASE("italian: precedence: of equal captures, the one meeting a king first (FID)") {
    // Round the ring 27-18-11-20-27 a king is taken first; the other way round a man is.
    const auto g = draughts_test::game("italian", "W:WK27:BK15,K22,14,23");
    REQUIRE(g->legal_moves() == Moves{"27x27"});
    const auto view = g->legal_move_views().front();
    CHECK(view.path == std::vector<int>{52, 34, 20, 38, 52});
    CHECK(view.captures == std::vector<int>{43, 27, 29, 45});
}

TEST_CASE("spanish: numbering from White's right, of equal captures, the most kings (FEDA)") {
    CHECK(legal("spanish", "") ==
          Moves{"9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"});
    CHECK(legal("spanish", "W:WK14:BK11,18") == Moves{"14x4", "14x7"});
}

TEST_CASE("czech: a king must capture when a king can, otherwise free choice (CSDS)") {
    CHECK(legal("czech", "W:W22,K30:B11,18,25") == Moves{"30x21"});
    CHECK(legal("czech", "W:W22,K32:B11,18,27") == Moves{"32x5", "32x9", "32x14"});
}

TEST_CASE("pool: free choice of capture, brazilian must take the most (APCA, CBD)") {
    CHECK(legal("pool", "W:W22:B11,17,18") == Moves{"22x8", "22x13"});
    CHECK(legal("brazilian", "W:W22:B11,17,18") == Moves{"22x8"});
}
