#include "lobby/rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lobby::rating {
namespace {

constexpr double scale = glicko2_scale;
constexpr double centre = 1500;
// Step 5: the convergence tolerance epsilon of the paper.
constexpr double tolerance = 0.000001;

double g(double phi) {
    return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
    return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility by the Illinois algorithm on f(x) = 0.
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
    };
    double big_a = a;
    double big_b = 0;
    if (delta * delta > phi * phi + v) {
        big_b = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0)
            ++k;
        big_b = a - k * tau;
    }
    double f_a = f(big_a);
    double f_b = f(big_b);
    while (std::abs(big_b - big_a) > tolerance) {
        const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        const double f_c = f(big_c);
        if (f_c * f_b <= 0) {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    return std::exp(big_a / 2.0);
}

Glicko bounded(Glicko g, const GlickoParameters& p) {
    g.deviation = std::clamp(g.deviation, p.min_deviation, p.max_deviation);
    g.volatility = std::min(g.volatility, p.max_volatility);
    return g;
}

} // namespace

Glicko grow_deviation(const Glicko& player, double periods, const GlickoParameters& parameters) {
    const double phi = player.deviation / scale;
    const double sigma = player.volatility;
    const double phi_star = std::sqrt(phi * phi + std::max(periods, 0.0) * sigma * sigma);
    return bounded({player.rating, phi_star * scale, sigma}, parameters);
}

Glicko update(const Glicko& player, std::span<const GameScore> games,
              const GlickoParameters& parameters) {
    const double mu = (player.rating - centre) / scale; // step 2
    const double phi = player.deviation / scale;
    const double sigma = player.volatility;
    if (games.empty()) // step 6 only
        return grow_deviation(player, 1, parameters);
    double v_inverse = 0;   // step 3
    double improvement = 0; // the sum in step 4
    for (const auto& game : games) {
        const double mu_j = (game.opponent.rating - centre) / scale;
        const double phi_j = game.opponent.deviation / scale;
        const double e = expected(mu, mu_j, phi_j);
        v_inverse += game.weight * g(phi_j) * g(phi_j) * e * (1.0 - e);
        improvement += game.weight * g(phi_j) * (game.score - e);
    }
    const double v = 1.0 / v_inverse;
    const double delta = v * improvement;                                          // step 4
    const double sigma_new = new_volatility(sigma, phi, v, delta, parameters.tau); // step 5
    const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);          // step 6
    const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v); // step 7
    const double mu_new = mu + phi_new * phi_new * improvement;
    return bounded({mu_new * scale + centre, phi_new * scale, sigma_new}, parameters); // step 8
}

RatedPair update_after_game(const Glicko& white, const Glicko& black, double white_score,
                            const GlickoParameters& parameters) {
    const GameScore for_white{black, white_score};
    const GameScore for_black{white, 1.0 - white_score};
    return {update(white, std::span(&for_white, 1), parameters),
            update(black, std::span(&for_black, 1), parameters)};
}

} // namespace lobby::rating
