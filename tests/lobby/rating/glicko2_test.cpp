#include "lobby/rating/glicko2.h"

#include <array>
#include <cmath>
#include <vector>

#include <doctest/doctest.h>

using namespace lobby::rating;

TEST_CASE("Glicko-2 reproduces Glickman's worked example") {
    // "Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf: 1500/200/0.06, tau 0.5,
    // beats 1400/30, loses to 1550/100 and to 1700/300 -> 1464.06, 151.52, 0.05999.
    const Glicko player{1500, 200, 0.06};
    const std::array<GameScore, 3> games{{
        {{1400, 30, 0.06}, 1.0},
        {{1550, 100, 0.06}, 0.0},
        {{1700, 300, 0.06}, 0.0},
    }};
    const Glicko after = update(player, games, {.tau = 0.5});
    // The paper rounds its intermediate values to four decimals (mu' = -0.2069, i.e. +-0.009
    // on the Glicko scale), so the exact computation (1464.0507) sits within 0.01 of it.
    CHECK(std::abs(after.rating - 1464.06) < 0.01);
    CHECK(std::abs(after.deviation - 151.52) < 0.005);
    CHECK(std::abs(after.volatility - 0.05999) < 0.00001); // the paper cuts 0.059996
}

TEST_CASE("a player who does not compete keeps the rating and the RD grows") {
    const Glicko player{1500, 200, 0.06};
    const Glicko after = update(player, {}, paper_parameters);
    CHECK(after.rating == 1500);
    CHECK(after.volatility == 0.06);
    // phi* = sqrt(phi^2 + sigma^2) on the Glicko-2 scale
    CHECK(after.deviation == doctest::Approx(200.2714).epsilon(0.000001));
}

TEST_CASE("one game updates both players in opposite directions, symmetric for equals") {
    const auto result = update_after_game(lichess_default, lichess_default, 1.0);
    CHECK(result.white.rating > 1500);
    CHECK(result.black.rating < 1500);
    CHECK(result.white.rating - 1500 == doctest::Approx(1500 - result.black.rating));
    CHECK(result.white.deviation < 500);
    CHECK(result.white.deviation == doctest::Approx(result.black.deviation));

    const auto draw = update_after_game(lichess_default, lichess_default, 0.5);
    CHECK(draw.white.rating == doctest::Approx(1500));
    CHECK(draw.black.rating == doctest::Approx(1500));
}

TEST_CASE("lichess bounds: RD never below 45 nor above 500, volatility at most 0.1") {
    // Thirty draws in one period would take RD from 46 to about 38 without the bound.
    const std::vector<GameScore> draws(30, GameScore{{2000, 45, 0.06}, 0.5});
    CHECK(update({2000, 46, 0.06}, draws, paper_parameters).deviation < 40);
    CHECK(update({2000, 46, 0.06}, draws, lichess_parameters).deviation == 45);

    const Glicko idle = update({1500, 499.9, 0.09}, {}, lichess_parameters);
    CHECK(idle.deviation == 500);

    Glicko erratic{1500, 60, 0.099};
    for (int i = 0; i < 20; ++i) // big upsets push volatility up, to the bound
        erratic = update_after_game(erratic, {2600, 45, 0.06}, i % 2 == 0 ? 1.0 : 0.0).white;
    CHECK(erratic.volatility <= 0.1);
}

TEST_CASE("an upset moves ratings more than an expected result") {
    const Glicko strong{2000, 80, 0.06};
    const Glicko weak{1500, 80, 0.06};
    const double expected_gain = update_after_game(strong, weak, 1.0).white.rating - 2000;
    const double upset_gain = update_after_game(weak, strong, 1.0).white.rating - 1500;
    CHECK(expected_gain > 0);
    CHECK(upset_gain > 5 * expected_gain);
}
