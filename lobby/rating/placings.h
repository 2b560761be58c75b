#pragma once
// Glicko-2 after a game of more than two players that ends in places (rules::Outcome::places:
// 1 for the first to finish, seats that tie share a place). Why it is rated this way and not
// left casual: lobby/rating/README.md.
//
// Every pair of players counts as one game between them: the better place wins, an equal
// place draws. Each player's update is one rating period (glicko2.h, update) over their N - 1
// pairwise games, all against the opponents' ratings from before the game, and each of those
// games weighs 1 / (N - 1): a player's whole N-player game carries the weight of one
// two-player game. Two players are exactly update_after_game. Pure: no clock, no storage.

#include "lobby/rating/glicko2.h"
#include "rules/result.h"

#include <span>
#include <string_view>
#include <vector>

namespace lobby::rating {

// The error code for places that do not describe a finished game of these players.
inline constexpr std::string_view bad_placings = "bad_placings";

// The new rating of each player, in the order given. `places[i]` is the place of `players[i]`
// and must be a competition ranking of at least two players: each place is 1 + the number of
// players placed strictly better (1, 2, 2, 4). Anything else (a count that differs from the
// players', fewer than two players, a place out of 1..N or a gap in the ranking) is refused
// with "bad_placings" and nothing is computed.
rules::Result<std::vector<Glicko>>
update_after_placings(std::span<const Glicko> players, std::span<const int> places,
                      const GlickoParameters& parameters = lichess_parameters);

// The pairwise score of a place against another: 1 better, 0.5 equal, 0 worse.
double pairwise_score(int place, int opponent_place);

} // namespace lobby::rating
