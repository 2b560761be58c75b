// perft against published counts: tests/data/<variant>.perft (each count's source is in the
// file). Counts up to fast_limit nodes run in every pass; the rest in "deep perft", which the
// Release pass runs (CTest label "slow").
#include "rules/perft.h"
#include "tests/rules/draughts/test_helpers.h"

#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

const std::vector<std::string> variants{
    "international", "brazilian",    "russian", "english",          "italian",
    "spanish",       "pool",         "czech",   "russian-giveaway", "killer",
    "frisian",       "breakthrough", "frysk",   "antidraughts"};

void check_counts(bool deep) {
    constexpr std::uint64_t fast_limit = 200'000;
    for (const auto& name : variants) {
        const auto variant = rules::variant_from_name(name);
        REQUIRE(variant);
        for (const auto& c : draughts_test::read_perft_file(name)) {
            if ((c.nodes > fast_limit) != deep)
                continue;
            rules::PerftOptions options;
            options.depth = c.depth;
            options.keep_duplicates = c.keep_duplicates;
            const auto report = rules::perft(*variant, c.fen, options);
            REQUIRE_MESSAGE(report.ok(), name << " " << c.id << ": " << report.error().detail);
            CHECK_MESSAGE(report->nodes == c.nodes, name << " " << c.id << " depth " << c.depth);
        }
    }
}

} // namespace

TEST_CASE("draughts: perft equals the published counts (shallow)") {
    check_counts(false);
}

TEST_CASE("draughts: deep perft equals the published counts" * doctest::skip()) {
    check_counts(true);
}

TEST_CASE("draughts: perft --divide sums to the total and names moves in PDN") {
    rules::PerftOptions options;
    options.depth = 2;
    options.divide = true;
    const auto report = rules::perft(rules::VariantId::International, "", options);
    REQUIRE(report.ok());
    CHECK(report->nodes == 81);
    REQUIRE(report->divide.size() == 9);
    CHECK(report->divide.front().first == "31-26");
    std::uint64_t sum = 0;
    for (const auto& [move, n] : report->divide)
        sum += n;
    CHECK(sum == 81);
}
