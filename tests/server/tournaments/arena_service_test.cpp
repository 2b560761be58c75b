// Arena tournaments in the tournament service (server/tournaments/arena_service.cpp) over a
// real database and game writer, the time moved by hand and the play service's part played by
// the test (tournament_test_support.h), with a recording stand-in for the live tables' berserk.
#include "server/tournaments/arena_record.h"
#include "tests/server/tournaments/arena_test_support.h"
#include "tests/server/tournaments/tournament_test_support.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include <doctest/doctest.h>

using namespace tournament_test;
using server::tournaments::TournamentService;

namespace {

constexpr long long arena_minute = 60'000;

server::tournaments::NewTournament arena_of_minutes(int minutes, storage::UserId organiser) {
    server::tournaments::NewTournament t;
    t.name = "Saturday arena";
    t.format = "arena";
    t.variant = "chess";
    t.time_control = blitz();
    t.rated = true;
    t.starts_at = at_ms(9'000'000'000);
    t.duration = storage::Millis(minutes * arena_minute);
    t.min_players = 2;
    t.max_players = 100;
    t.organiser = organiser;
    return t;
}

// `count` moves stored for a game, White first, as the live table stores them.
void store_moves(Club& club, storage::GameId game, int count) {
    for (int ply = 1; ply <= count; ++ply) {
        std::promise<storage::WriteStatus> done;
        // Field by field, the text appended: GCC 12 warns (-Wrestrict) on "m" + std::to_string
        // inlined into an aggregate's initializer.
        storage::MoveRow move;
        move.ply = ply;
        move.move = "m";
        move.move += std::to_string(ply);
        move.seat = (ply - 1) % 2;
        move.remaining = storage::Millis(100'000);
        move.at = club.now();
        club.writer->append_move(game, std::move(move),
                                 [&](const storage::WriteStatus& s) { done.set_value(s); });
        REQUIRE(done.get_future().get().ok());
    }
}

// A recording stand-in for the live tables' berserk, set on the director's service (each
// Director of a restart test gets its own, as each server process has its tables).
std::shared_ptr<RecordingClocks> recording_clocks(Director& director) {
    auto clocks = std::make_shared<RecordingClocks>();
    director.service.set_arena_clocks(clocks);
    return clocks;
}

const server::tournaments::ArenaStanding& standing(const server::tournaments::TournamentView& view,
                                                   storage::UserId user) {
    const auto& all = view.arena->standings;
    const auto found =
        std::find_if(all.begin(), all.end(), [user](const auto& s) { return s.user == user; });
    REQUIRE(found != all.end());
    return *found;
}

// The players of a game, as a set.
std::set<storage::UserId> pair_of(const Table& t) {
    return {t.game.white_id, t.game.black_id};
}

} // namespace

TEST_CASE("arena: created with a duration, started by its organiser, paired in waves as games "
          "end, never against the last opponent, scored with streaks, finished after its time "
          "once its last game has ended") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto [ann, bob, cid, dan] = club.accounts({"ann", "bob", "cid", "dan"});

    auto bad = arena_of_minutes(0, ann);
    CHECK(service.create(bad, club.now()).error().code == "bad_duration");
    bad = arena_of_minutes(30, ann);
    bad.time_control = "base_ms=0 increment_ms=0 delay_ms=0 per_move_ms=0 days=3";
    CHECK(service.create(bad, club.now()).error().code == "bad_time_control");
    bad = arena_of_minutes(30, ann);
    bad.rounds = 5;
    CHECK(service.create(bad, club.now()).error().code == "bad_rounds");

    const auto id = service.create(arena_of_minutes(30, ann), club.now()).value();
    for (const auto user : {ann, bob, cid, dan})
        REQUIRE(service.join(id, user, "", club.now()));
    CHECK(service.join(id, bob, "", club.now()).error().code == "already_entered");
    const auto started_at = club.now();
    REQUIRE(service.start(id, ann, club.now()));
    const auto shown = service.view(id).value();
    REQUIRE(shown.arena);
    CHECK(shown.arena->ends_at == started_at + storage::Millis(30 * arena_minute));
    CHECK(service.trf(id).error().code == "no_trf");

    // Wave 1: two games. White wins both.
    auto wave = new_games(club, director);
    REQUIRE(wave.size() == 2);
    std::map<storage::UserId, storage::UserId> last_opponent;
    for (const auto& t : wave) {
        CHECK(t.game.round == 1);
        last_opponent[t.game.white_id] = t.game.black_id;
        last_opponent[t.game.black_id] = t.game.white_id;
        store_moves(club, t.id, 30);
        club.finish(t.id, "1-0");
    }
    const auto first_winners =
        std::set<storage::UserId>{wave[0].game.white_id, wave[1].game.white_id};
    // Two more waves: each pairs the four again, nobody against their last opponent; a first
    // round's winner beats a loser, and the others draw.
    for (int round = 2; round <= 3; ++round) {
        club.clock_ms += 1000;
        service.tick(club.now());
        wave = new_games(club, director);
        REQUIRE(wave.size() == 2);
        for (const auto& t : wave) {
            CHECK(t.game.round == round);
            CHECK(last_opponent[t.game.white_id] != t.game.black_id);
            last_opponent[t.game.white_id] = t.game.black_id;
            last_opponent[t.game.black_id] = t.game.white_id;
            store_moves(club, t.id, 30);
            const bool white_leads = first_winners.contains(t.game.white_id);
            const bool black_leads = first_winners.contains(t.game.black_id);
            club.finish(t.id, white_leads && !black_leads   ? "1-0"
                              : black_leads && !white_leads ? "0-1"
                                                            : "1/2-1/2");
        }
    }
    // The time runs out with a wave in play: no new pairing, and the running games count.
    club.clock_ms += 1000;
    service.tick(club.now());
    wave = new_games(club, director);
    REQUIRE(wave.size() == 2);
    club.clock_ms = (started_at + storage::Millis(30 * arena_minute)).time_since_epoch().count();
    club.finish(wave[0].id, "1/2-1/2");
    store_moves(club, wave[1].id, 4);
    service.tick(club.now());
    CHECK(new_games(club, director).empty());
    CHECK(service.view(id)->tournament.state == "running"); // a game is still on
    CHECK(service.join(id, club.account("eve"), "", club.now()).error().code == "entry_closed");
    club.finish(wave[1].id, "1/2-1/2"); // a quick draw: nothing for either
    service.tick(club.now());
    const auto final_view = service.view(id).value();
    CHECK(final_view.tournament.state == "finished");
    int total = 0;
    for (const auto& s : final_view.arena->standings)
        total += static_cast<int>(s.sheet.size());
    CHECK(total == 16); // 8 games, two sheets each
    const auto quick = pair_of(wave[1]);
    for (const auto user : quick)
        CHECK(standing(final_view, user).sheet.back() == 0);
    // Everybody's sheet sums to its points, in the order played.
    for (const auto& s : final_view.arena->standings) {
        int sum = 0;
        for (const int p : s.sheet)
            sum += p;
        CHECK(sum == s.points);
    }
    CHECK(final_view.arena->standings.front().points >= final_view.arena->standings.back().points);
}

TEST_CASE("arena: a paused player is not paired, a playing one pauses after the game, join "
          "brings them back, and pause refuses what is not an arena player's") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto [ann, bob, cid, eve] = club.accounts({"ann", "bob", "cid", "eve"});
    const auto id = service.create(arena_of_minutes(60, ann), club.now()).value();
    for (const auto user : {ann, bob, cid})
        REQUIRE(service.join(id, user, "", club.now()));
    CHECK(service.pause(id, eve, club.now()).error().code == "not_entered");
    CHECK(service.pause(id + 7, ann, club.now()).error().code == "unknown_tournament");
    const auto swiss_id = service.create(swiss(3, 8, ann), club.now()).value();
    REQUIRE(service.join(swiss_id, ann, "", club.now()));
    CHECK(service.pause(swiss_id, ann, club.now()).error().code == "not_arena");

    REQUIRE(service.pause(id, cid, club.now()));
    CHECK(service.pause(id, cid, club.now()).error().code == "already_paused");
    REQUIRE(service.start(id, ann, club.now()));
    auto wave = new_games(club, director);
    REQUIRE(wave.size() == 1);
    CHECK(pair_of(wave[0]) == std::set<storage::UserId>{ann, bob});
    CHECK(standing(service.view(id).value(), cid).paused);

    // ann pauses while playing: stays in the game, then is not paired again.
    REQUIRE(service.pause(id, ann, club.now()));
    REQUIRE(service.join(id, cid, "", club.now())); // cid comes back
    CHECK(service.join(id, cid, "", club.now()).error().code == "already_entered");
    club.finish(wave[0].id, "1-0");
    service.tick(club.now());
    wave = new_games(club, director);
    REQUIRE(wave.size() == 1);
    CHECK(pair_of(wave[0]) == std::set<storage::UserId>{bob, cid});
    const auto view = service.view(id).value();
    CHECK(standing(view, ann).paused);
    CHECK(standing(view, ann).sheet.size() == 1);
    // Withdrawing from a running arena is pausing.
    REQUIRE(service.withdraw(id, bob, club.now()));
    CHECK(standing(service.view(id).value(), bob).paused);
}

TEST_CASE("arena: a no-show loses by forfeit and is paused, the other scores a win") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto [ann, bob] = club.accounts({"ann", "bob"});
    const auto id = service.create(arena_of_minutes(60, ann), club.now()).value();
    REQUIRE(service.join(id, ann, "", club.now()));
    REQUIRE(service.join(id, bob, "", club.now()));
    REQUIRE(service.start(id, ann, club.now()));
    const auto wave = new_games(club, director);
    REQUIRE(wave.size() == 1);
    club.finish(wave[0].id, "aborted", "first-move-timeout"); // White never moved
    service.tick(club.now());
    const auto view = service.view(id).value();
    const auto white = wave[0].game.white_id;
    const auto black = wave[0].game.black_id;
    CHECK(view.rounds[0].pairings[0].outcome == "black_forfeit_win");
    CHECK(standing(view, white).paused);
    CHECK(standing(view, white).points == 0);
    CHECK(standing(view, black).points == 2);
    CHECK_FALSE(standing(view, black).paused);
    CHECK(new_games(club, director).empty()); // one player waiting: no pairing
}

TEST_CASE("arena: berserk goes to the live table and is stored, a berserk win with 7 moves "
          "earns a point more, and what cannot be berserked is refused clearly") {
    Club club;
    Director director(club);
    auto& service = director.service;
    auto clocks = recording_clocks(director);
    const auto [ann, bob, cid] = club.accounts({"ann", "bob", "cid"});
    const auto id = service.create(arena_of_minutes(60, ann), club.now()).value();
    REQUIRE(service.join(id, ann, "", club.now()));
    REQUIRE(service.join(id, bob, "", club.now()));

    std::optional<rules::Result<std::pair<int, int>>> answer;
    const auto berserk = [&](storage::TournamentId t, storage::UserId user) {
        answer.reset();
        service.berserk(t, user, club.now(), [&](const auto& r) { answer = r; });
        director.drain();
        REQUIRE(answer.has_value());
        return *answer;
    };
    CHECK(berserk(id, ann).error().code == "not_running");
    REQUIRE(service.start(id, ann, club.now()));
    // Its table is not made yet: the play side knows no table of the pairing's code.
    clocks->refuse_with(rules::Error{"table_closed", "there is no such table"});
    CHECK(berserk(id, ann).error().code == "no_game");
    clocks->refuse_with(std::nullopt);
    const auto asked_before = clocks->asked().size();
    const auto wave = new_games(club, director);
    REQUIRE(wave.size() == 1);
    const auto white = wave[0].game.white_id;
    const auto black = wave[0].game.black_id;
    CHECK(berserk(id, cid).error().code == "not_entered");
    CHECK(berserk(id + 5, white).error().code == "unknown_tournament");

    const auto done = berserk(id, white);
    REQUIRE(done);
    CHECK(done.value() == std::make_pair(1, 1));
    REQUIRE(clocks->asked().size() == asked_before + 1);
    CHECK(clocks->asked().back().code == wave[0].code);
    CHECK(clocks->asked().back().user == white);
    CHECK_FALSE(clocks->asked().back().restoring);
    CHECK(berserk(id, white).error().code == "already_berserk");
    clocks->refuse_with(rules::Error{"not_allowed", "berserk only before your first move"});
    CHECK(berserk(id, black).error().code == "too_late");
    const auto view = service.view(id).value();
    CHECK(view.arena->berserks.contains({1, 1, white}));
    CHECK_FALSE(view.arena->berserks.contains({1, 1, black}));

    store_moves(club, wave[0].id, 14); // 7 moves of White's own
    club.finish(wave[0].id, "1-0");
    service.tick(club.now());
    const auto after = service.view(id).value();
    CHECK(standing(after, white).points == 3);
    CHECK(standing(after, white).sheet == std::vector<int>{3});
    CHECK(berserk(id, white).error().code == "no_game");
}

TEST_CASE("arena: a restart continues it: the standings, the game in progress with its berserk "
          "applied again to the restored table, the paused players and the time left") {
    Club club;
    storage::TournamentId id = 0;
    storage::UserId ann = 0;
    storage::UserId bob = 0;
    storage::UserId cid = 0;
    storage::UserId dan = 0;
    Table running;
    storage::TimePoint started_at{};
    {
        Director director(club);
        auto& service = director.service;
        auto clocks = recording_clocks(director);
        ann = club.account("ann");
        bob = club.account("bob");
        cid = club.account("cid");
        dan = club.account("dan");
        id = service.create(arena_of_minutes(10, ann), club.now()).value();
        for (const auto user : {ann, bob, cid, dan})
            REQUIRE(service.join(id, user, "", club.now()));
        started_at = club.now();
        REQUIRE(service.start(id, ann, club.now()));
        auto wave = new_games(club, director);
        REQUIRE(wave.size() == 2);
        club.finish(wave[0].id, "1-0");
        running = wave[1];
        service.berserk(id, running.game.black_id, club.now(), [](const auto& r) { REQUIRE(r); });
        director.drain();
        REQUIRE(service.pause(id, wave[0].game.white_id, club.now()));
        REQUIRE(clocks->asked().size() == 1);
    } // the server stops
    Director director(club);
    auto& service = director.service;
    auto clocks = recording_clocks(director);
    club.clock_ms += 2000;
    service.tick(club.now());
    // The berserk is applied again to the restored table, once.
    REQUIRE(clocks->asked().size() == 1);
    CHECK(clocks->asked()[0].code == running.code);
    CHECK(clocks->asked()[0].user == running.game.black_id);
    CHECK(clocks->asked()[0].restoring);
    service.tick(club.now());
    CHECK(clocks->asked().size() == 1);
    // Nobody is paired twice: the game in progress is asked for again only under its stored
    // code (the play side takes the restored table as it), the paused winner waits, and the
    // loser alone cannot be paired.
    for (const auto& again : new_games(club, director))
        CHECK(again.code == running.code);
    const auto view = service.view(id).value();
    CHECK(view.tournament.state == "running");
    CHECK(view.arena->ends_at == started_at + storage::Millis(10 * arena_minute));
    CHECK(view.arena->standings.front().points == 2);
    CHECK(view.arena->standings.front().paused);
    CHECK(view.arena->berserks.contains({1, 2, running.game.black_id}));
    // The game in progress ends after the time: it counts (a berserk win, too short for the
    // bonus), and the arena finishes.
    club.clock_ms += 10 * arena_minute;
    club.finish(running.id, "0-1");
    service.tick(club.now());
    const auto final_view = service.view(id).value();
    CHECK(final_view.tournament.state == "finished");
    CHECK(standing(final_view, running.game.black_id).points == 2);
    CHECK(standing(final_view, running.game.white_id).points == 0);
}

TEST_CASE("arena: a berserk is stored before its table is asked: a server killed before the "
          "table answered applies it to the restored table, and one the table refuses is void") {
    Club club;
    storage::TournamentId id = 0;
    Table game;
    {
        Director director(club);
        auto clocks = recording_clocks(director);
        const auto [ann, bob] = club.accounts({"ann", "bob"});
        id = director.service.create(arena_of_minutes(30, ann), club.now()).value();
        REQUIRE(director.service.join(id, ann, "", club.now()));
        REQUIRE(director.service.join(id, bob, "", club.now()));
        REQUIRE(director.service.start(id, ann, club.now()));
        const auto wave = new_games(club, director);
        REQUIRE(wave.size() == 1);
        game = wave[0];
        clocks->hold();
        bool answered = false;
        director.service.berserk(id, game.game.white_id, club.now(),
                                 [&](const auto&) { answered = true; });
        director.drain();
        REQUIRE(clocks->asked().size() == 1);
        CHECK_FALSE(answered); // the server is killed here: the table never answered
    }
    const auto white = game.game.white_id;
    const auto black = game.game.black_id;
    const auto berserk_lines = [&](std::string_view event) {
        const auto history = club.backend.tournament_store()->history(id);
        return std::count_if(history.begin(), history.end(),
                             [&](const auto& h) { return h.event == event; });
    };
    CHECK(berserk_lines("berserk") == 1);
    {
        Director director(club);
        auto clocks = recording_clocks(director);
        director.service.tick(club.now());
        director.drain();
        REQUIRE(clocks->asked().size() == 1);
        CHECK(clocks->asked()[0].code == game.code);
        CHECK(clocks->asked()[0].user == white);
        CHECK(clocks->asked()[0].restoring);
        CHECK(director.service.view(id).value().arena->berserks.contains({1, 1, white}));

        // Black asks; the table refuses (Black has moved): the stored line is voided.
        clocks->refuse_with(rules::Error{"not_allowed", "berserk only before your first move"});
        std::optional<rules::Result<std::pair<int, int>>> answer;
        director.service.berserk(id, black, club.now(), [&](const auto& r) { answer = r; });
        director.drain();
        REQUIRE(answer.has_value());
        CHECK(answer->error().code == "too_late");
        CHECK(berserk_lines("berserk") == 2);
        CHECK(berserk_lines("berserk_void") == 1);
        const auto view = director.service.view(id).value();
        CHECK(view.arena->berserks.contains({1, 1, white}));
        CHECK_FALSE(view.arena->berserks.contains({1, 1, black}));
    }
    // A stored berserk whose restored table refuses it (a crash came between the line and the
    // table's refusal) is voided at the restart's tick.
    Director director(club);
    auto clocks = recording_clocks(director);
    clocks->refuse_with(rules::Error{"game_over", "the game is over"});
    director.service.tick(club.now());
    director.drain();
    REQUIRE(clocks->asked().size() == 1);
    CHECK(berserk_lines("berserk_void") == 2);
    CHECK(director.service.view(id).value().arena->berserks.empty());
    director.service.tick(club.now());
    director.drain();
    CHECK(clocks->asked().size() == 1);
}
