#include "lobby/rating/rating_policy.h"

#include <optional>
#include <vector>

#include <doctest/doctest.h>

using namespace lobby::rating;

TEST_CASE("only a rated, played game between two different accounts changes ratings") {
    const GameFacts rated{.rated = true, .aborted = false, .white_user = 1, .black_user = 2};
    CHECK(changes_ratings(rated));

    GameFacts casual = rated;
    casual.rated = false;
    CHECK_FALSE(changes_ratings(casual));

    GameFacts aborted = rated;
    aborted.aborted = true;
    CHECK_FALSE(changes_ratings(aborted));

    GameFacts self = rated;
    self.black_user = 1;
    CHECK_FALSE(changes_ratings(self));

    GameFacts guest = rated;
    guest.white_user = std::nullopt;
    CHECK_FALSE(changes_ratings(guest));
}

TEST_CASE("a game of more seats changes ratings only with an account at every seat, each once") {
    using Seats = std::vector<std::optional<std::int64_t>>;
    const Seats six{1, 2, 3, 4, 5, 6};
    CHECK(changes_ratings(true, false, six));
    CHECK_FALSE(changes_ratings(false, false, six));
    CHECK_FALSE(changes_ratings(true, true, six));
    CHECK_FALSE(changes_ratings(true, false, Seats{1, 2, std::nullopt, 4}));
    CHECK_FALSE(changes_ratings(true, false, Seats{1, 2, 3, 2}));
    CHECK_FALSE(changes_ratings(true, false, Seats{7}));
    CHECK(changes_ratings(true, false, Seats{7, 8}));
}

TEST_CASE("provisional while RD >= 110, leaderboards at RD <= 75 (chess) and <= 65 (variants)") {
    CHECK(is_provisional(500));
    CHECK(is_provisional(110));
    CHECK_FALSE(is_provisional(109.9));

    CHECK(is_rankable(75, true));
    CHECK_FALSE(is_rankable(75.01, true));
    CHECK(is_rankable(65, false));
    CHECK_FALSE(is_rankable(66, false));
    CHECK(leaderboard_max_deviation(true) > 75);
    CHECK(leaderboard_max_deviation(true) < 75.0001);
}
