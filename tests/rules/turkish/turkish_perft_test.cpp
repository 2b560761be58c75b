// perft of Turkish draughts against tests/data/turkish.perft (sources in that file).
#include "rules/perft.h"
#include "tests/rules/rules_test_support.h"

#include <cstdint>

#include <doctest/doctest.h>

namespace {

constexpr std::uint64_t fast_limit = 1'000'000;

void check_cases(bool slow) {
    const auto cases = rules_test::read_perft_file("turkish");
    REQUIRE(cases.size() > 20);
    for (const auto& c : cases) {
        if ((c.nodes > fast_limit) != slow)
            continue;
        CAPTURE(c.id);
        CAPTURE(c.depth);
        CAPTURE(c.keep_duplicates);
        const auto report =
            rules::perft(rules::VariantId::Turkish, c.fen,
                         {.depth = c.depth, .divide = false, .keep_duplicates = c.keep_duplicates});
        REQUIRE(report.ok());
        CHECK(report->nodes == c.nodes);
    }
}

} // namespace

TEST_CASE("turkish: perft counts of tests/data/turkish.perft up to a million nodes") {
    check_cases(false);
}

TEST_CASE("turkish: deep perft counts of tests/data/turkish.perft (slow)" * doctest::skip()) {
    check_cases(true);
}

TEST_CASE("turkish: perft divide lists each root move with its count") {
    const auto report = rules::perft(rules::VariantId::Turkish, "", {.depth = 2, .divide = true});
    REQUIRE(report.ok());
    REQUIRE(report->divide.size() == 8);
    std::uint64_t total = 0;
    for (const auto& [move, count] : report->divide) {
        CHECK(count == 8);
        total += count;
    }
    CHECK(total == 64);
    CHECK(report->nodes == 64);
}

TEST_CASE("turkish: divide counts every path of a root move when duplicates are kept") {
    for (const auto& [fen, depth] :
         {std::pair<std::string, int>{"W:WKe6:Bd2,c3,g3,a4,b4,e4,c5,c6,f6,a7,e7,h7,d8,f8", 1},
          {"W:Wa2,Kd4,h2:Bd2,d6,a7,h7", 6}}) {
        CAPTURE(fen);
        const rules::PerftOptions whole{.depth = depth, .divide = false, .keep_duplicates = true};
        rules::PerftOptions divided = whole;
        divided.divide = true;
        const auto total = rules::perft(rules::VariantId::Turkish, fen, whole);
        const auto split = rules::perft(rules::VariantId::Turkish, fen, divided);
        REQUIRE(total.ok());
        REQUIRE(split.ok());
        std::uint64_t sum = 0;
        for (const auto& entry : split->divide)
            sum += entry.second;
        CHECK(sum == total->nodes);
        CHECK(split->nodes == total->nodes);
    }
}

TEST_CASE("turkish: perft refuses a bad position with the reason") {
    const auto report = rules::perft(rules::VariantId::Turkish, "W:Wz9:B", {.depth = 1});
    REQUIRE_FALSE(report.ok());
    CHECK(report.error().code == "bad_fen");
}
