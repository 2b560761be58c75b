// perft: leaf counts of the legal move tree against published counts. The fast cases run in
// every build; the deep ones are skipped here and run by the CTest test chess_perft_deep
// (label "slow", Release only) with --no-skip.
#include "rules/perft.h"
#include "tests/rules/chess/chess_test_support.h"

#include <cstdint>
#include <map>
#include <sstream>
#include <string>

using chess_test::kiwipete;
using chess_test::start_position;

namespace {

std::uint64_t perft(const std::string& fen, int depth) {
    const auto report = rules::perft(rules::VariantId::Chess, fen, {.depth = depth});
    REQUIRE_MESSAGE(report.ok(), fen << ": " << report.error().detail);
    return report->nodes;
}

// Runs every count of the file up to `max_nodes` (all of them when 0); each position must
// have at least one count small enough.
void check_perft_file(std::uint64_t max_nodes) {
    std::map<std::string, int> run; // by position
    for (const auto& c : rules_test::read_perft_file("chess")) {
        INFO(c.id << ": " << c.fen);
        int& counted = run[c.id];
        if (max_nodes && c.nodes > max_nodes)
            continue;
        CHECK(perft(c.fen, c.depth) == c.nodes);
        ++counted;
    }
    CHECK(run.size() >= 100);
    for (const auto& [id, counted] : run) {
        INFO(id);
        CHECK(counted > 0);
    }
}

// The positions of chessprogramming.org "Perft Results" (position 2, "Kiwipete", and the start
// are in chess_test_support.h).
const std::string position3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const std::string position4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const std::string position4_mirrored =
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const std::string position5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const std::string position6 =
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

} // namespace

TEST_CASE("chess perft: start position to depth 4 (chessprogramming.org Perft Results)") {
    CHECK(perft(start_position, 0) == 1);
    CHECK(perft(start_position, 1) == 20);
    CHECK(perft(start_position, 2) == 400);
    CHECK(perft(start_position, 3) == 8902);
    CHECK(perft(start_position, 4) == 197281);
}

TEST_CASE("chess perft: Kiwipete and positions 3 to 6 at fast depths (chessprogramming.org)") {
    CHECK(perft(kiwipete, 1) == 48);
    CHECK(perft(kiwipete, 2) == 2039);
    CHECK(perft(kiwipete, 3) == 97862);
    CHECK(perft(position3, 4) == 43238);
    CHECK(perft(position3, 5) == 674624);
    CHECK(perft(position4, 3) == 9467);
    CHECK(perft(position4, 4) == 422333);
    CHECK(perft(position4_mirrored, 4) == 422333);
    CHECK(perft(position5, 3) == 62379);
    CHECK(perft(position6, 3) == 89890);
}

TEST_CASE("chess perft: tests/data/chess.perft, every position at its small depths") {
    check_perft_file(200000);
}

TEST_CASE("chess perft: divide lists every root move in UCI with its count") {
    const auto report =
        rules::perft(rules::VariantId::Chess, kiwipete, {.depth = 2, .divide = true});
    REQUIRE(report.ok());
    CHECK(report->divide.size() == 48);
    CHECK(report->nodes == 2039);
    std::uint64_t sum = 0;
    for (const auto& [move, nodes] : report->divide)
        sum += nodes;
    CHECK(sum == 2039);
    bool castles = false;
    for (const auto& [move, nodes] : report->divide)
        castles |= move == "e1g1";
    CHECK(castles);
    const auto bad = rules::perft(rules::VariantId::Chess, "not a fen", {.depth = 1});
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == "bad_fen");
}

TEST_CASE("chess perft deep: start position to depth 6, Kiwipete to depth 5, positions 3-6 "
          "deeper (chessprogramming.org)" *
          doctest::skip()) {
    CHECK(perft(start_position, 5) == 4865609);
    CHECK(perft(start_position, 6) == 119060324);
    CHECK(perft(kiwipete, 4) == 4085603);
    CHECK(perft(kiwipete, 5) == 193690690);
    CHECK(perft(position3, 6) == 11030083);
    CHECK(perft(position4, 5) == 15833292);
    CHECK(perft(position5, 4) == 2103487);
    CHECK(perft(position5, 5) == 89941194);
    CHECK(perft(position6, 4) == 3894594);
    CHECK(perft(position6, 5) == 164075551);
}

TEST_CASE("chess perft deep: tests/data/chess.perft at every depth listed" * doctest::skip()) {
    check_perft_file(0);
}
