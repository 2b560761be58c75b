#include "rules/variant.h"

#include <doctest/doctest.h>

#include <set>
#include <string>

using rules::VariantId;

TEST_CASE("every variant name reads back to its own id") {
    for (const auto id : rules::all_variants()) {
        const auto name = rules::variant_name(id);
        REQUIRE(rules::variant_from_name(name).has_value());
        CHECK(*rules::variant_from_name(name) == id);
    }
}

TEST_CASE("variant names are unique and the list covers all twenty-three games") {
    std::set<std::string> names;
    for (const auto id : rules::all_variants()) names.emplace(rules::variant_name(id));
    CHECK(names.size() == 23);
    CHECK(names.count("frisian") == 1);
    CHECK(names.count("frysk") == 1);
    CHECK(names.count("breakthrough") == 1);
    CHECK(names.count("killer") == 1);
    CHECK(names.count("chess960") == 1);
    CHECK(names.count("chinese-checkers-6") == 1);
    CHECK(names.count("russian-giveaway") == 1);
}

TEST_CASE("an unknown variant name is refused, and aliases name their game") {
    CHECK_FALSE(rules::variant_from_name("chess961").has_value());
    CHECK_FALSE(rules::variant_from_name("").has_value());
    CHECK(rules::variant_from_name("polish") == VariantId::International);
    CHECK(rules::variant_from_name("checkers") == VariantId::English);
}

TEST_CASE("each variant belongs to the family that implements it") {
    CHECK(rules::family_of(VariantId::Chess) == rules::Family::Chess);
    CHECK(rules::family_of(VariantId::Chess960) == rules::Family::Chess);
    CHECK(rules::family_of(VariantId::Turkish) == rules::Family::Turkish);
    CHECK(rules::family_of(VariantId::Russian) == rules::Family::Draughts);
    CHECK(rules::family_of(VariantId::Antidraughts) == rules::Family::Draughts);
    CHECK(rules::family_of(VariantId::Frisian) == rules::Family::Draughts);
    CHECK(rules::family_of(VariantId::Frysk) == rules::Family::Draughts);
    CHECK(rules::family_of(VariantId::Breakthrough) == rules::Family::Draughts);
    CHECK(rules::family_of(VariantId::Killer) == rules::Family::Draughts);
    CHECK(rules::family_of(VariantId::ChineseCheckers3) == rules::Family::Halma);
    CHECK(rules::family_of(VariantId::Halma4) == rules::Family::Halma);
}

TEST_CASE("each variant seats its number of players") {
    CHECK(rules::player_count(VariantId::Chess) == 2);
    CHECK(rules::player_count(VariantId::Turkish) == 2);
    CHECK(rules::player_count(VariantId::ChineseCheckers2) == 2);
    CHECK(rules::player_count(VariantId::ChineseCheckers3) == 3);
    CHECK(rules::player_count(VariantId::ChineseCheckers4) == 4);
    CHECK(rules::player_count(VariantId::ChineseCheckers6) == 6);
    CHECK(rules::player_count(VariantId::Halma2) == 2);
    CHECK(rules::player_count(VariantId::Halma4) == 4);
}

TEST_CASE("chess960 numbers its 960 start positions, the other variants have one start") {
    CHECK(rules::start_position_count(VariantId::Chess960) == 960);
    CHECK(rules::start_position_count(VariantId::Chess) == 0);
    CHECK(rules::start_position_count(VariantId::International) == 0);
    // Scharnagl's numbering: 518 is the standard arrangement, 0 BBQNNRKR.
    CHECK(*rules::start_position_fen(VariantId::Chess960, 518) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(*rules::start_position_fen(VariantId::Chess960, 0) ==
          "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    for (const int number : {-1, 960}) {
        const auto refused = rules::start_position_fen(VariantId::Chess960, number);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().code == "bad_start_number");
    }
    CHECK(rules::start_position_fen(VariantId::Chess, 0).error().code == "bad_start_number");
}
