// The variants of issue 39 whose perft counts nobody has published: the counts pinned in
// tests/data/<variant>.perft come from rules/draughts, and each one up to reference_limit
// nodes is counted again here by the independent reference generator
// (reference_generator.h), so a pinned count is two implementations agreeing.
#include "rules/perft.h"
#include "tests/rules/draughts/reference_generator.h"
#include "tests/rules/draughts/test_helpers.h"

#include <cstdint>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace {

// The start position of each variant, for cases with "fen" left empty.
std::string new_variant_start_fen(const std::string& variant) {
    return variant == "frysk" ? "W:W46-50:B1-5" : "W:W31-50:B1-20";
}

void check_against_reference(const std::string& variant, draughts_reference::Kind kind) {
    constexpr std::uint64_t reference_limit = 300'000;
    const auto id = rules::variant_from_name(variant);
    REQUIRE(id);
    int checked = 0;
    for (const auto& c : draughts_test::read_perft_file(variant)) {
        if (c.nodes > reference_limit)
            continue;
        const std::string fen = c.fen.empty() ? new_variant_start_fen(variant) : c.fen;
        rules::PerftOptions options;
        options.depth = c.depth;
        const auto ours = rules::perft(*id, c.fen, options);
        REQUIRE_MESSAGE(ours.ok(), variant << " " << c.id << ": " << ours.error().detail);
        const auto reference =
            draughts_reference::perft(draughts_reference::from_fen(fen), kind, c.depth);
        CHECK_MESSAGE(ours->nodes == c.nodes, variant << " " << c.id << " depth " << c.depth);
        CHECK_MESSAGE(reference == c.nodes, variant << " " << c.id << " depth " << c.depth
                                                    << ": reference " << reference);
        ++checked;
    }
    CHECK(checked >= 8);
}

} // namespace

TEST_CASE("killer: pinned perft counts agree with the reference generator") {
    check_against_reference("killer", draughts_reference::Kind::Killer);
}

TEST_CASE("breakthrough: pinned perft counts agree with the reference generator") {
    check_against_reference("breakthrough", draughts_reference::Kind::Breakthrough);
}

TEST_CASE("frisian: pinned perft counts agree with the reference generator") {
    check_against_reference("frisian", draughts_reference::Kind::Frisian);
}

TEST_CASE("frysk: pinned perft counts agree with the reference generator") {
    check_against_reference("frysk", draughts_reference::Kind::Frisian);
}

TEST_CASE("draughts reference generator: agrees with the published international counts") {
    // BikDam and dctl counts (tests/data/international.perft): the reference is checked itself.
    const auto start = draughts_reference::from_fen("W:W31-50:B1-20");
    CHECK(draughts_reference::perft(start, draughts_reference::Kind::International, 4) == 4265);
}
