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

TEST_CASE("variant names are unique and the list covers all twelve games") {
    std::set<std::string> names;
    for (const auto id : rules::all_variants()) names.emplace(rules::variant_name(id));
    CHECK(names.size() == 12);
    CHECK(names.count("russian-giveaway") == 1);
}

TEST_CASE("an unknown variant name is refused, and aliases name their game") {
    CHECK_FALSE(rules::variant_from_name("chess960").has_value());
    CHECK_FALSE(rules::variant_from_name("").has_value());
    CHECK(rules::variant_from_name("polish") == VariantId::International);
    CHECK(rules::variant_from_name("checkers") == VariantId::English);
}

TEST_CASE("each variant belongs to the family that implements it") {
    CHECK(rules::family_of(VariantId::Chess) == rules::Family::Chess);
    CHECK(rules::family_of(VariantId::Turkish) == rules::Family::Turkish);
    CHECK(rules::family_of(VariantId::Russian) == rules::Family::Draughts);
    CHECK(rules::family_of(VariantId::Antidraughts) == rules::Family::Draughts);
}
