// validate_game(TableSetup): what a table of 2 to 6 seats takes (validate_stored: the same for a
// stored one), and validate_for_two: what a challenge or a seek of two takes.
#include "lobby/table_setup.h"

#include <doctest/doctest.h>

using namespace lobby;

TEST_CASE(
    "a challenge or seek of two takes every two-player variant and refuses the games of more") {
    TableSetup setup;
    int two_player_halma = 0;
    for (const auto id : rules::all_variants()) {
        setup.variant = id;
        const auto error = validate_for_two(setup);
        CAPTURE(rules::variant_name(id));
        if (rules::player_count(id) == 2) {
            CHECK_FALSE(error);
            two_player_halma += rules::family_of(id) == rules::Family::Halma ? 1 : 0;
            continue;
        }
        REQUIRE(error);
        CHECK(error->code == "not_allowed");
    }
    CHECK(two_player_halma == 2); // Chinese checkers and Halma for two
    setup.variant = rules::VariantId::ChineseCheckers6;
    CHECK(validate_for_two(setup)->detail == "chinese-checkers-6 is a game for 6 players: a "
                                             "challenge or a seek of two cannot seat it");
    setup.variant = rules::VariantId::Halma4;
    CHECK(validate_for_two(setup)->detail ==
          "halma-4 is a game for 4 players: a challenge or a seek of two cannot seat it");
    // A table seats them.
    CHECK_FALSE(validate_game(setup));
    CHECK_FALSE(validate_stored(setup));
}

TEST_CASE("a two-player halma table takes the checks of any other table") {
    TableSetup setup;
    setup.variant = rules::VariantId::ChineseCheckers2;
    setup.rated = true;
    CHECK_FALSE(validate_game(setup));
    setup.start_position = "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,h5:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-";
    CHECK(validate_game(setup)->detail == "a rated game starts from the standard position");
    setup.rated = false;
    CHECK_FALSE(validate_game(setup));
    setup.draw_rules = rules::DrawRules::ReportOnly;
    CHECK(validate_game(setup)->code == "not_allowed");
}
