// A table of a variant with numbered start positions (Chess960, rules/variant.h): without a
// position it starts from one drawn at random and keeps it in its setup (stored, restored and
// rematched from there); a rated game may start from any of the numbered positions only.
#include "lobby/table.h"
#include "table_fixture.h"

#include <set>
#include <string>

#include <doctest/doctest.h>

using namespace lobby;
using namespace lobby::testing;

namespace {

std::set<std::string> chess960_starts() {
    std::set<std::string> fens;
    for (int number = 0; number < rules::start_position_count(rules::VariantId::Chess960); ++number)
        fens.insert(rules::start_position_fen(rules::VariantId::Chess960, number).value());
    return fens;
}

} // namespace

TEST_CASE("a chess960 table without a position starts from one of the 960, drawn at random") {
    const auto all = chess960_starts();
    REQUIRE(all.size() == 960);
    SeededRandom random{7};
    std::set<std::string> drawn;
    for (int i = 0; i < 8; ++i) {
        auto created = Table::create(
            "ABCDEF",
            TableSetup{.variant = rules::VariantId::Chess960, .color = ColorChoice::White},
            player("alice"), TableContext{}, random, t0);
        REQUIRE(created.ok());
        const auto& table = *created.value();
        CHECK(all.count(table.setup().start_position) == 1);
        CHECK(table.game().start_position() == table.setup().start_position);
        drawn.insert(table.setup().start_position);
    }
    CHECK(drawn.size() > 1);
}

TEST_CASE("a chess960 table given a position starts there") {
    SeededRandom random{7};
    const std::string fen = rules::start_position_fen(rules::VariantId::Chess960, 0).value();
    auto created = Table::create("ABCDEF",
                                 TableSetup{.variant = rules::VariantId::Chess960,
                                            .start_position = fen,
                                            .color = ColorChoice::White},
                                 player("alice"), TableContext{}, random, t0);
    REQUIRE(created.ok());
    CHECK(created.value()->setup().start_position == fen);
}

TEST_CASE("a rated game starts from a numbered start position or the standard one only") {
    TableSetup chess960{.variant = rules::VariantId::Chess960, .rated = true};
    chess960.start_position = rules::start_position_fen(rules::VariantId::Chess960, 959).value();
    CHECK_FALSE(validate_game(chess960));
    CHECK_FALSE(validate_stored(chess960));
    chess960.start_position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    REQUIRE(validate_game(chess960));
    CHECK(validate_game(chess960)->code == "not_allowed");
    TableSetup chess{.variant = rules::VariantId::Chess, .rated = true};
    chess.start_position = rules::start_position_fen(rules::VariantId::Chess960, 518).value();
    REQUIRE(validate_game(chess));
    CHECK(validate_game(chess)->code == "not_allowed");
}
