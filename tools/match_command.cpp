// tabula match <variant> <player-a> <player-b> [<player-c> ...] --games N [--movetime MS]
//              [--seed S] [--records FILE]
// Plays a match for measuring strength. A player is random, easy, medium, hard, or
// uci:<command>[?name=value&...] (a UCI chess engine, options set with setoption). A game ends
// only when the rules end it (mate, no moves, a draw rule, the halma family's move limit) or
// at a hard cap of plies. --records appends every game's PGN / PDN to FILE.
//
// Two players: colours alternate; each pair of games opens with the same few seeded random
// plies, once with each player as White; a game at the cap is a draw. A variant of numbered
// start positions (chess960) starts each pair from one drawn from the same seed. One line per
// game, then the score with its 95 % interval, and last `match: <a> <W>-<D>-<L> <b>` (W = wins
// of a).
//
// A UCI engine plays chess and chess960. For chess960 it is sent `setoption name UCI_Chess960
// value true` before its own options, the start position as the X-FEN the game writes, and the
// moves as the game holds them, castling as the king taking its own rook; its castling answers
// come in that same form (UCI protocol, UCI_Chess960), which the game reads as they are.
//
// A game of more than two (chinese-checkers-3, halma-4, ...) names one player per seat. The
// seats rotate: in game g player i sits at seat (i + g) mod n, and each round of n games opens
// with the same seeded random plies, so every player meets that opening from every seat. A
// player that fails to move leaves the game (rules::Game::retire) and the others play on. One
// line per game with the places by player, then `match: <a> <mean place> (<firsts> first), ...`
// in the order the players were named (a mean place of 1 is first every time).
#include "command_line/arguments.h"
#include "engine/engine.h"
#include "engine/worker_pool.h"
#include "rules/game.h"
#include "rules/variant.h"
#include "tools/commands.h"
#include "tools/uci_engine.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

namespace tools {
namespace {

// The Event tag of every record the match writes, of two players or more.
constexpr const char* record_event = "tabula match";

using namespace std::chrono_literals;

constexpr int ply_cap = 600;
// The halma family ends a stalled game itself after 200 moves a player (rules/halma/variants.h).
constexpr int ply_cap_per_seat = 300;
constexpr int opening_plies = 4;

class Player {
public:
    virtual ~Player() = default;
    virtual void new_game(std::uint64_t /*seed*/) {}
    // The move to play, or nullopt when the player fails (its game is lost).
    virtual std::optional<std::string> move(const rules::Game& game) = 0;
};

class RandomPlayer final : public Player {
public:
    void new_game(std::uint64_t seed) override { generator_.seed(seed); }
    std::optional<std::string> move(const rules::Game& game) override {
        const auto moves = game.legal_moves();
        if (moves.empty())
            return std::nullopt;
        return moves[generator_() % moves.size()];
    }

private:
    std::mt19937_64 generator_;
};

class EnginePlayer final : public Player {
public:
    EnginePlayer(engine::Level level, std::optional<std::chrono::milliseconds> movetime) {
        request_.level = level;
        request_.movetime = movetime;
    }
    void new_game(std::uint64_t seed) override { request_.seed = seed; }
    std::optional<std::string> move(const rules::Game& game) override {
        const engine::SteadyClock clock;
        auto choice = engine::choose_move(game, request_, {nullptr, &clock});
        if (!choice.ok()) {
            std::cerr << "engine: " << choice.error().detail << "\n";
            return std::nullopt;
        }
        return choice->move;
    }

private:
    engine::Request request_;
};

class UciPlayer final : public Player {
public:
    UciPlayer(const std::string& command,
              const std::vector<std::pair<std::string, std::string>>& options,
              std::chrono::milliseconds movetime)
        : engine_(command, options), movetime_(movetime) {}
    void new_game(std::uint64_t) override { engine_.new_game(); }
    std::optional<std::string> move(const rules::Game& game) override {
        return engine_.best_move(game.start_position(), game.moves(), movetime_);
    }

private:
    UciEngine engine_;
    std::chrono::milliseconds movetime_;
};

// "uci:stockfish?UCI_LimitStrength=true&UCI_Elo=1800" -> command and options.
std::unique_ptr<Player> make_player(const std::string& spec, rules::VariantId variant,
                                    std::optional<std::chrono::milliseconds> movetime) {
    if (spec == "random")
        return std::make_unique<RandomPlayer>();
    if (const auto level = engine::level_from_name(spec))
        return std::make_unique<EnginePlayer>(*level, movetime);
    if (!spec.starts_with("uci:") || spec.size() == 4)
        throw std::invalid_argument("a player is random, easy, medium, hard or uci:<command>");
    if (rules::family_of(variant) != rules::Family::Chess)
        throw std::invalid_argument("a UCI engine plays chess and chess960 only");
    const auto query = spec.find('?');
    const std::string command = spec.substr(4, query == std::string::npos ? query : query - 4);
    std::vector<std::pair<std::string, std::string>> options;
    // The UCI protocol's own option for Chess960 (its section on UCI_Chess960).
    if (variant == rules::VariantId::Chess960)
        options.emplace_back("UCI_Chess960", "true");
    if (query != std::string::npos) {
        std::string rest = spec.substr(query + 1);
        while (!rest.empty()) {
            const auto amp = rest.find('&');
            const std::string pair = rest.substr(0, amp);
            const auto eq = pair.find('=');
            if (eq == std::string::npos || eq == 0)
                throw std::invalid_argument("a UCI option is written name=value");
            options.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
            rest = amp == std::string::npos ? "" : rest.substr(amp + 1);
        }
    }
    return std::make_unique<UciPlayer>(command, options, movetime.value_or(1000ms));
}

struct GameResult {
    double score_a = 0.5; // 1 win, 0.5 draw, 0 loss for player a
    std::string how;
    int plies = 0;
    std::string record; // PGN / PDN
};

// The record of a finished game; `ended` when the match, not the rules, ended it.
std::string record_of(const rules::Game& game, const std::string& white, const std::string& black,
                      const std::optional<rules::Outcome>& ended, const std::string& how) {
    rules::RecordTags tags;
    tags.event = record_event;
    tags.white = white;
    tags.black = black;
    tags.outcome = ended;
    if (ended)
        tags.termination = how;
    return game.record(tags);
}

// A new game after `plies` random legal plies drawn from `opening_seed`: games given the same
// seed start from the same position (a pair of games of two, a round of more). A variant of
// numbered start positions starts from one drawn from the same seed first.
std::unique_ptr<rules::Game> opened_game(rules::VariantId variant, std::uint64_t opening_seed,
                                         int plies) {
    std::mt19937_64 opening(opening_seed);
    std::string start;
    if (const int count = rules::start_position_count(variant); count > 0) {
        const auto number = opening() % static_cast<std::uint64_t>(count);
        start = rules::start_position_fen(variant, static_cast<int>(number)).value();
    }
    auto game = std::move(rules::make_game(variant, start).value());
    for (int i = 0; i < plies && !game->outcome().over(); ++i) {
        const auto moves = game->legal_moves();
        (void)game->play(moves[opening() % moves.size()]);
    }
    return game;
}

GameResult play_game(rules::VariantId variant, Player& a, Player& b, bool a_white,
                     std::uint64_t opening_seed, std::uint64_t game_seed, const std::string& name_a,
                     const std::string& name_b) {
    const auto game = opened_game(variant, opening_seed, opening_plies);
    a.new_game(game_seed);
    b.new_game(game_seed ^ 0x5bd1e995ULL);
    const std::string& white = a_white ? name_a : name_b;
    const std::string& black = a_white ? name_b : name_a;
    while (!game->outcome().over() && game->ply() < ply_cap) {
        const int mover = game->seat_to_move();
        const bool a_to_move = (mover == 0) == a_white;
        const auto move = (a_to_move ? a : b).move(*game);
        if (!move || !game->play(*move).ok()) {
            const std::string how =
                (a_to_move ? name_a : name_b) + " failed to move: " + move.value_or("(none)");
            const auto lost = rules::Outcome::win(1 - mover, "failed");
            return {a_to_move ? 0.0 : 1.0, how, game->ply(),
                    record_of(*game, white, black, lost, how)};
        }
    }
    const rules::Outcome outcome = game->outcome();
    if (!outcome.over()) {
        const auto capped = rules::Outcome::draw("ply-cap");
        return {0.5, "ply-cap", game->ply(), record_of(*game, white, black, capped, "ply cap")};
    }
    const std::string record = record_of(*game, white, black, std::nullopt, {});
    if (outcome.status == rules::Outcome::Status::Draw)
        return {0.5, outcome.reason, game->ply(), record};
    return {outcome.won_by(0) == a_white ? 1.0 : 0.0, outcome.reason, game->ply(), record};
}

// A game of more than two: `by_seat` the players in turn order, `names` theirs by seat.
struct GroupResult {
    std::vector<int> places; // by seat, 1 for the first to finish
    std::string how;
    int plies = 0;
    std::string record;
};

GroupResult play_group_game(rules::VariantId variant, const std::vector<Player*>& by_seat,
                            const std::vector<std::string>& names, std::uint64_t opening_seed,
                            std::uint64_t game_seed) {
    const int seats = rules::player_count(variant);
    const auto game = opened_game(variant, opening_seed, opening_plies * seats);
    for (std::size_t seat = 0; seat < by_seat.size(); ++seat)
        by_seat[seat]->new_game(game_seed + std::uint64_t{1000003} * seat);
    std::string how;
    while (!game->outcome().over() && game->ply() < ply_cap_per_seat * seats) {
        const int seat = game->seat_to_move();
        const auto move = by_seat[static_cast<std::size_t>(seat)]->move(*game);
        if (!move || !game->play(*move).ok()) {
            // It leaves; the others play on, and it places behind them (rules/game.h).
            how += (how.empty() ? "" : "; ") + names[static_cast<std::size_t>(seat)] +
                   " failed to move: " + move.value_or("(none)");
            if (!game->retire(seat).ok())
                break;
        }
    }
    rules::RecordTags tags;
    tags.event = record_event;
    tags.seats = names;
    auto outcome = game->outcome();
    if (!outcome.over()) {
        // Past the cap (the rules' own move limit comes first): places unknown, all share last.
        return {std::vector<int>(static_cast<std::size_t>(seats), seats), "ply-cap", game->ply(),
                game->record(tags)};
    }
    return {outcome.places, how.empty() ? outcome.reason : outcome.reason + " (" + how + ")",
            game->ply(), game->record(tags)};
}

// The match of more than two: `names` one per seat, rotating (see the top of this file).
void run_group_match(rules::VariantId variant, const std::vector<std::string>& names,
                     std::vector<std::unique_ptr<Player>>& players, std::uint64_t games,
                     std::uint64_t seed, std::ofstream& records) {
    const std::size_t n = names.size();
    std::vector<double> place_sums(n, 0);
    std::vector<int> firsts(n, 0);
    for (std::uint64_t g = 0; g < games; ++g) {
        std::vector<Player*> by_seat(n);
        std::vector<std::string> seat_names(n);
        for (std::size_t player = 0; player < n; ++player) {
            const std::size_t seat = (player + g) % n;
            by_seat[seat] = players[player].get();
            seat_names[seat] = names[player];
        }
        const GroupResult r =
            play_group_game(variant, by_seat, seat_names, seed * 1000003 + g / n, seed * 7919 + g);
        if (records.is_open())
            records << r.record << "\n";
        std::cout << "game " << g + 1 << ":";
        for (std::size_t player = 0; player < n; ++player) {
            const std::size_t seat = (player + g) % n;
            const int place = r.places[seat];
            place_sums[player] += place;
            firsts[player] += place == 1 ? 1 : 0;
            std::cout << (player ? ", " : " ") << names[player] << " (seat " << seat << ") "
                      << place;
        }
        std::cout << "; " << r.how << " after " << r.plies << " plies" << std::endl;
    }
    std::cout << "match:";
    for (std::size_t player = 0; player < n; ++player) {
        char mean[16];
        std::snprintf(mean, sizeof mean, "%.2f", place_sums[player] / static_cast<double>(games));
        std::cout << (player ? ", " : " ") << names[player] << " " << mean << " (" << firsts[player]
                  << " first)";
    }
    std::cout << "\n";
}

} // namespace

int run_match(const Args& args) {
    const char* usage = "usage: tabula match <variant> <player-a> <player-b> [<player-c> ...] "
                        "--games N [--movetime MS] [--seed S] [--records FILE]\n"
                        "  (one player per seat: two, or as many as the variant seats)\n";
    const auto split = split_args(args, {"--games", "--movetime", "--seed", "--records"});
    if (!split || split->words.size() < 3 || !split->values.contains("--games")) {
        std::cerr << usage;
        return 2;
    }
    const auto variant = rules::variant_from_name(split->words[0]);
    if (!variant) {
        std::cerr << "tabula match: unknown variant '" << split->words[0] << "'\n";
        return 2;
    }
    const int seats = rules::make_game(*variant).value()->players();
    if (split->words.size() != static_cast<std::size_t>(seats) + 1) {
        std::cerr << "tabula match: " << split->words[0] << " seats " << seats
                  << " players; name one player per seat\n"
                  << usage;
        return 2;
    }
    const auto number = [&](const char* flag) -> std::optional<std::uint64_t> {
        const auto it = split->values.find(flag);
        if (it == split->values.end())
            return std::nullopt;
        std::uint64_t v = 0;
        const auto& t = it->second;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec != std::errc{} || end != t.data() + t.size())
            throw std::invalid_argument(std::string(flag) + " takes a whole number");
        return v;
    };
    try {
        const std::uint64_t games = number("--games").value_or(0);
        if (games == 0 || games > 100000)
            throw std::invalid_argument("--games takes a number from 1 to 100000");
        std::optional<std::chrono::milliseconds> movetime;
        if (const auto ms = number("--movetime")) {
            if (*ms == 0 || *ms > 3'600'000)
                throw std::invalid_argument("--movetime takes 1 to 3600000 milliseconds");
            movetime = std::chrono::milliseconds(static_cast<long>(*ms));
        }
        const std::uint64_t seed = number("--seed").value_or(1);
        const std::vector<std::string> names(split->words.begin() + 1, split->words.end());
        std::vector<std::unique_ptr<Player>> players;
        for (const auto& name : names)
            players.push_back(make_player(name, *variant, movetime));
        std::ofstream records;
        if (const auto it = split->values.find("--records"); it != split->values.end()) {
            records.open(it->second, std::ios::app);
            if (!records)
                throw std::invalid_argument("cannot write " + it->second);
        }
        if (seats > 2) {
            run_group_match(*variant, names, players, games, seed, records);
            return 0;
        }
        const std::string& name_a = names[0];
        const std::string& name_b = names[1];
        Player* a = players[0].get();
        Player* b = players[1].get();
        int wins = 0;
        int draws = 0;
        int losses = 0;
        double sum_squares = 0;
        for (std::uint64_t g = 0; g < games; ++g) {
            const bool a_white = g % 2 == 0;
            const GameResult r = play_game(*variant, *a, *b, a_white, seed * 1000003 + g / 2,
                                           seed * 7919 + g, name_a, name_b);
            (r.score_a == 1.0 ? wins : r.score_a == 0.0 ? losses : draws)++;
            sum_squares += r.score_a * r.score_a;
            if (records.is_open())
                records << r.record << "\n";
            std::cout << "game " << g + 1 << ": " << (a_white ? name_a : name_b) << " (white) v "
                      << (a_white ? name_b : name_a) << ": "
                      << (r.score_a == 0.5                ? "draw"
                          : (r.score_a == 1.0) == a_white ? "1-0"
                                                          : "0-1")
                      << " " << r.how << " after " << r.plies << " plies" << std::endl;
        }
        const double n = static_cast<double>(games);
        const double mean = (wins + 0.5 * draws) / n;
        const double deviation = std::sqrt(std::max(sum_squares / n - mean * mean, 0.0) / n);
        std::cout << "score of " << name_a << ": " << 100 * mean << " % +- "
                  << 100 * 1.96 * deviation << " % (95 %) over " << games << " games\n";
        std::cout << "match: " << name_a << " " << wins << "-" << draws << "-" << losses << " "
                  << name_b << "\n";
    } catch (const std::exception& e) {
        std::cerr << "tabula match: " << e.what() << "\n";
        return 2;
    }
    return 0;
}

} // namespace tools
