// UCI and SAN, both ways: a string is accepted only when it names exactly one legal move.
#include "rules/chess/fen.h"
#include "rules/chess/move_generator.h"
#include "rules/chess/notation.h"
#include "tests/rules/chess/chess_test_support.h"

using chess_test::game_from;
using chess_test::kiwipete;
using chess_test::Moves;

namespace {

std::string san_of(const std::string& fen, const std::string& uci) {
    auto game = game_from(fen);
    const auto played = game->play(uci);
    REQUIRE_MESSAGE(played.ok(), uci << ": " << played.error().detail);
    return played->display;
}

std::string error_code(const std::string& fen, const std::string& move) {
    auto game = game_from(fen);
    const std::string before = game->position();
    const auto played = game->play(move);
    REQUIRE_MESSAGE(!played.ok(), move << " was accepted");
    CHECK(game->position() == before); // nothing changes on error
    CHECK(game->ply() == 0);
    return played.error().code;
}

} // namespace

TEST_CASE("chess SAN: minimal disambiguation by file, by rank, then both (PGN 8.2.3.4)") {
    const std::string fen = "8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1";
    CHECK(san_of(fen, "h4e1") == "Qh4e1");
    CHECK(san_of(fen, "e4e1") == "Qee1");
    CHECK(san_of(fen, "h1e1") == "Q1e1");
    CHECK(san_of("4k3/8/8/8/8/5N2/8/RN2K3 w Q - 0 1", "b1d2") == "Nbd2");
    CHECK(san_of("4k3/8/8/8/8/5N2/8/RN2K3 w Q - 0 1", "a1a2") == "Ra2");
    CHECK(san_of("4k3/R7/8/8/8/8/8/R3K3 w Q - 0 1", "a1a4") == "R1a4");
}

TEST_CASE("chess SAN: captures, en passant, promotion, castling and check signs") {
    CHECK(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4") ==
          "Qh4#");
    CHECK(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6") == "exd6");
    CHECK(san_of("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q") == "e8=Q+");
    CHECK(san_of("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8n") == "exd8=N");
    CHECK(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1") == "O-O");
    CHECK(san_of("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8") == "O-O-O");
    CHECK(san_of("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1") == "O-O-O");
    CHECK(san_of("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1") == "O-O-O+");
}

TEST_CASE("chess notation: every legal move of Kiwipete reads back from its SAN and its UCI") {
    const auto position = rules::chess::parse_fen(kiwipete);
    REQUIRE(position.ok());
    rules::chess::MoveList list;
    rules::chess::generate_legal(*position, list);
    REQUIRE(list.size == 48);
    for (const auto move : list) {
        const auto by_san = rules::chess::read_move(*position, rules::chess::san(*position, move));
        const auto by_uci = rules::chess::read_move(*position, rules::chess::uci(move));
        REQUIRE(by_san.ok());
        REQUIRE(by_uci.ok());
        CHECK(*by_san == move);
        CHECK(*by_uci == move);
    }
}

TEST_CASE("chess notation: lenient forms a person types are read when they name one move") {
    auto game = game_from("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    auto check = [&](const std::string& typed, const std::string& uci) {
        auto copy = game->clone();
        const auto played = copy->play(typed);
        REQUIRE_MESSAGE(played.ok(), typed << ": " << played.error().detail);
        CHECK(played->notation == uci);
    };
    check("0-0", "e1g1");
    check("0-0-0", "e1c1");
    check("O-O+", "e1g1");
    check("b8Q", "b7b8q");
    check("b8=q", "b7b8q");
    check("b7b8Q", "b7b8q");
    check("bxa8=N", "b7a8n");
    check("exd6e.p.", "e5d6");
    check("exd6 e.p.", "e5d6");
    check("ed6", "e5d6");
    check("e6!?", "e5e6");
    check("Ra1d1", "a1d1");
    check("Rxa8", "a1a8");
    check("Ra1-d1", "a1d1");
    check("e5-e6", "e5e6");
    check("b7-b8=Q", "b7b8q");
    check(" e6 ", "e5e6");
}

TEST_CASE("chess notation: ambiguous, illegal and malformed moves are refused, nothing changes") {
    const std::string knights = "4k3/8/8/8/8/5N2/8/RN2K3 w Q - 0 1";
    CHECK(error_code(knights, "Nd2") == "ambiguous_move");
    CHECK(error_code("4k3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8") == "illegal_move"); // e8 blocked
    CHECK(error_code("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8") == "ambiguous_move");
    CHECK(error_code("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8") == "ambiguous_move");
    CHECK(error_code(rules::chess::start_fen.data(), "e2e5") == "illegal_move");
    CHECK(error_code(rules::chess::start_fen.data(), "Nf4") == "illegal_move");
    CHECK(error_code(rules::chess::start_fen.data(), "O-O") == "illegal_move");
    CHECK(error_code(rules::chess::start_fen.data(), "exd3") == "illegal_move");
    CHECK(error_code(rules::chess::start_fen.data(), "hello") == "bad_move_syntax");
    CHECK(error_code(rules::chess::start_fen.data(), "") == "bad_move_syntax");
    CHECK(error_code(rules::chess::start_fen.data(), "--") == "bad_move_syntax");
    CHECK(error_code(rules::chess::start_fen.data(), "e2e4x") == "bad_move_syntax");
    CHECK(error_code(rules::chess::start_fen.data(), "Ke2e3e4") == "bad_move_syntax");
    auto game = game_from(rules::chess::start_fen.data());
    const auto refused = game->play("e2e5");
    REQUIRE(!refused.ok());
    CHECK(refused.error().detail == "e2e5 is not legal here");
}

TEST_CASE("chess notation: a move view gives UCI, SAN, the path and every captured cell") {
    auto game = game_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    const auto played = game->play("exd6");
    REQUIRE(played.ok());
    CHECK(played->notation == "e5d6");
    CHECK(played->display == "exd6");
    CHECK(played->path == std::vector<int>{3 * 8 + 4, 2 * 8 + 3}); // e5 -> d6
    CHECK(played->captures == std::vector<int>{3 * 8 + 3});        // the pawn on d5
    CHECK(game->moves() == Moves{"e5d6"});
}

TEST_CASE("chess board view: FEN letters by row from rank 8, and the king in check") {
    auto game = game_from("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    const auto board = game->board();
    CHECK(board.cells.substr(0, 8) == "rnb.kbnr");
    CHECK(board.cells.substr(56, 8) == "RNBQKBNR");
    CHECK(board.cells[4 * 8 + 7] == 'q');
    CHECK(board.check_cell == 7 * 8 + 4);
    CHECK(game_from(rules::chess::start_fen.data())->board().check_cell == -1);
}
