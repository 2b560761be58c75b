#include "lobby/rating/placings.h"

#include <algorithm>
#include <optional>
#include <string>

namespace lobby::rating {
namespace {

rules::Error refuse(std::string detail) {
    return rules::Error{std::string(bad_placings), std::move(detail)};
}

// Nothing when `places` is a competition ranking of as many players as `players` has.
std::optional<rules::Error> check(std::size_t players, std::span<const int> places) {
    if (places.size() != players)
        return refuse(std::to_string(places.size()) + " places for " + std::to_string(players) +
                      " players");
    if (players < 2)
        return refuse("a rated game needs at least two players");
    const int n = static_cast<int>(players);
    for (std::size_t i = 0; i < places.size(); ++i) {
        const int place = places[i];
        if (place < 1 || place > n)
            return refuse("place " + std::to_string(place) + " of player " + std::to_string(i + 1) +
                          " is not between 1 and " + std::to_string(n));
        const auto better = std::count_if(places.begin(), places.end(),
                                          [place](int other) { return other < place; });
        if (place != better + 1)
            return refuse("place " + std::to_string(place) + " of player " + std::to_string(i + 1) +
                          " follows " + std::to_string(better) +
                          " better places: a shared place is followed by a gap (1, 2, 2, 4)");
    }
    return std::nullopt;
}

} // namespace

double pairwise_score(int place, int opponent_place) {
    if (place == opponent_place)
        return 0.5;
    return place < opponent_place ? 1.0 : 0.0;
}

rules::Result<std::vector<Glicko>> update_after_placings(std::span<const Glicko> players,
                                                         std::span<const int> places,
                                                         const GlickoParameters& parameters) {
    if (auto error = check(players.size(), places))
        return *error;
    const double weight = 1.0 / static_cast<double>(players.size() - 1);
    std::vector<Glicko> after;
    after.reserve(players.size());
    std::vector<GameScore> games;
    games.reserve(players.size() - 1);
    for (std::size_t i = 0; i < players.size(); ++i) {
        games.clear();
        for (std::size_t j = 0; j < players.size(); ++j)
            if (j != i)
                games.push_back({players[j], pairwise_score(places[i], places[j]), weight});
        after.push_back(update(players[i], games, parameters));
    }
    return after;
}

} // namespace lobby::rating
