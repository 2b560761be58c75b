// perft of the halma family against tests/data/<variant>.perft, each count checked twice: by
// rules::perft and, up to a size, by the independent slow generator of reference_halma.h.
#include "halma_test_support.h"
#include "rules/perft.h"
#include "rules/variant.h"
#include "tests/rules/rules_test_support.h"

#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

const std::vector<std::string> variants = {"chinese-checkers-2",
                                           "chinese-checkers-3",
                                           "chinese-checkers-4",
                                           "chinese-checkers-6",
                                           "halma-2",
                                           "halma-4"};

// Checks the counts of [min_nodes, max_nodes] with rules::perft, and those of
// [reference_min, reference_max] with the reference generator.
void check_cases(std::uint64_t min_nodes, std::uint64_t max_nodes, std::uint64_t reference_min,
                 std::uint64_t reference_max) {
    int checked = 0;
    for (const auto& variant : variants) {
        for (const auto& c : rules_test::read_perft_file(variant)) {
            CAPTURE(variant);
            CAPTURE(c.id);
            CAPTURE(c.depth);
            const auto id = *rules::variant_from_name(variant);
            if (c.nodes >= min_nodes && c.nodes <= max_nodes) {
                const auto report = rules::perft(id, c.fen, {.depth = c.depth});
                REQUIRE(report.ok());
                CHECK(report->nodes == c.nodes);
                ++checked;
            }
            if (c.nodes >= reference_min && c.nodes <= reference_max) {
                const auto game = halma_test::game_of(id, c.fen);
                REQUIRE(game);
                const auto reference = halma_test::reference_for(id);
                CHECK(reference.perft(halma_test::state_of(*game), c.depth) == c.nodes);
                ++checked;
            }
        }
    }
    CHECK(checked > 0);
}

} // namespace

TEST_CASE("halma family: perft counts of tests/data up to 200,000 nodes, checked twice") {
    check_cases(0, 200'000, 0, 20'000);
}

// The rest: rules::perft to the deepest counts, the reference generator up to 150,000 nodes.
TEST_CASE("halma family: deep perft counts of tests/data (slow)" * doctest::skip()) {
    check_cases(200'001, UINT64_MAX, 20'001, 150'000);
}

TEST_CASE("halma family: perft divide lists each from-to once with its count") {
    const auto report =
        rules::perft(rules::VariantId::ChineseCheckers2, "", {.depth = 2, .divide = true});
    REQUIRE(report.ok());
    REQUIRE(report->divide.size() == 14);
    std::uint64_t sum = 0;
    for (const auto& [move, count] : report->divide) {
        CHECK(count == 14);
        sum += count;
    }
    CHECK(sum == report->nodes);
    CHECK(report->divide.front().first == "n1-m5");
}

TEST_CASE("halma family: perft refuses a bad position with the reason") {
    const auto report = rules::perft(rules::VariantId::Halma2, "1:z99", {.depth = 1});
    REQUIRE_FALSE(report.ok());
    CHECK(report.error().code == "bad_fen");
}
