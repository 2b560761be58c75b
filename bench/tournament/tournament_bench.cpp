// Times the tournament pairings of lobby/tournament/ (issue 38), by hand:
//   tournament_bench [swiss_players=500] [swiss_rounds=9] [arena_players=1000] [seed=1]
// Prints the time to pair each round of a Swiss of `swiss_players` (random results between
// rounds) and of one arena pairing wave with every player waiting.

#include "lobby/random.h"
#include "lobby/tournament/arena.h"
#include "lobby/tournament/swiss.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using Clock = std::chrono::steady_clock;
using lobby::tournament::Outcome;

double millis_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string bench_id(int i) {
    std::string id = "p";
    id += std::to_string(i);
    return id;
}

int bench_swiss(int players, int rounds, lobby::RandomSource& random) {
    lobby::tournament::SwissSettings settings;
    settings.rounds = rounds;
    auto made = lobby::tournament::Swiss::create("bench", settings);
    if (!made)
        return 1;
    lobby::tournament::Swiss swiss = std::move(made).value();
    for (int i = 0; i < players; ++i)
        (void)swiss.add_player(bench_id(i), bench_id(i),
                               1000 + static_cast<int>(random.below(1800)));
    double total = 0;
    double worst = 0;
    for (int r = 1; r <= rounds; ++r) {
        const auto start = Clock::now();
        const auto round = swiss.pair_next_round();
        const double ms = millis_since(start);
        if (!round) {
            std::printf("round %d refused: %s\n", r, round.error().detail.c_str());
            return 1;
        }
        total += ms;
        worst = ms > worst ? ms : worst;
        std::printf("swiss %d players, round %d: %zu games paired in %.2f ms\n", players, r,
                    round->games.size(), ms);
        for (int b = 1; b <= static_cast<int>(round->games.size()); ++b) {
            const auto roll = random.below(10);
            const Outcome o = roll < 4   ? Outcome::WhiteWins
                              : roll < 7 ? Outcome::BlackWins
                                         : Outcome::Draw;
            (void)swiss.record_result(r, b, o);
        }
    }
    std::printf("swiss %d players: mean %.2f ms a round, worst %.2f ms\n", players, total / rounds,
                worst);
    return 0;
}

int bench_arena(int players, lobby::RandomSource& random) {
    using namespace std::chrono_literals;
    lobby::tournament::ArenaSettings settings;
    settings.starts = lobby::TimePoint{};
    settings.ends = settings.starts + 1h;
    settings.time_control.base = 3min;
    auto made = lobby::tournament::Arena::create(settings);
    if (!made)
        return 1;
    lobby::tournament::Arena arena = std::move(made).value();
    for (int i = 0; i < players; ++i)
        (void)arena.join(bench_id(i), 1000 + static_cast<int>(random.below(1800)), settings.starts);
    // Two waves of games first, so that scores and last opponents differ.
    for (int wave = 0; wave < 2; ++wave)
        for (const auto& g : arena.pair_waiting(settings.starts + 1min)) {
            const auto roll = random.below(3);
            using W = lobby::tournament::ArenaResult::Winner;
            const W w = roll == 0 ? W::White : roll == 1 ? W::Black : W::Draw;
            (void)arena.finish_game(g.id, {w, 30, 30});
        }
    const auto start = Clock::now();
    const auto games = arena.pair_waiting(settings.starts + 2min);
    const double ms = millis_since(start);
    std::printf("arena wave of %d waiting players: %zu games in %.2f ms\n", players, games.size(),
                ms);
    return 0;
}

int argument(int argc, char** argv, int index, int fallback) {
    return argc > index ? std::atoi(argv[index]) : fallback;
}

} // namespace

int main(int argc, char** argv) {
    const int swiss_players = argument(argc, argv, 1, 500);
    const int swiss_rounds = argument(argc, argv, 2, 9);
    const int arena_players = argument(argc, argv, 3, 1000);
    lobby::SeededRandom random(static_cast<std::uint64_t>(argument(argc, argv, 4, 1)));
    if (bench_swiss(swiss_players, swiss_rounds, random) != 0)
        return 1;
    return bench_arena(arena_players, random);
}
