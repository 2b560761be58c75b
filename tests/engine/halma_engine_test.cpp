// The computer player of the halma family (engine/halma_player.h): legal, finishes when it
// can, stronger level by level, the same for a seed, and it stops when told. Games here are
// played through the rules only, at small caps so the file runs in a few seconds.
#include "engine/halma_evaluation.h"
#include "rules/halma/layout.h"
#include "tests/engine/test_helpers.h"

#include <algorithm>
#include <random>

using engine_test::game_of;

namespace {

const rules::VariantId halma_variants[] = {
    rules::VariantId::ChineseCheckers2, rules::VariantId::ChineseCheckers3,
    rules::VariantId::ChineseCheckers4, rules::VariantId::ChineseCheckers6,
    rules::VariantId::Halma2,           rules::VariantId::Halma4};

engine::Choice choose(const rules::Game& game, engine::Level level, std::uint64_t seed,
                      std::uint64_t nodes = 0) {
    engine::Request request;
    request.level = level;
    request.seed = seed;
    request.node_limit = nodes;
    auto choice = engine::choose_move(game, request);
    REQUIRE_MESSAGE(choice.ok(), game.position() << ": " << choice.error().detail);
    return *choice;
}

// A player in a match: a level of the engine, or (nullopt) a uniformly random mover.
using Player = std::optional<engine::Level>;

// Plays a two-player game from the start to its end; returns the places (seat order).
std::vector<int> play_out(rules::VariantId variant, Player first, Player second, std::uint64_t seed,
                          std::uint64_t hard_nodes) {
    auto game = game_of(variant);
    std::mt19937_64 random(seed);
    while (!game->outcome().over()) {
        const Player& player = game->seat_to_move() == 0 ? first : second;
        std::string move;
        if (player) {
            move =
                choose(*game, *player, seed, *player == engine::Level::Hard ? hard_nodes : 0).move;
        } else {
            const auto moves = game->legal_moves();
            move = moves[random() % moves.size()];
        }
        REQUIRE_MESSAGE(game->play(move).ok(), game->position() << " " << move);
    }
    return game->outcome().places;
}

// Plays a game of any number of players from the start to its end, one player per seat;
// returns the places (seat order).
std::vector<int> play_group(rules::VariantId variant, const std::vector<Player>& seats,
                            std::uint64_t seed, std::uint64_t hard_nodes) {
    auto game = game_of(variant);
    REQUIRE(static_cast<std::size_t>(game->players()) == seats.size());
    std::mt19937_64 random(seed);
    while (!game->outcome().over()) {
        const Player& player = seats[static_cast<std::size_t>(game->seat_to_move())];
        std::string move;
        if (player) {
            move =
                choose(*game, *player, seed, *player == engine::Level::Hard ? hard_nodes : 0).move;
        } else {
            const auto moves = game->legal_moves();
            move = moves[random() % moves.size()];
        }
        REQUIRE_MESSAGE(game->play(move).ok(), game->position() << " " << move);
    }
    MESSAGE(rules::variant_name(variant)
            << " " << game->outcome().reason << " after " << game->ply() << " moves");
    return game->outcome().places;
}

// Over `games` games (seats alternate), how often `a` placed first.
int wins_of(rules::VariantId variant, Player a, Player b, int games, std::uint64_t hard_nodes) {
    int wins = 0;
    for (int g = 0; g < games; ++g) {
        const bool a_first = g % 2 == 0;
        const auto places = play_out(variant, a_first ? a : b, a_first ? b : a,
                                     100 + static_cast<std::uint64_t>(g), hard_nodes);
        const int a_place = places[a_first ? 0 : 1];
        const int b_place = places[a_first ? 1 : 0];
        MESSAGE(rules::variant_name(variant)
                << " game " << g << ": places " << a_place << " " << b_place);
        if (a_place < b_place)
            ++wins;
    }
    return wins;
}

} // namespace

TEST_CASE("halma family: every level's move is legal along random games, seats leaving too") {
    std::mt19937_64 random(20261125);
    int asked = 0;
    for (const rules::VariantId variant : halma_variants) {
        CAPTURE(rules::variant_name(variant));
        for (int g = 0; g < 3; ++g) {
            auto game = game_of(variant);
            for (int ply = 0; ply < 240 && !game->outcome().over(); ++ply) {
                // At more than two, a seat leaves now and then: turns skip it from then on.
                if (game->players() > 2 && ply == 40 + 30 * g)
                    REQUIRE(game->retire((g + 1) % game->players()).ok());
                if (game->outcome().over())
                    break;
                const auto moves = game->legal_moves();
                if (ply % 7 == 0) {
                    const auto level = static_cast<engine::Level>((ply / 7) % 3);
                    const auto choice = choose(*game, level, random(), 2'000);
                    CHECK_MESSAGE(std::find(moves.begin(), moves.end(), choice.move) != moves.end(),
                                  game->position() << " " << choice.move);
                    ++asked;
                }
                REQUIRE(game->play(moves[random() % moves.size()]).ok());
            }
        }
    }
    CHECK(asked >= 150);
}

TEST_CASE("halma family: a game that is over gets an error, not a move") {
    // Seat 1 has every piece in its goal (point 0): it finished and the game is over.
    const auto game = game_of(rules::VariantId::ChineseCheckers2,
                              "2:a1,b1,b2,c1,c2,c3,d1,d2,d3,d4:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:20:1");
    REQUIRE(game->outcome().over());
    const auto choice = engine::choose_move(*game, engine::Request{});
    REQUIRE_FALSE(choice.ok());
    CHECK(choice.error().code == "game_over");
}

TEST_CASE("halma family: a piece one step from finishing is moved home by every level") {
    // Nine pieces of seat 1 fill its goal (point 0) but d4; the tenth stands on e9, next to it.
    const std::string two = "1:a1,b1,b2,c1,c2,c3,d1,d2,d3,e9:h1,h2,h3,h4,i1,i2,i3,j1,j2,k1:60:-";
    // Three players, seat 1 to move, seat 3 already left.
    const std::string three = "1:a1,b1,b2,c1,c2,c3,d1,d2,d3,e9:e1,e2,e3,e4,f1,f2,f3,g1,g2,h1:"
                              "i6,i7,i8,i9,j7,j8,j9,k8,k9,k10:60:-:3";
    for (const auto& [variant, fen] : {std::pair{rules::VariantId::ChineseCheckers2, two},
                                       std::pair{rules::VariantId::ChineseCheckers3, three}}) {
        const auto game = game_of(variant, fen);
        for (const engine::Level level :
             {engine::Level::Easy, engine::Level::Medium, engine::Level::Hard})
            for (std::uint64_t seed = 1; seed <= 5; ++seed) {
                CAPTURE(level_name(level));
                CHECK(choose(*game, level, seed).move == "e9-d4");
            }
    }
}

TEST_CASE("halma family: the race measure counts steps to the goal's apex and finishing first") {
    const auto layout = rules::halma::layout_of(rules::VariantId::ChineseCheckers2);
    const engine::halma::Race race(*layout);
    const auto a1 = *layout->board->cell_named("a1");
    const auto q1 = *layout->board->cell_named("q1");
    CHECK(race.apex_distance(0, a1) == 0); // seat 1 races to point 0, whose apex is a1
    CHECK(race.apex_distance(1, q1) == 0);
    CHECK(race.apex_distance(0, q1) == 16);
    const auto start = rules::halma::start_position(*layout);
    CHECK(race.cost(start, 0) == race.cost(start, 1)); // the board is symmetric
    auto finished = start;
    finished.finished[finished.finished_count++] = 0;
    CHECK(race.cost(finished, 0) == engine::halma::finished_cost);
}

TEST_CASE("halma family: the same seed gives the same move, the log says why") {
    const auto game = game_of(rules::VariantId::ChineseCheckers3);
    for (const engine::Level level :
         {engine::Level::Easy, engine::Level::Medium, engine::Level::Hard}) {
        const auto a = choose(*game, level, 42, 5'000);
        const auto b = choose(*game, level, 42, 5'000);
        CHECK(a.move == b.move);
        CHECK(a.log == b.log);
        CHECK(a.log.find("seed 42") != std::string::npos);
    }
    // Easy's choice is spread over the opening moves: several seeds give several moves.
    std::vector<std::string> easy;
    for (std::uint64_t seed = 0; seed < 12; ++seed)
        easy.push_back(choose(*game, engine::Level::Easy, seed).move);
    std::sort(easy.begin(), easy.end());
    CHECK(std::unique(easy.begin(), easy.end()) - easy.begin() >= 3);
}

namespace {
struct LateClock final : engine::Clock {
    std::chrono::milliseconds elapsed() const override { return std::chrono::milliseconds(10'000); }
};
} // namespace

TEST_CASE("halma family: Hard stops at once on the flag or past its time, with a legal move") {
    const auto game = game_of(rules::VariantId::Halma4);
    const auto moves = game->legal_moves();
    engine::Request request;
    request.level = engine::Level::Hard;
    std::atomic<bool> stop{true};
    const auto cancelled = engine::choose_move(*game, request, {&stop, nullptr});
    REQUIRE(cancelled.ok());
    CHECK(cancelled->cancelled);
    CHECK(cancelled->nodes <= 1);
    CHECK(std::find(moves.begin(), moves.end(), cancelled->move) != moves.end());

    request.movetime = std::chrono::milliseconds(50);
    const LateClock late;
    const auto timed = engine::choose_move(*game, request, {nullptr, &late});
    REQUIRE(timed.ok());
    CHECK_FALSE(timed->cancelled);
    CHECK(timed->nodes <= 64);
    CHECK(std::find(moves.begin(), moves.end(), timed->move) != moves.end());
}

TEST_CASE("chinese checkers for two: Easy beats a random mover") {
    CHECK(wins_of(rules::VariantId::ChineseCheckers2, engine::Level::Easy, std::nullopt, 4, 0) ==
          4);
}

TEST_CASE("chinese checkers and halma for two: Hard beats Easy") {
    CHECK(wins_of(rules::VariantId::ChineseCheckers2, engine::Level::Hard, engine::Level::Easy, 2,
                  3'000) == 2);
    CHECK(wins_of(rules::VariantId::Halma2, engine::Level::Hard, engine::Level::Easy, 2, 3'000) ==
          2);
}

TEST_CASE("chinese checkers for three: Hard finishes first against two Easy players") {
    for (int hard_seat = 0; hard_seat < 3; ++hard_seat) {
        std::vector<Player> seats(3, engine::Level::Easy);
        seats[static_cast<std::size_t>(hard_seat)] = engine::Level::Hard;
        const auto places = play_group(rules::VariantId::ChineseCheckers3, seats,
                                       200 + static_cast<std::uint64_t>(hard_seat), 3'000);
        CAPTURE(hard_seat);
        CHECK(places[static_cast<std::size_t>(hard_seat)] == 1);
    }
}
