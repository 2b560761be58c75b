#include "lobby/random.h"
#include "lobby/tournament/arena.h"

#include <algorithm>
#include <map>
#include <string>

#include <doctest/doctest.h>

using namespace std::chrono_literals;

namespace lobby::tournament {

namespace {

const TimePoint arena_start{std::chrono::hours(1000)};

ArenaSettings hour_long() {
    ArenaSettings s;
    s.starts = arena_start;
    s.ends = arena_start + 1h;
    s.time_control.base = 3min;
    s.time_control.increment = 2s;
    return s;
}

Arena make_arena() {
    auto arena = Arena::create(hour_long());
    REQUIRE(arena.ok());
    return std::move(arena).value();
}

ArenaResult arena_white_wins(int plies = 40) {
    return {ArenaResult::Winner::White, plies / 2, plies - plies / 2};
}
ArenaResult arena_black_wins(int plies = 40) {
    return {ArenaResult::Winner::Black, plies / 2, plies - plies / 2};
}
ArenaResult arena_draw(int plies = 40) {
    return {ArenaResult::Winner::Draw, plies / 2, plies - plies / 2};
}

// Plays one game of `a` against `b` (both must be the only two waiting) with `a` winning,
// drawing or losing.
void play_arena_game(Arena& arena, const std::string& a, char result, int plies = 40) {
    const auto games = arena.pair_waiting(arena_start + 1min);
    REQUIRE(games.size() == 1);
    const ArenaGame& g = games[0];
    const bool a_white = g.white == a;
    ArenaResult r = arena_draw(plies);
    if (result == 'W')
        r = a_white ? arena_white_wins(plies) : arena_black_wins(plies);
    else if (result == 'L')
        r = a_white ? arena_black_wins(plies) : arena_white_wins(plies);
    REQUIRE_FALSE(arena.finish_game(g.id, r));
}

// "p7" (built by appending: GCC 12 warns falsely on "p" + std::to_string).
std::string arena_name(std::uint64_t i) {
    std::string name = "p";
    name += std::to_string(i);
    return name;
}

} // namespace

TEST_CASE("arena scoring: win 2, draw 1, loss 0, streak doubles after two wins") {
    CHECK(score_arena_game(0, ArenaGameOutcome::Win, false, 20, 40).points == 2);
    CHECK(score_arena_game(0, ArenaGameOutcome::Draw, false, 20, 40).points == 1);
    CHECK(score_arena_game(0, ArenaGameOutcome::Loss, false, 20, 40).points == 0);
    CHECK(score_arena_game(2, ArenaGameOutcome::Win, false, 20, 40).points == 4);
    CHECK(score_arena_game(2, ArenaGameOutcome::Draw, false, 20, 40).points == 2);
    CHECK(score_arena_game(5, ArenaGameOutcome::Loss, false, 20, 40).streak_after == 0);
    // Berserk win with 7 own moves: one more; with 6: none.
    CHECK(score_arena_game(0, ArenaGameOutcome::Win, true, 7, 14).points == 3);
    CHECK(score_arena_game(0, ArenaGameOutcome::Win, true, 6, 12).points == 2);
    CHECK(score_arena_game(2, ArenaGameOutcome::Win, true, 7, 14).points == 5);
    // A draw in fewer than 10 moves (20 plies) scores nothing and ends the streak.
    const ArenaGameScore quick = score_arena_game(3, ArenaGameOutcome::Draw, false, 9, 19);
    CHECK(quick.points == 0);
    CHECK(quick.quick_draw);
    CHECK(quick.streak_after == 0);
    CHECK(score_arena_game(0, ArenaGameOutcome::Draw, false, 10, 20).points == 1);
}

TEST_CASE("arena: W W D scores 6, a streak ends with the first game that is not a win") {
    Arena arena = make_arena();
    for (const char* id : {"a", "b", "c", "d", "e"})
        REQUIRE_FALSE(arena.join(id, 1500, arena_start));
    for (const char* id : {"c", "d", "e"})
        REQUIRE_FALSE(arena.pause(id));
    // a meets b, c, d, e in turn: each time only a and the next one are waiting.
    play_arena_game(arena, "a", 'W');
    REQUIRE_FALSE(arena.pause("b"));
    REQUIRE_FALSE(arena.join("c", 1500, arena_start));
    play_arena_game(arena, "a", 'W');
    REQUIRE_FALSE(arena.pause("c"));
    REQUIRE_FALSE(arena.join("d", 1500, arena_start));
    play_arena_game(arena, "a", 'D');
    CHECK(arena.player("a")->points == 6);
    CHECK(arena.player("a")->sheet == std::vector<int>{2, 2, 2});
    CHECK(arena.player("a")->streak == 0);
    REQUIRE_FALSE(arena.pause("d"));
    REQUIRE_FALSE(arena.join("e", 1500, arena_start));
    play_arena_game(arena, "a", 'W'); // no streak any more: 2
    CHECK(arena.player("a")->points == 8);
}

TEST_CASE("arena: a berserk win earns one more point, the clock is halved without increment") {
    Arena arena = make_arena();
    REQUIRE_FALSE(arena.join("a", 1500, arena_start));
    REQUIRE_FALSE(arena.join("b", 1500, arena_start));
    const auto games = arena.pair_waiting(arena_start + 1s);
    REQUIRE(games.size() == 1);
    const ArenaGame g = games[0];
    CHECK(arena.berserk(g.id, g.white, 1).error().code == "too_late");
    const auto halved = arena.berserk(g.id, g.white, 0);
    REQUIRE(halved.ok());
    CHECK(halved->base == 90s);
    CHECK(halved->increment == 0s);
    CHECK(arena.berserk(g.id, g.white, 0).error().code == "not_allowed");
    CHECK(arena.berserk(g.id, "nobody", 0).error().code == "not_seated");
    REQUIRE_FALSE(arena.finish_game(g.id, arena_white_wins(14)));
    CHECK(arena.player(g.white)->points == 3);
    CHECK(arena.player(g.black)->points == 0);
    CHECK(arena.finish_game(g.id, arena_white_wins()).value().code == "no_such_game");
}

TEST_CASE("arena: a quick draw scores nothing for either player") {
    Arena arena = make_arena();
    REQUIRE_FALSE(arena.join("a", 1500, arena_start));
    REQUIRE_FALSE(arena.join("b", 1500, arena_start));
    play_arena_game(arena, "a", 'D', 12);
    CHECK(arena.player("a")->points == 0);
    CHECK(arena.player("b")->points == 0);
}

TEST_CASE("arena: nobody is paired outside the hours, running games finish and count") {
    Arena arena = make_arena();
    REQUIRE_FALSE(arena.join("a", 1500, arena_start - 10min));
    REQUIRE_FALSE(arena.join("b", 1500, arena_start - 10min));
    CHECK(arena.pair_waiting(arena_start - 1s).empty());
    const auto games = arena.pair_waiting(arena_start);
    REQUIRE(games.size() == 1);
    CHECK_FALSE(arena.final(arena_start + 2h));
    CHECK(arena.join("c", 1500, arena_start + 1h).value().code == "tournament_over");
    REQUIRE_FALSE(arena.finish_game(games[0].id, arena_white_wins()));
    CHECK(arena.final(arena_start + 2h));
    CHECK(arena.pair_waiting(arena_start + 1h).empty());
    CHECK(arena.standings().front()->id == games[0].white);
}

TEST_CASE("arena: waves never repeat the last opponent and pair within two places") {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        CAPTURE(seed);
        SeededRandom random(seed);
        Arena arena = make_arena();
        const int players = 2 + static_cast<int>(random.below(40));
        for (int i = 0; i < players; ++i)
            REQUIRE_FALSE(arena.join(arena_name(static_cast<std::uint64_t>(i)),
                                     1200 + static_cast<int>(random.below(1000)), arena_start));
        std::vector<ArenaGame> running;
        for (int wave = 0; wave < 60; ++wave) {
            // The waiting players in rank order, as the wave sees them.
            std::vector<const ArenaPlayer*> waiting;
            for (const ArenaPlayer* p : arena.standings())
                if (p->state == ArenaState::Waiting)
                    waiting.push_back(p);
            std::map<std::string, std::optional<std::string>> last;
            for (const ArenaPlayer* p : waiting)
                last[p->id] = p->last_opponent;
            const auto games = arena.pair_waiting(arena_start + 1min);
            std::map<std::string, std::size_t> place;
            for (std::size_t i = 0; i < waiting.size(); ++i)
                place[waiting[i]->id] = i;
            std::vector<char> paired(waiting.size(), 0);
            for (const ArenaGame& g : games) {
                CHECK(last[g.white] != g.black);
                CHECK(last[g.black] != g.white);
                paired[place[g.white]] = paired[place[g.black]] = 1;
            }
            // At most two left waiting; the players skipped over by the higher player of a
            // pair (still unpaired at its turn) are all barred from meeting it.
            CHECK(std::count(paired.begin(), paired.end(), 0) <= 2);
            const auto barred = [&](const ArenaPlayer* x, const ArenaPlayer* y) {
                return last[x->id] == y->id || last[y->id] == x->id;
            };
            std::vector<char> taken(waiting.size(), 0);
            for (const ArenaGame& g : games) {
                const std::size_t a = std::min(place[g.white], place[g.black]);
                const std::size_t b = std::max(place[g.white], place[g.black]);
                for (std::size_t k = a + 1; k < b; ++k)
                    if (taken[k] == 0)
                        CHECK(barred(waiting[a], waiting[k]));
                taken[a] = taken[b] = 1;
            }
            running.insert(running.end(), games.begin(), games.end());
            // Some games end, with random results; some players pause or come back.
            std::vector<ArenaGame> still;
            for (const ArenaGame& g : running) {
                if (random.below(2) == 0) {
                    const auto kind = random.below(3);
                    const int plies = 10 + static_cast<int>(random.below(60));
                    const ArenaResult r = kind == 0   ? arena_white_wins(plies)
                                          : kind == 1 ? arena_black_wins(plies)
                                                      : arena_draw(plies);
                    REQUIRE_FALSE(arena.finish_game(g.id, r));
                } else {
                    still.push_back(g);
                }
            }
            running = still;
            const std::string who = arena_name(random.below(static_cast<std::uint64_t>(players)));
            if (random.below(4) == 0)
                (void)arena.pause(who);
            else if (random.below(4) == 0)
                (void)arena.join(who, 1500, arena_start);
        }
    }
}

} // namespace lobby::tournament

namespace lobby::tournament {

TEST_CASE("arena: games given back from storage make the same standings, and a game both "
          "lost scores nothing for either") {
    Arena arena = make_arena();
    for (const char* id : {"a", "b", "c"})
        REQUIRE_FALSE(arena.join(id, 1500, arena_start));
    const auto first = arena.add_game("a", "b");
    REQUIRE(first.ok());
    CHECK(arena.add_game("b", "c").error().code == "already_playing");
    CHECK(arena.add_game("c", "c").error().code == "bad_pairing");
    CHECK(arena.add_game("c", "x").error().code == "no_such_entrant");
    REQUIRE_FALSE(arena.finish_game(*first, arena_white_wins()));
    const auto second = arena.add_game("c", "a");
    REQUIRE(second.ok());
    REQUIRE_FALSE(arena.finish_game(*second, {ArenaResult::Winner::Neither, 0, 0}));
    CHECK(arena.player("a")->sheet == std::vector<int>{2, 0});
    CHECK(arena.player("a")->streak == 0);
    CHECK(arena.player("c")->sheet == std::vector<int>{0});
    CHECK(arena.player("a")->last_opponent == PlayerId("c"));
    // The rebuilt arena pairs on from there: a was the last opponent of both others.
    const auto wave = arena.pair_waiting(arena_start + 1min);
    REQUIRE(wave.size() == 1);
    CHECK((wave[0].white == "c" || wave[0].black == "c"));
    CHECK((wave[0].white == "b" || wave[0].black == "b"));
}

} // namespace lobby::tournament
