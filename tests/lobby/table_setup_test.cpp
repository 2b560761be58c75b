// validate(TableSetup): which setups the server's entry accepts (two seats), and what a Table
// itself takes (validate_game, validate_stored: 2 to 6 seats).
#include "lobby/table_setup.h"

#include <doctest/doctest.h>

using namespace lobby;

TEST_CASE("the server seats every two-player variant and refuses the games of more players") {
    TableSetup setup;
    int two_player_halma = 0;
    for (const auto id : rules::all_variants()) {
        setup.variant = id;
        const auto error = validate(setup);
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
    CHECK(validate(setup)->detail ==
          "chinese-checkers-6 is a game for 6 players; tables seat two so far");
    setup.variant = rules::VariantId::Halma4;
    CHECK(validate(setup)->detail == "halma-4 is a game for 4 players; tables seat two so far");
    // A Table seats them (the server's entry refuses them before one is made).
    CHECK_FALSE(validate_game(setup));
    CHECK_FALSE(validate_stored(setup));
}

TEST_CASE("a two-player halma table takes the checks of any other table") {
    TableSetup setup;
    setup.variant = rules::VariantId::ChineseCheckers2;
    setup.rated = true;
    CHECK_FALSE(validate(setup));
    setup.start_position = "1:n1,n2,n3,n4,o1,o2,o3,p1,p2,h5:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:0:-";
    CHECK(validate(setup)->detail == "a rated game starts from the standard position");
    setup.rated = false;
    CHECK_FALSE(validate(setup));
    setup.draw_rules = rules::DrawRules::ReportOnly;
    CHECK(validate(setup)->code == "not_allowed");
}
