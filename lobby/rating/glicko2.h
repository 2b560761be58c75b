#pragma once
// Glicko-2, exactly as in Mark Glickman, "Example of the Glicko-2 system" (glicko.net,
// glicko2.pdf): steps 1-8, with the Illinois algorithm of step 5 for the new volatility.
// Pure: no clock, no storage. Ratings are on the Glicko scale (1500 = the scale's centre).

#include <span>

namespace lobby::rating {

// Step 2: the Glicko-2 scale is the Glicko scale divided by this, centred on 1500.
inline constexpr double glicko2_scale = 173.7178;

// A player's rating r, rating deviation RD and volatility sigma.
struct Glicko {
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
};

// The system constant tau and the bounds applied to every result.
struct GlickoParameters {
    double tau = 0.5;
    double min_deviation = 0;    // 0: no bound (as in the paper)
    double max_deviation = 1e9;  // RD never grows past this
    double max_volatility = 1e9; // sigma never grows past this
};

// The paper's example uses tau = 0.5 and no bounds.
inline constexpr GlickoParameters paper_parameters{};

// Lichess's values (lichess-org/scalachess, rating/glicko/Glicko.scala and GlickoCalculator):
// a new player starts at 1500 with RD 500 and volatility 0.09; tau = 0.75; RD stays within
// [45, 500]; volatility at most 0.1.
inline constexpr GlickoParameters lichess_parameters{
    .tau = 0.75, .min_deviation = 45, .max_deviation = 500, .max_volatility = 0.1};
inline constexpr Glicko lichess_default{.rating = 1500, .deviation = 500, .volatility = 0.09};

// One game of the rating period: the opponent's rating before it and the player's score
// (1 win, 0.5 draw, 0 loss). `weight` scales the game's terms in steps 3 and 4 (its share of
// v^-1 and of the sum in Delta): 1 is a whole game, as in the paper; the pairwise results of
// a game of more than two players count as fractions of a game (rating/placings.h).
struct GameScore {
    Glicko opponent;
    double score = 0;
    double weight = 1;
};

// Step 6 for a player who did not compete for `periods` rating periods (the paper's case is one
// period; a fraction or several are lichess's extension): phi' = sqrt(phi^2 + periods x sigma^2)
// on the Glicko-2 scale, rating and volatility unchanged, RD within the parameters' bounds.
// Zero or negative periods change nothing but the bounds.
Glicko grow_deviation(const Glicko& player, double periods, const GlickoParameters& parameters);

// The player's rating after a rating period with these games. No games: only the RD grows
// (step 6 with the old volatility, grow_deviation for one period), as the paper says for a
// player who did not compete.
Glicko update(const Glicko& player, std::span<const GameScore> games,
              const GlickoParameters& parameters);

// One game as its own rating period for both players (what lichess does): `white_score` is
// 1, 0.5 or 0 from white's side; both updates use the ratings from before the game.
struct RatedPair {
    Glicko white;
    Glicko black;
};
RatedPair update_after_game(const Glicko& white, const Glicko& black, double white_score,
                            const GlickoParameters& parameters = lichess_parameters);

} // namespace lobby::rating
