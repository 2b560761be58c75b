// Glicko-2 after a game of more than two players: pairwise results by place, each weighing
// 1 / (N - 1) of a game. The expected figures were worked step by step (steps 2-8 of
// Glickman's "Example of the Glicko-2 system") outside this code; the intermediate values are
// given where they explain the result.
#include "lobby/rating/placings.h"

#include <array>
#include <vector>

#include <doctest/doctest.h>

using namespace lobby::rating;

namespace {
constexpr GlickoParameters paper{.tau = 0.5};

void check_close(const Glicko& got, double rating, double deviation) {
    CHECK(got.rating == doctest::Approx(rating).epsilon(1e-7));
    CHECK(got.deviation == doctest::Approx(deviation).epsilon(1e-7));
}
} // namespace

TEST_CASE("a three-player game worked by hand") {
    // The paper's player 1500/200 with two of its opponents, 1400/30 and 1550/100 (all
    // volatility 0.06, tau 0.5). 1550 finishes first, 1500 second, 1400 last.
    const std::array<Glicko, 3> players{{{1500, 200, 0.06}, {1400, 30, 0.06}, {1550, 100, 0.06}}};
    const std::array<int, 3> places{2, 3, 1};
    const auto after = update_after_placings(players, places, paper);
    REQUIRE(after.ok());
    REQUIRE(after->size() == 3);
    // 1500: beats 1400 (g 0.9955, E 0.6395), loses to 1550 (g 0.9531, E 0.4318), each game
    // weighing 1/2: v = 4.4309, Delta = -0.1168, sigma' = 0.059998, phi' = 1.0111,
    // mu' = -0.02694 -> 1495.32 / 175.65. Half a win against the weaker, half a loss against
    // the stronger: a little down, as expected.
    check_close((*after)[0], 1495.3199309, 175.6524012);
    // 1400 loses to both: v = 5.5447, Delta = -1.6977 -> 1398.23; its RD 30 barely moves.
    check_close((*after)[1], 1398.2329161, 31.6637427);
    // 1550 beats both -> 1568.24 / 97.47.
    check_close((*after)[2], 1568.2426082, 97.4667235);
    CHECK((*after)[0].volatility == doctest::Approx(0.0599977).epsilon(1e-6));
}

TEST_CASE("a six-player game of equals: the winner gains what a two-player win gains") {
    // Six new players (1500/350/0.06). Every opponent has g = 0.6690 and E = 1/2, so
    // v^-1 = g^2/4 over the whole game and the sum in Delta is g (average score - 1/2): the
    // rating moves with the average pairwise score, and 1st place is one whole win.
    const std::vector<Glicko> players(6, Glicko{1500, 350, 0.06});
    const std::array<int, 6> places{1, 2, 3, 4, 5, 6};
    const auto after = update_after_placings(players, places, paper);
    REQUIRE(after.ok());
    const std::array<double, 6> expected{1662.3108939, 1597.3865354, 1532.4621783,
                                         1467.5378217, 1402.6134646, 1337.6891061};
    for (std::size_t i = 0; i < 6; ++i) {
        CAPTURE(i);
        check_close((*after)[i], expected[i], 290.3189617);
    }
    // Equal steps of 64.92 between places, symmetric round 1500.
    CHECK((*after)[0].rating - 1500 == doctest::Approx(1500 - (*after)[5].rating));
    CHECK((*after)[2].rating - 1500 == doctest::Approx(1500 - (*after)[3].rating));
    const auto pair = update_after_game(players[0], players[1], 1.0, paper);
    CHECK((*after)[0].rating == doctest::Approx(pair.white.rating).epsilon(1e-9));
    CHECK((*after)[5].rating == doctest::Approx(pair.black.rating).epsilon(1e-9));
}

TEST_CASE("a six-player game of different players worked by hand") {
    const std::array<Glicko, 6> players{{{1700, 60, 0.06},
                                         {1500, 120, 0.06},
                                         {1450, 80, 0.06},
                                         {1600, 200, 0.06},
                                         {1300, 90, 0.06},
                                         {1500, 300, 0.06}}};
    const std::array<int, 6> places{3, 1, 5, 2, 6, 3}; // the 1700 and the 1500/300 tie third
    const auto after = update_after_placings(players, places, paper);
    REQUIRE(after.ok());
    const std::array<std::array<double, 2>, 6> expected{{{1695.4842460, 60.3988295},
                                                         {1535.1723714, 115.6569782},
                                                         {1443.4626794, 79.2399448},
                                                         {1628.8762031, 180.4088858},
                                                         {1290.8627153, 89.0034151},
                                                         {1507.8274600, 238.9844962}}};
    for (std::size_t i = 0; i < 6; ++i) {
        CAPTURE(i);
        check_close((*after)[i], expected[i][0], expected[i][1]);
    }
}

TEST_CASE("tied places are draws between the tied players") {
    const std::vector<Glicko> players(6, Glicko{1500, 350, 0.06});
    const std::array<int, 6> places{1, 2, 2, 4, 4, 6};
    const auto after = update_after_placings(players, places, paper);
    REQUIRE(after.ok());
    // Second-equal: 3 wins, 1 draw, 1 loss = 3.5 / 5 = 0.7, so 1500 + 2 x 0.2 / 0.4 of a win.
    CHECK((*after)[1].rating == doctest::Approx(1564.9243568));
    CHECK((*after)[2].rating == (*after)[1].rating);
    CHECK((*after)[3].rating == doctest::Approx(1435.0756432));
    CHECK((*after)[3].rating == (*after)[4].rating);
    // All tied: nobody moves.
    const std::array<int, 6> all_first{1, 1, 1, 1, 1, 1};
    const auto tied = update_after_placings(players, all_first, paper);
    REQUIRE(tied.ok());
    for (const Glicko& g : tied.value())
        CHECK(g.rating == doctest::Approx(1500));
    CHECK(pairwise_score(2, 2) == 0.5);
    CHECK(pairwise_score(1, 3) == 1.0);
    CHECK(pairwise_score(4, 3) == 0.0);
}

TEST_CASE("two players reduce exactly to the two-player update") {
    const std::array<Glicko, 2> players{{{1820, 75, 0.059}, {1650, 140, 0.07}}};
    for (const auto& [places, white_score] : std::vector<std::pair<std::array<int, 2>, double>>{
             {{1, 2}, 1.0}, {{2, 1}, 0.0}, {{1, 1}, 0.5}}) {
        const auto after = update_after_placings(players, places);
        REQUIRE(after.ok());
        const auto pair = update_after_game(players[0], players[1], white_score);
        CHECK((*after)[0].rating == pair.white.rating); // bit for bit: the weight is 1
        CHECK((*after)[0].deviation == pair.white.deviation);
        CHECK((*after)[0].volatility == pair.white.volatility);
        CHECK((*after)[1].rating == pair.black.rating);
        CHECK((*after)[1].deviation == pair.black.deviation);
    }
}

TEST_CASE("the order of the players does not matter, only their places") {
    const std::array<Glicko, 4> players{
        {{1700, 60, 0.06}, {1500, 120, 0.06}, {1450, 80, 0.06}, {1600, 200, 0.06}}};
    const std::array<int, 4> places{2, 1, 4, 2};
    const std::array<Glicko, 4> reversed{{players[3], players[2], players[1], players[0]}};
    const std::array<int, 4> reversed_places{2, 4, 1, 2};
    const auto a = update_after_placings(players, places).value();
    const auto b = update_after_placings(reversed, reversed_places).value();
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(a[i].rating == doctest::Approx(b[3 - i].rating));
        CHECK(a[i].deviation == doctest::Approx(b[3 - i].deviation));
    }
}

TEST_CASE("places that do not fit the players are refused with a clear error") {
    const std::array<Glicko, 3> players{{{1500, 200, 0.06}, {1400, 30, 0.06}, {1550, 100, 0.06}}};
    const auto refused = [&](std::span<const Glicko> who, std::vector<int> places) {
        const auto result = update_after_placings(who, places);
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().code == "bad_placings");
        return result.error().detail;
    };
    CHECK(refused(players, {1, 2}) == "2 places for 3 players");
    CHECK(refused(players, {1, 2, 3, 4}) == "4 places for 3 players");
    CHECK(refused(std::span(players).first(1), {1}) == "a rated game needs at least two players");
    CHECK(refused({}, {}) == "a rated game needs at least two players");
    CHECK(refused(players, {1, 2, 4}) == "place 4 of player 3 is not between 1 and 3");
    CHECK(refused(players, {0, 1, 2}) == "place 0 of player 1 is not between 1 and 3");
    CHECK(refused(players, {2, 2, 3}) ==
          "place 2 of player 1 follows 0 better places: a shared place is followed by a gap "
          "(1, 2, 2, 4)");
    CHECK(refused(players, {1, 1, 2}) ==
          "place 2 of player 3 follows 2 better places: a shared place is followed by a gap "
          "(1, 2, 2, 4)");
    const std::array<int, 3> shared_second{1, 2, 2};
    CHECK(update_after_placings(players, shared_second).ok());
}

TEST_CASE("the weight keeps a six-player win to one game's worth, which five whole games exceed") {
    // The figures lobby/rating/README.md gives for choosing the weight 1 / (N - 1).
    for (const auto& [deviation, weighted, whole] : std::vector<std::array<double, 3>>{
             {60, 10.1839682, 45.6625992}, {350, 162.3108939, 360.6472751}}) {
        CAPTURE(deviation);
        const std::vector<Glicko> players(6, Glicko{1500, deviation, 0.06});
        const std::array<int, 6> places{1, 2, 3, 4, 5, 6};
        const auto after = update_after_placings(players, places, paper);
        REQUIRE(after.ok());
        CHECK((*after)[0].rating - 1500 == doctest::Approx(weighted).epsilon(1e-6));
        const std::vector<GameScore> five_wins(5, GameScore{players[1], 1.0});
        CHECK(update(players[0], five_wins, paper).rating - 1500 ==
              doctest::Approx(whole).epsilon(1e-6));
    }
}
