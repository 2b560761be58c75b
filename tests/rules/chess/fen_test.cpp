// FEN reading is strict: every malformed or impossible FEN is refused with code "bad_fen" and
// a reason naming what to fix; a good FEN is written back unchanged.
#include "tests/rules/chess/chess_test_support.h"

#include <string>
#include <utility>
#include <vector>

namespace {

// The detail of the refusal, which the test checks mentions the right thing.
std::string refusal(const std::string& fen) {
    const auto game = rules::make_game(rules::VariantId::Chess, fen);
    REQUIRE_MESSAGE(!game.ok(), fen << " was accepted");
    CHECK(game.error().code == "bad_fen");
    return game.error().detail;
}

bool mentions(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("chess FEN: good positions are written back exactly") {
    for (const std::string fen :
         {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2R b K - 12 40"}) {
        CHECK(chess_test::game_from(fen)->position() == fen);
    }
}

TEST_CASE("chess FEN: an en passant square with no legal capture is written as '-'") {
    const auto game =
        chess_test::game_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(game->position() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE("chess FEN: malformed fields are refused with the reason") {
    CHECK(mentions(refusal(" "), "empty"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), "6 fields"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x"),
                   "6 fields"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1"),
                   "single spaces"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "8 ranks"));
    CHECK(mentions(refusal("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "'x'"));
    CHECK(mentions(refusal("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                   "rank 7 describes 7 squares"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "'9'"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                   "two digits"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
                   "side to move"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1"),
                   "castling field"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1"),
                   "order KQkq"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
                   "en passant field"));
}

TEST_CASE("chess FEN: not exactly one king per side is refused") {
    CHECK(mentions(refusal("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
                   "Black must have exactly one king, found 0"));
    CHECK(mentions(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1"),
                   "White must have exactly one king, found 2"));
}

TEST_CASE("chess FEN: impossible material is refused") {
    CHECK(mentions(refusal("4k3/P7/8/8/8/8/8/4K2p w - - 0 1"), "first or last rank"));
    CHECK(mentions(refusal("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), "first or last rank"));
    CHECK(mentions(refusal("4k3/8/8/8/p7/PPPPPPPP/P7/4K3 w - - 0 1"), "9 pawns"));
    CHECK(mentions(refusal("QQQ1k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"), "missing pawns"));
}

TEST_CASE("chess FEN: castling rights the pieces cannot have are refused (FIDE 3.8.2.1)") {
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1"), "rook on h1"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1"), "king on e1"));
    CHECK(mentions(refusal("r3k3/8/8/8/8/8/8/4K3 w k - 0 1"), "rook on h8"));
    CHECK(mentions(refusal("1r2k3/8/8/8/8/8/8/4K3 w q - 0 1"), "rook on a8"));
}

TEST_CASE("chess FEN: an en passant square on the wrong rank or with no pawn behind it is "
          "refused (FIDE 3.7.3)") {
    CHECK(mentions(refusal("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1"), "rank 6"));
    CHECK(mentions(refusal("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"), "no black pawn on d5"));
    CHECK(mentions(refusal("4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1"), "d7 empty"));
    CHECK(mentions(refusal("4k3/8/8/3pP3/8/8/8/4K3 w - d6 5 10"), "halfmove clock"));
}

TEST_CASE("chess FEN: the side not to move in check is refused") {
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2r b - - 0 1"), "White is in check but it is not"));
    CHECK(mentions(refusal("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"), "Black is in check but it is not"));
}

TEST_CASE("chess FEN: counters out of range are refused") {
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - -1 1"), "halfmove clock"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - x 1"), "halfmove clock"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 0 0"), "fullmove number"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 0 1000000000"), "fullmove number"));
    CHECK(
        mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 0 99999999999999999999"), "fullmove number"));
}

TEST_CASE("chess FEN: a halfmove clock beyond the plies the fullmove number counts is read, as "
          "a set-up position need not come from the start (issue 34)") {
    for (const std::string fen :
         {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1",
          "4k3/8/8/8/8/8/8/4K2R w - - 30 10", "4k3/8/8/8/8/8/8/4K2R b - - 99 1"}) {
        CAPTURE(fen);
        CHECK(chess_test::game_from(fen)->position() == fen);
    }
}

TEST_CASE("chess FEN: counters are plain decimal, with no sign and no leading zero") {
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - -0 1"), "halfmove clock"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - +1 5"), "halfmove clock"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 01 5"), "halfmove clock"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 00 5"), "halfmove clock"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 0 01"), "fullmove number"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 0 -0"), "fullmove number"));
    CHECK(mentions(refusal("4k3/8/8/8/8/8/8/4K2R w - - 0 +7"), "fullmove number"));
    CHECK(chess_test::game_from("4k3/8/8/8/8/8/8/4K2R w - - 0 10")->position() ==
          "4k3/8/8/8/8/8/8/4K2R w - - 0 10");
}

TEST_CASE("chess FEN: every FEN a game writes is read back, past move 9999 and at the largest "
          "fullmove number") {
    for (const auto& [start, after] : std::vector<std::pair<std::string, std::string>>{
             {"7k/8/8/8/8/8/8/KQ6 b - - 0 9999", "6k1/8/8/8/8/8/8/KQ6 w - - 1 10000"},
             {"7k/8/8/8/8/8/8/KQ6 b - - 0 999999999", "6k1/8/8/8/8/8/8/KQ6 w - - 1 999999999"},
             {"7k/8/8/8/8/8/8/KQ6 b - - 1999999997 999999999",
              "6k1/8/8/8/8/8/8/KQ6 w - - 1999999998 999999999"}}) {
        CAPTURE(start);
        // ReportOnly: the seventy-five-move rule must not end the game before the move.
        auto game = chess_test::game_from(start, rules::DrawRules::ReportOnly);
        REQUIRE(game->play("Kg8").ok());
        CHECK(game->position() == after);
        CHECK(chess_test::game_from(game->position())->position() == after);
    }
}

TEST_CASE("chess FEN: a king attacked by three pieces is refused") {
    CHECK(mentions(refusal("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1"), "3 pieces"));
}
