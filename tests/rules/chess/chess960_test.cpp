// Chess960 (FIDE Laws, Guidelines II): the numbered start positions, X-FEN and Shredder-FEN,
// castling by the Chess960 rules with its UCI (king takes rook) and SAN (O-O, O-O-O) forms,
// the PGN record, and perft against the published table (tests/data/chess960.perft) and
// against counts of our own checked by symmetry.
#include "rules/perft.h"
#include "rules/record/record_reader.h"
#include "tests/rules/chess/chess_test_support.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using chess_test::chess960_from;
using chess_test::play_all;
using chess_test::sorted;

namespace {

std::string refusal_960(const std::string& fen) {
    const auto game = rules::make_game(rules::VariantId::Chess960, fen);
    REQUIRE_MESSAGE(!game.ok(), fen << " was accepted");
    CHECK(game.error().code == "bad_fen");
    return game.error().detail;
}

bool says(const std::string& text, const std::string& part) {
    INFO(text);
    return text.find(part) != std::string::npos;
}

std::uint64_t perft960(const std::string& fen, int depth) {
    const auto report = rules::perft(rules::VariantId::Chess960, fen, {.depth = depth});
    REQUIRE_MESSAGE(report.ok(), fen << ": " << report.error().detail);
    return report->nodes;
}

bool has_legal_move(const rules::Game& game, const std::string& move) {
    const auto moves = game.legal_moves();
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// The position after `move`, which must be legal.
std::string after_move(const std::string& fen, const std::string& move) {
    auto game = chess960_from(fen);
    play_all(*game, {move});
    return game->position();
}

// The same position seen from the other side: ranks reversed, colours swapped.
std::string mirrored_fen(const std::string& fen) {
    std::vector<std::string> fields;
    std::istringstream in(fen);
    for (std::string field; in >> field;)
        fields.push_back(field);
    REQUIRE(fields.size() == 6);
    const auto swap_case = [](std::string text) {
        for (char& c : text)
            c = static_cast<char>(std::isupper(static_cast<unsigned char>(c))
                                      ? std::tolower(static_cast<unsigned char>(c))
                                      : std::toupper(static_cast<unsigned char>(c)));
        return text;
    };
    std::vector<std::string> ranks;
    std::istringstream placement(fields[0]);
    for (std::string rank; std::getline(placement, rank, '/');)
        ranks.insert(ranks.begin(), swap_case(rank));
    std::string board;
    for (const auto& rank : ranks)
        board += (board.empty() ? "" : "/") + rank;
    std::string white_rights;
    std::string black_rights;
    for (const char c : fields[2])
        (std::isupper(static_cast<unsigned char>(c)) ? white_rights : black_rights) += c;
    const std::string castling =
        fields[2] == "-" ? "-" : swap_case(black_rights) + swap_case(white_rights);
    std::string en_passant = fields[3];
    if (en_passant != "-")
        en_passant[1] = en_passant[1] == '3' ? '6' : '3';
    return board + (fields[1] == "w" ? " b " : " w ") + castling + " " + en_passant + " " +
           fields[4] + " " + fields[5];
}

} // namespace

TEST_CASE("chess960: the numbered start positions (Scharnagl), one per number, each by "
          "Guidelines II.2") {
    CHECK(*rules::start_position_fen(rules::VariantId::Chess960, 518) ==
          std::string(rules::chess::start_fen));
    CHECK(*rules::start_position_fen(rules::VariantId::Chess960, 959) ==
          "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    std::set<std::string> seen;
    for (int number = 0; number < 960; ++number) {
        CAPTURE(number);
        const auto fen = rules::start_position_fen(rules::VariantId::Chess960, number);
        REQUIRE(fen.ok());
        seen.insert(*fen);
        const std::string white = fen->substr(fen->find("PPPPPPPP/") + 9, 8);
        const auto at = [&](char piece) { return white.find(piece); };
        // II.2.1: the king between the rooks; II.2.2: bishops on squares of both colours.
        CHECK(at('R') < at('K'));
        CHECK(white.rfind('R') > at('K'));
        CHECK((at('B') + white.rfind('B')) % 2 == 1);
        // II.2.3: Black opposite White.
        std::string black = fen->substr(0, 8);
        for (char& c : black)
            c = static_cast<char>(c - 'a' + 'A');
        CHECK(black == white);
        // Read back and written identically, X-FEN "KQkq".
        CHECK(chess960_from(*fen)->position() == *fen);
    }
    CHECK(seen.size() == 960);
}

TEST_CASE("chess960: an empty position starts a game from the standard arrangement, 518") {
    auto game = rules::make_game(rules::VariantId::Chess960);
    REQUIRE(game.ok());
    CHECK((*game)->variant() == rules::VariantId::Chess960);
    CHECK((*game)->position() == std::string(rules::chess::start_fen));
    CHECK(sorted((*game)->legal_moves()) ==
          sorted(rules::make_game(rules::VariantId::Chess).value()->legal_moves()));
}

TEST_CASE("chess960 FEN: Shredder-FEN and X-FEN are read and written back identically") {
    for (const std::string fen :
         {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
          "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
          "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9",
          "k7/8/8/8/8/8/8/1K2R2R w E - 0 1", "k7/8/8/8/8/8/8/1K2R2R w K - 0 1",
          "k7/8/8/8/8/8/8/1K2R2R w H - 0 1", "r1k1r2r/8/8/8/8/8/8/R1K1R2R w EQeq - 0 1",
          "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}) {
        CAPTURE(fen);
        CHECK(chess960_from(fen)->position() == fen);
    }
    // The two notations of one position have the same moves.
    CHECK(chess960_from("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
              ->legal_moves() ==
          chess960_from("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9")
              ->legal_moves());
}

TEST_CASE("chess960 FEN: castling fields that name no castling rook, or name one twice or out "
          "of order, are refused with the reason") {
    CHECK(says(refusal_960("4k3/8/8/8/8/8/8/1K5R w X - 0 1"), "castling field has 'X'"));
    CHECK(says(refusal_960("4k3/8/8/8/8/8/8/1K5R w A - 0 1"), "white rook on a1"));
    CHECK(says(refusal_960("4k3/8/8/8/8/8/8/1K5R w Q - 0 1"), "towards the a-file"));
    CHECK(says(refusal_960("4k3/8/8/8/8/8/1K6/7R w K - 0 1"), "king on its first rank"));
    CHECK(says(refusal_960("r3k3/8/8/8/8/8/8/1K5R w qK - 0 1"), "White's before Black's"));
    CHECK(says(refusal_960("4k3/8/8/8/8/8/8/R1K4R w QK - 0 1"), "king side (towards the h-file)"));
    CHECK(says(refusal_960("k7/8/8/8/8/8/8/1K2R2R w KE - 0 1"), "once each"));
    CHECK(says(refusal_960("4k2r/8/8/8/8/8/8/1K5R w Hk - 0 1"), "X-FEN writes K"));
    CHECK(says(refusal_960("5k1r/8/8/8/8/8/8/1K5R w Kk - 0 1"), "different files"));
    CHECK(says(refusal_960("4k1r1/8/8/8/8/8/8/4K2R w Kk - 0 1"), "rooks on different files"));
    CHECK(says(refusal_960("4k3/8/8/8/8/8/8/1K5R w - - 0 1 x"), "6 fields"));
    // Standard chess keeps its own castling field: file letters are Chess960's.
    const auto standard =
        rules::make_game(rules::VariantId::Chess,
                         "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    REQUIRE_FALSE(standard.ok());
    CHECK(says(standard.error().detail, "castling field has 'H'"));
}

TEST_CASE("chess960 castling: king and rook end on g1/f1 or c1/d1 from any start, written as "
          "the king taking its rook (Guidelines II.3)") {
    // King already on its end square: only the rook moves.
    CHECK(after_move("4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Rook already on its end square: only the king moves.
    CHECK(after_move("4k3/8/8/8/8/8/8/4KR2 w K - 0 1", "e1f1") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King and rook change places.
    CHECK(after_move("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Queen side, the rook jumping over the king.
    CHECK(after_move("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1") == "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The king passing its castling rook.
    CHECK(after_move("4k3/8/8/8/8/8/8/5RK1 w Q - 0 1", "g1f1") == "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // Black, from a start position.
    CHECK(after_move("rk6/8/8/8/8/8/8/4K3 b q - 0 1", "b8a8") == "2kr4/8/8/8/8/8/8/4K3 w - - 1 2");
    // A king one step from g1: f1g1 steps there, f1h1 castles.
    auto game = chess960_from("4k3/8/8/8/8/8/8/5K1R w K - 0 1");
    CHECK(has_legal_move(*game, "f1g1"));
    CHECK(has_legal_move(*game, "f1h1"));
    CHECK(after_move("4k3/8/8/8/8/8/8/5K1R w K - 0 1", "f1g1") == "4k3/8/8/8/8/8/8/6KR b - - 1 1");
    CHECK(after_move("4k3/8/8/8/8/8/8/5K1R w K - 0 1", "O-O") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Standard chess keeps e1g1.
    CHECK(has_legal_move(*chess_test::game_from("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "e1g1"));
    CHECK(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "e1h1"));
    CHECK_FALSE(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "e1g1"));
}

TEST_CASE("chess960 castling: every square between king and rook and their end squares must be "
          "empty but for them, other squares may stay occupied") {
    // A knight on the rook's way (d1) or on the king's (c1) forbids it.
    CHECK_FALSE(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1"), "b1a1"));
    CHECK_FALSE(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/RKN5 w Q - 0 1"), "b1a1"));
    // A knight beyond both (e1) does not.
    CHECK(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/RK2N3 w Q - 0 1"), "b1a1"));
    // King b1, rook c1 castling towards h: c1 to g1 must be empty but for the rook; h1 may
    // hold a knight.
    CHECK(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/1KR4N w K - 0 1"), "b1c1"));
    CHECK_FALSE(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/1KR3N1 w K - 0 1"), "b1c1"));
    // The other castling rook on the king's end square blocks (position 0's queen side).
    CHECK_FALSE(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/5RKR w KQ - 0 1"), "g1h1"));
    CHECK(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/5RKR w KQ - 0 1"), "g1f1"));
}

TEST_CASE(
    "chess960 castling: not out of check, through or into an attacked square, though the rook "
    "may cross one") {
    CHECK(has_legal_move(*chess960_from("4k3/8/8/8/8/8/8/RK6 w Q - 0 1"), "b1a1"));
    // c1, the king's end square, attacked.
    CHECK_FALSE(has_legal_move(*chess960_from("2r1k3/8/8/8/8/8/8/RK6 w Q - 0 1"), "b1a1"));
    // d1, only the rook's end square, attacked.
    CHECK(has_legal_move(*chess960_from("3rk3/8/8/8/8/8/8/RK6 w Q - 0 1"), "b1a1"));
    // In check.
    CHECK_FALSE(has_legal_move(*chess960_from("1r2k3/8/8/8/8/8/8/RK6 w Q - 0 1"), "b1a1"));
    // e1, crossed by the king from d1 to g1, attacked.
    CHECK_FALSE(has_legal_move(*chess960_from("4r1k1/8/8/8/8/8/8/3K3R w K - 0 1"), "d1h1"));
    CHECK(has_legal_move(*chess960_from("6k1/8/8/8/8/8/8/3K3R w K - 0 1"), "d1h1"));
    // The castling rook shields the king's end square from a queen on the rank: after
    // castling the king on c1 would stand in check from a1 (FIDE 3.9).
    CHECK_FALSE(has_legal_move(*chess960_from("7k/8/8/8/8/8/8/qRK5 w Q - 0 1"), "c1b1"));
    CHECK(has_legal_move(*chess960_from("7k/8/8/8/8/8/8/1RK5 w Q - 0 1"), "c1b1"));
}

TEST_CASE("chess960 castling: a right is lost when its rook moves or is taken, both when the "
          "king moves") {
    const std::string fen = "4k3/8/8/8/8/8/6b1/RK5R w KQ - 0 1";
    CHECK(after_move(fen, "h1h2") == "4k3/8/8/8/8/8/6bR/RK6 b Q - 1 1");
    CHECK(after_move(fen, "a1a2") == "4k3/8/8/8/8/8/R5b1/1K5R b K - 1 1");
    CHECK(after_move(fen, "b1c2") == "4k3/8/8/8/8/8/2K3b1/R6R b - - 1 1");
    CHECK(after_move("4k3/8/8/8/8/8/6b1/RK5R b KQ - 0 1", "g2h1") ==
          "4k3/8/8/8/8/8/8/RK5b w Q - 0 2");
    // An inner rook named by its file keeps the right when the outer one moves.
    CHECK(after_move("k7/8/8/8/8/8/8/1K2R2R w E - 0 1", "h1h2") ==
          "k7/8/8/8/8/8/7R/1K2R3 b E - 1 1");
}

TEST_CASE("chess960 SAN: O-O and O-O-O are read and written, with check and mate") {
    auto game = chess960_from("2rkr3/2p1p3/8/8/8/8/8/RK6 w Q - 0 1");
    const auto played = game->play("O-O-O");
    REQUIRE(played.ok());
    CHECK(played->display == "O-O-O#");
    CHECK(played->notation == "b1a1");
    CHECK(game->outcome().reason == "checkmate");
    auto both = chess960_from("4k3/8/8/8/8/8/8/5RKR w KQ - 0 1");
    CHECK(both->play("O-O").error().code == "illegal_move");
    CHECK(both->play("O-O-O")->notation == "g1f1");
}

TEST_CASE("chess960 PGN: the record carries Variant, SetUp and FEN and replays to the same "
          "game") {
    const std::string start = *rules::start_position_fen(rules::VariantId::Chess960, 0);
    auto game = chess960_from(start);
    play_all(*game, {"b3", "b6", "Qb2", "Qb7", "Ne3", "Ne6", "Nd3", "Nd6", "O-O-O", "O-O-O"});
    CHECK(game->moves().back() == "g8f8");
    const std::string pgn = game->record({});
    CHECK(says(pgn, "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" + start + "\"]\n"));
    CHECK(says(pgn, "5. O-O-O O-O-O *"));
    const auto records = rules::read_records(pgn);
    REQUIRE(records.size() == 1);
    REQUIRE(records[0].ok());
    auto replayed = chess960_from(std::string(*records[0]->tag("FEN")));
    play_all(*replayed, records[0]->moves);
    CHECK(replayed->position() == game->position());
    CHECK(replayed->moves() == game->moves());
    // The standard arrangement too is written with its FEN: a Chess960 record always is.
    CHECK(says(chess960_from(std::string(rules::chess::start_fen))->record({}), "[SetUp \"1\"]"));
}

TEST_CASE("chess960 records: tests/data/games/chess960_games.pgn replays to the result each "
          "game records") {
    const auto records = rules::read_records(chess_test::read_text_file(
        std::string(TABULA_TEST_DATA_DIR) + "/games/chess960_games.pgn"));
    REQUIRE(records.size() >= 3);
    for (const auto& record : records) {
        REQUIRE(record.ok());
        INFO("game at line " << record->first_line);
        CHECK(record->tag("Variant") == "Chess960");
        auto game = chess960_from(std::string(*record->tag("FEN")), rules::DrawRules::ReportOnly);
        play_all(*game, record->moves);
        const auto outcome = game->outcome();
        const std::string marker = outcome.won_by(0)                                ? "1-0"
                                   : outcome.won_by(1)                              ? "0-1"
                                   : outcome.status == rules::Outcome::Status::Draw ? "1/2-1/2"
                                                                                    : "*";
        CHECK(marker == record->result);
    }
}

TEST_CASE("chess960 perft: tests/data/chess960.perft at its small depths (chessprogramming.org "
          "Chess960 Perft Results)") {
    std::set<std::string> positions;
    for (const auto& c : rules_test::read_perft_file("chess960")) {
        INFO(c.id << ": " << c.fen);
        positions.insert(c.id);
        if (c.nodes <= 200000)
            CHECK(perft960(c.fen, c.depth) == c.nodes);
    }
    CHECK(positions.size() == 20);
}

TEST_CASE("chess960 perft deep: tests/data/chess960.perft at every depth listed" *
          doctest::skip()) {
    for (const auto& c : rules_test::read_perft_file("chess960")) {
        INFO(c.id << ": " << c.fen);
        CHECK(perft960(c.fen, c.depth) == c.nodes);
    }
}

// Our own counts, for positions the published table lacks: castling with the king or the rook
// already on its end square, pieces left standing beside the castling, and a rook shielding
// the king's end square. They were computed by this generator (`tabula perft chess960`); what
// checks them besides is the depth-1 count worked out by hand (1KR4N: king 4, rook 11, knight
// 2, castling 1; qRK3R1: king 3, pinned rook 1, rook 11, both castlings refused), that each
// position seen from the other side (colours swapped, ranks reversed) counts the same at every
// depth, and that positions of standard chess count as standard chess does.
TEST_CASE("chess960 perft: pinned counts of castling positions, the same seen from either "
          "side") {
    struct Pinned {
        std::string fen;
        std::vector<std::uint64_t> counts; // from depth 1
    };
    const std::vector<Pinned> pinned{
        {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1", {25, 625, 15131, 366277}},
        {"rk4rq/8/8/8/8/8/8/RK4RQ w KQkq - 0 1", {35, 968, 32452, 1044901}},
        {"1rk3r1/8/8/8/8/8/8/qRK3R1 w KQk - 0 1", {15, 481, 8262, 286220}},
        {"4k3/8/8/8/8/8/8/1KR4N w K - 0 1", {18, 78, 1546, 8365, 171638}},
        {"rn2kr2/8/8/8/8/8/8/RN2KR2 w KQkq - 0 1", {22, 411, 9724, 220440}},
    };
    for (const auto& p : pinned) {
        INFO(p.fen);
        for (std::size_t i = 0; i < p.counts.size(); ++i) {
            const int depth = static_cast<int>(i) + 1;
            CHECK(perft960(p.fen, depth) == p.counts[i]);
            CHECK(perft960(mirrored_fen(p.fen), depth) == p.counts[i]);
        }
    }
    const std::string standard(rules::chess::start_fen);
    CHECK(perft960(standard, 4) == 197281);
    CHECK(perft960(mirrored_fen(chess_test::kiwipete), 3) == 97862);
}
