#include "lobby/rating/rating_policy.h"

#include <algorithm>
#include <cmath>

namespace lobby::rating {

double leaderboard_max_deviation(bool standard_chess) {
    const double threshold =
        standard_chess ? standard_rankable_deviation : variant_rankable_deviation;
    return std::nextafter(threshold, threshold + 1); // "< bound" means "<= threshold"
}

bool is_rankable(double deviation, bool standard_chess) {
    return deviation < leaderboard_max_deviation(standard_chess);
}

bool changes_ratings(const GameFacts& game) {
    if (!game.rated || game.aborted)
        return false;
    if (!game.white_user || !game.black_user)
        return false;
    return *game.white_user != *game.black_user;
}

bool changes_ratings(bool rated, bool aborted,
                     std::span<const std::optional<std::int64_t>> seat_users) {
    if (!rated || aborted || seat_users.size() < 2)
        return false;
    for (auto seat = seat_users.begin(); seat != seat_users.end(); ++seat) {
        if (!*seat || std::find(seat_users.begin(), seat, *seat) != seat)
            return false; // a guest, or an account seen at an earlier seat
    }
    return true;
}

} // namespace lobby::rating
