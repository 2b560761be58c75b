#pragma once
// Which games change ratings, and which ratings are shown how. Pure predicates.

#include <cstdint>
#include <optional>
#include <span>

namespace lobby::rating {

// Lichess's thresholds (lichess-org/scalachess rating/glicko/Glicko.scala; lila's FAQ on
// leaderboards): a rating is provisional while RD >= 110; leaderboards list only ratings with
// RD <= 75 in standard chess and <= 65 in the variants.
inline constexpr double provisional_deviation = 110;
inline constexpr double standard_rankable_deviation = 75;
inline constexpr double variant_rankable_deviation = 65;

// Shown with a "?" and not trusted for pairing by rating.
inline bool is_provisional(double deviation) {
    return deviation >= provisional_deviation;
}

// The largest RD that still appears on a leaderboard (storage lists RD strictly below the
// returned bound, so the bound is the threshold plus a hair).
double leaderboard_max_deviation(bool standard_chess);
bool is_rankable(double deviation, bool standard_chess);

// What decides whether a finished game is rated: seats with an account id (nullopt: a guest),
// whether it was created rated, and whether it was aborted (ended before both sides moved).
struct GameFacts {
    bool rated = false;
    bool aborted = false;
    std::optional<std::int64_t> white_user;
    std::optional<std::int64_t> black_user;
};

// Casual games, aborted games, games with a guest and games against oneself never change a
// rating.
bool changes_ratings(const GameFacts& game);

// The same for a game of any number of seats (the halma family; placings.h rates it): every
// seat an account, no account at two seats, at least two seats.
bool changes_ratings(bool rated, bool aborted,
                     std::span<const std::optional<std::int64_t>> seat_users);

} // namespace lobby::rating
