// validate(TableSetup): which setups a two-seat table accepts.
#include "lobby/table_setup.h"

#include <doctest/doctest.h>

using namespace lobby;

TEST_CASE("a table refuses the halma family with not_allowed until tables seat more than two") {
    TableSetup setup;
    for (const auto id : rules::all_variants()) {
        setup.variant = id;
        const auto error = validate(setup);
        CAPTURE(rules::variant_name(id));
        if (rules::family_of(id) != rules::Family::Halma) {
            CHECK_FALSE(error);
            continue;
        }
        REQUIRE(error);
        CHECK(error->code == "not_allowed");
    }
    setup.variant = rules::VariantId::ChineseCheckers6;
    CHECK(validate(setup)->detail ==
          "chinese-checkers-6 is a game for 6 players; tables seat two so far");
    setup.variant = rules::VariantId::Halma2;
    CHECK(validate(setup)->detail ==
          "halma-2 cannot be played at a table yet: the client has no board for it");
}
