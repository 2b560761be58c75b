#include "lobby/rating/inactivity.h"
#include "lobby/rating/rating_policy.h"

#include <cmath>

#include <doctest/doctest.h>

using namespace lobby::rating;
using namespace std::chrono_literals;

namespace {
const lobby::TimePoint last_rated{std::chrono::days(20000)};
constexpr auto year = std::chrono::days(365);
} // namespace

TEST_CASE("one rating period of inactivity is the paper's step 6: phi' = sqrt(phi^2 + sigma^2)") {
    // 200 / 173.7178 = 1.1513; sqrt(1.1513^2 + 0.06^2) x 173.7178 = 200.2714 (glicko2.pdf).
    const Glicko grown = grow_deviation({1500, 200, 0.06}, 1, paper_parameters);
    CHECK(grown.rating == 1500);
    CHECK(grown.volatility == 0.06);
    CHECK(grown.deviation == doctest::Approx(200.2714).epsilon(0.000001));
    CHECK(grown.deviation ==
          doctest::Approx(update({1500, 200, 0.06}, {}, paper_parameters).deviation));
}

TEST_CASE("k periods add k x sigma^2 to phi^2, and no periods change nothing") {
    const Glicko player{1700, 80, 0.06};
    const double phi = 80 / 173.7178;
    const double expected = std::sqrt(phi * phi + 10 * 0.06 * 0.06) * 173.7178;
    CHECK(grow_deviation(player, 10, lichess_parameters).deviation == doctest::Approx(expected));
    CHECK(grow_deviation(player, 0, lichess_parameters).deviation == 80);
    CHECK(grow_deviation(player, -3, lichess_parameters).deviation == 80);
}

TEST_CASE("lichess's rating period: 0.21436 a day, so a year takes a typical RD from 60 to 110") {
    CHECK(rating_periods(std::chrono::days(1)) == doctest::Approx(0.21436));
    CHECK(rating_periods(std::chrono::hours(12)) == doctest::Approx(0.10718));
    CHECK(rating_periods(-5s) == 0);
    // lila's comment on ratingPeriodsPerDay: "a typical player's RD goes from 60 -> 110 in 1 year"
    const Glicko after_a_year = rating_at({1800, 60, 0.06}, last_rated, last_rated + year);
    CHECK(after_a_year.deviation == doctest::Approx(110).epsilon(0.01));
    CHECK(after_a_year.rating == 1800);
}

TEST_CASE("an idle rating becomes provisional again and leaves the leaderboard") {
    const Glicko established{1900, 50, 0.06};
    CHECK(is_rankable(
        rating_at(established, last_rated, last_rated + std::chrono::days(30)).deviation, true));
    const Glicko idle = rating_at(established, last_rated, last_rated + 2 * year);
    CHECK_FALSE(is_rankable(idle.deviation, true));
    CHECK(is_provisional(idle.deviation));
    CHECK_FALSE(is_provisional(
        rating_at(established, last_rated, last_rated + std::chrono::days(30)).deviation));
}

TEST_CASE("a day's growth of RD^2 per volatility^2 (storage's leaderboard query) is rating_at's") {
    // 0.21436 periods a day x 173.7178^2 = 6468.9
    CHECK(deviation_growth_per_day() == doctest::Approx(6468.9).epsilon(0.0001));
    const Glicko stored{1900, 70, 0.06};
    for (const int days : {1, 30, 365}) {
        const double grown = std::sqrt(70.0 * 70.0 + days * deviation_growth_per_day() * 0.0036);
        CHECK(rating_at(stored, last_rated, last_rated + std::chrono::days(days)).deviation ==
              doctest::Approx(grown));
    }
}

TEST_CASE("the RD never grows past the starting RD of 500, and a clock going back is ignored") {
    CHECK(rating_at({1500, 300, 0.09}, last_rated, last_rated + 50 * year).deviation == 500);
    CHECK(rating_at(lichess_default, last_rated, last_rated + year).deviation == 500);
    CHECK(rating_at({1500, 100, 0.06}, last_rated, last_rated - year).deviation == 100);
}

TEST_CASE("a rating used before a game is the grown one: the idle player moves further") {
    const Glicko player{1600, 60, 0.06};
    const Glicko opponent{1600, 60, 0.06};
    const auto fresh = update_after_game(player, opponent, 1.0);
    const auto after_break =
        update_after_game(rating_at(player, last_rated, last_rated + year), opponent, 1.0);
    CHECK(after_break.white.rating - 1600 > 1.5 * (fresh.white.rating - 1600));
}
