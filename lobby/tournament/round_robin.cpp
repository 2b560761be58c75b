#include "lobby/tournament/round_robin.h"

#include "lobby/tournament/tournament_errors.h"

#include <utility>

namespace lobby::tournament {

namespace {

// a taken into 1..modulus.
int wrap_berger(int a, int modulus) {
    const int r = ((a - 1) % modulus + modulus) % modulus;
    return r + 1;
}

} // namespace

RoundRobinRound berger_round(int players, int round) {
    const int seats = players % 2 == 0 ? players : players + 1;
    const int others = seats - 1;
    // 2p = round + 1 (mod others): p = (round + 1) / 2 for odd rounds, (round + seats) / 2 for
    // even ones (others is odd, so this is the unique solution in 1..others).
    const int p = round % 2 == 1 ? (round + 1) / 2 : (round + seats) / 2;
    RoundRobinRound result;
    auto add = [&](int white, int black) {
        if (white > players)
            result.bye = black;
        else if (black > players)
            result.bye = white;
        else
            result.games.push_back({white, black});
    };
    if (round % 2 == 1)
        add(p, seats);
    else
        add(seats, p);
    for (int k = 1; k < seats / 2; ++k)
        add(wrap_berger(p + k, others), wrap_berger(p - k, others));
    return result;
}

rules::Result<std::vector<RoundRobinRound>> make_schedule(int players, bool double_round) {
    if (players < 2 || players > 64)
        return refuse(tournament_errc::bad_settings, "a round robin has 2 to 64 players");
    const int seats = players % 2 == 0 ? players : players + 1;
    std::vector<RoundRobinRound> cycle;
    for (int r = 1; r < seats; ++r)
        cycle.push_back(berger_round(players, r));
    if (!double_round)
        return cycle;
    std::vector<RoundRobinRound> rounds = cycle;
    if (rounds.size() >= 2)
        std::swap(rounds[rounds.size() - 1], rounds[rounds.size() - 2]);
    for (RoundRobinRound round : cycle) {
        for (RoundRobinGame& game : round.games)
            std::swap(game.white, game.black);
        rounds.push_back(std::move(round));
    }
    return rounds;
}

} // namespace lobby::tournament
