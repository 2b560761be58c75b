// rules::build_tables(): the per-process tables built ahead of the first game, from several
// threads at once (a server's start-up races nothing today, but the call promises it), and the
// games played on them as before. Each test case runs in a process of its own (ctest), so the
// tables are built here, not by an earlier case.
#include "rules/game.h"
#include "rules/perft.h"

#include <cstdint>
#include <string_view>
#include <thread>
#include <vector>

#include <doctest/doctest.h>

namespace {

std::uint64_t perft_nodes(rules::VariantId id, std::string_view position, int depth) {
    const auto report = rules::perft(id, position, {.depth = depth});
    REQUIRE(report);
    return report->nodes;
}

} // namespace

TEST_CASE("build_tables from four threads at once, then again: every family plays as before") {
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back(rules::build_tables);
    for (auto& thread : threads)
        thread.join();
    rules::build_tables();

    using rules::VariantId;
    // Chess: the start position, and marcel-670 of tests/data/chess.perft (sliders, pins and an
    // en passant refused because it would expose the king along the rank).
    CHECK(perft_nodes(VariantId::Chess, "", 3) == 8902);
    CHECK(perft_nodes(VariantId::Chess, "rb4b1/8/1pr5/p1P1P3/Pp2p3/3k3P/3P2R1/1N1K4 w - - 0 1",
                      3) == 7297);
    // The halma family on both boards (tests/data/chinese-checkers-3.perft, halma-4.perft).
    CHECK(perft_nodes(VariantId::ChineseCheckers3, "", 4) == 66640);
    CHECK(perft_nodes(VariantId::Halma4, "", 3) == 32768);
    // Draughts and Turkish build nothing ahead, and need nothing (tests/data as well).
    CHECK(perft_nodes(VariantId::International, "", 3) == 658);
    CHECK(perft_nodes(VariantId::Turkish, "", 3) == 708);
}
