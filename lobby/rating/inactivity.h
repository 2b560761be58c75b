#pragma once
// A rating's deviation grows while its player does not play rated games (Glickman,
// "Example of the Glicko-2 system", step 6: a player who does not compete in a rating period
// gets phi' = sqrt(phi^2 + sigma^2)). Lichess counts rating periods from the time since the
// last rated game instead of closing periods on a calendar, and so do we: the stored rating
// keeps its time, and the RD is grown from it whenever the rating is used (before a rated
// game's update) or shown (profiles, leaderboards). A long break therefore takes a player off
// the leaderboard and makes the rating provisional again, and the RD never passes the starting
// RD (500, lichess_parameters.max_deviation). Pure: the caller gives both times.

#include "lobby/rating/glicko2.h"
#include "lobby/time.h"

namespace lobby::rating {

// Lichess's rating period: 0.21436 periods a day, about 4.67 days a period ("chosen so a
// typical player's RD goes from 60 -> 110 in 1 year"; lichess-org/lila,
// modules/rating/src/main/Glicko.scala, ratingPeriodsPerDay).
inline constexpr double lichess_rating_periods_per_day = 0.21436;

// How many rating periods (a fraction allowed) `idle` spans; none for a negative span (a
// clock that went back).
double rating_periods(Millis idle, double periods_per_day = lichess_rating_periods_per_day);

// What a day without rated games adds to RD^2 (Glicko scale) per unit of volatility^2:
// step 6 in Glicko units, RD'^2 = RD^2 + periods x (173.7178 sigma)^2, for a day's periods.
// The leaderboard query applies it in storage (storage::LeaderboardQuery::growth_per_day).
double deviation_growth_per_day(double periods_per_day = lichess_rating_periods_per_day);

// The rating as it stands at `now` when its player's last rated game ended at `last_rated`:
// the RD grown by step 6 for the periods in between, rating and volatility unchanged.
Glicko rating_at(const Glicko& stored, TimePoint last_rated, TimePoint now,
                 const GlickoParameters& parameters = lichess_parameters,
                 double periods_per_day = lichess_rating_periods_per_day);

} // namespace lobby::rating
