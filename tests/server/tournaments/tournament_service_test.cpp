// The tournament service (server/tournaments/tournament_service.h) over a real database and
// game writer, with the play service's part played by the test (tournament_test_support.h).
#include "lobby/tournament/swiss_history.h"
#include "lobby/tournament/trf.h"
#include "server/tournaments/tournament_record.h"
#include "tests/server/tournaments/tournament_test_support.h"

#include <map>
#include <set>

#include <doctest/doctest.h>

using namespace tournament_test;
using server::tournaments::TournamentService;
namespace lt = lobby::tournament;

namespace {

// White wins every game; returns the games played.
std::vector<Table> play_round(Club& club, Director& director, const char* result = "1-0") {
    auto tables = new_games(club, director);
    for (const auto& t : tables)
        club.finish(t.id, result);
    return tables;
}

// Nobody met anybody twice, and every round paired everyone still in.
void check_no_rematch(const lt::SwissRecord& record) {
    std::set<std::pair<int, int>> met;
    for (const auto& round : record.rounds)
        for (const auto& g : round.games)
            CHECK(met.insert(std::minmax(g.white, g.black)).second);
}

} // namespace

TEST_CASE("a Swiss of four accounts is paired, played and finished round after round, its "
          "standings read from its games' results") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto [ann, bob, cid, dan, eve] = club.accounts({"ann", "bob", "cid", "dan", "eve"});
    const auto id = service.create(swiss(3, 4, ann), club.now()).value();

    CHECK(service.join(id, std::nullopt, "", club.now()).error().code == "guest_in_rated");
    for (const auto user : {ann, bob, cid, dan})
        REQUIRE(service.join(id, user, "", club.now()));
    CHECK(service.join(id, bob, "", club.now()).error().code == "already_entered");
    CHECK(service.join(id, eve, "", club.now()).error().code == "tournament_full");
    CHECK(service.start(id, bob, club.now()).error().code == "not_organiser");
    CHECK(service.join(id + 9, eve, "", club.now()).error().code == "unknown_tournament");

    REQUIRE(service.start(id, ann, club.now()));
    CHECK(service.start(id, ann, club.now()).error().code == "already_started");
    for (int round = 1; round <= 3; ++round) {
        const auto tables = play_round(club, director);
        CHECK(tables.size() == 2);
        for (const auto& t : tables)
            CHECK(t.game.round == round);
        service.tick(club.now());
    }
    CHECK(director.starter->take().empty());
    const auto shown = service.view(id).value();
    CHECK(shown.tournament.state == "finished");
    REQUIRE(shown.rounds.size() == 3);
    for (const auto& round : shown.rounds)
        for (const auto& p : round.pairings) {
            CHECK(p.game_id.has_value());
            CHECK(p.game_result == "1-0");
        }
    check_no_rematch(shown.record);
    int total = 0;
    for (const auto& row : shown.standings)
        total += row.points;
    CHECK(total == 3 * 2 * 2); // 3 rounds, 2 games, a win's 2 units each
    CHECK(shown.standings.front().rank == 1);
    CHECK(service.join(id, eve, "", club.now()).error().code == "tournament_finished");

    // The export reads back to the same tournament.
    const auto trf = service.trf(id).value();
    const auto read = lt::read_trf(trf);
    REQUIRE(read);
    CHECK(*read == shown.record);
}

TEST_CASE("a restarted tournament service continues the round in progress: results committed "
          "before count, nothing is paired or started twice") {
    Club club;
    std::int64_t id = 0;
    std::vector<Table> tables;
    {
        Director director(club);
        id = started_swiss_of_four(club, director, 2);
        tables = new_games(club, director);
        REQUIRE(tables.size() == 2);
        club.finish(tables[0].id, "1/2-1/2");
    } // the server goes, one game of round 1 still being played

    Director director(club);
    director.service.tick(club.now());
    // The game still on is asked for once more, with its stored code: the play service takes
    // the table it restored with that code (tournament_games.h), and makes no second one.
    const auto again = director.starter->take();
    REQUIRE(again.size() == 1);
    CHECK(again[0].game.table_code == tables[1].code);
    auto shown = director.service.view(id).value();
    REQUIRE(shown.rounds.size() == 1);
    CHECK(shown.rounds[0].pairings[0].game_result == "1/2-1/2");
    club.finish(tables[1].id, "0-1");
    director.service.tick(club.now());
    shown = director.service.view(id).value();
    REQUIRE(shown.rounds.size() == 2); // round 2 paired once round 1 ended
    CHECK(director.starter->take().size() == 2);
    int total = 0;
    for (const auto& row : shown.standings)
        total += row.points;
    CHECK(total == 4); // a draw (1 + 1) and a win (2)
    check_no_rematch(shown.record);
}

TEST_CASE("a player who does not make the first move loses by forfeit, stored as the pairing's "
          "outcome, and a double forfeit scores nothing") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto id = started_swiss_of_four(club, director, 2);
    const auto tables = new_games(club, director);
    REQUIRE(tables.size() == 2);
    club.finish(tables[0].id, "aborted", "first-move-timeout"); // White never moved
    club.finish(tables[1].id, "aborted", "abort");
    service.tick(club.now());
    const auto shown = service.view(id).value();
    const auto& round1 = shown.rounds[0].pairings;
    CHECK(round1[0].outcome == server::tournaments::stored_outcome::black_forfeit_win);
    CHECK(round1[1].outcome == server::tournaments::stored_outcome::double_forfeit);
    CHECK(shown.rounds.size() == 2);
    int total = 0;
    for (const auto& row : shown.standings)
        total += row.points;
    CHECK(total == 2); // only the forfeit win
    bool logged = false;
    for (const auto& line : director.tournaments->history(id))
        logged = logged || line.event == "forfeit";
    CHECK(logged);
}

TEST_CASE("a round robin stores its Berger rounds at the start, forfeits a withdrawn player's "
          "games and finishes after its last round") {
    Club club;
    Director director(club);
    auto& service = director.service;
    auto request = swiss(0, 8, std::nullopt);
    request.format = "round_robin";
    request.rated = false;
    const auto id = service.create(request, club.now()).value();
    CHECK(service.join(id, std::nullopt, "", club.now()).error().code == "account_required");
    const auto [ann, bob, cid] = club.accounts({"ann", "bob", "cid"});
    for (const auto user : {ann, bob, cid})
        REQUIRE(service.join(id, user, "", club.now()));
    REQUIRE(service.start(id, std::nullopt, club.now()));
    CHECK(service.join(id, club.account("dan"), "", club.now()).error().code == "entry_closed");
    auto shown = service.view(id).value();
    REQUIRE(shown.rounds.size() == 3); // 3 players: 3 rounds of one game and a bye
    for (const auto& round : shown.rounds) {
        CHECK(round.pairings.size() == 1);
        CHECK(round.absences.size() == 1);
    }
    play_round(club, director);
    service.tick(club.now());
    // Round 2's game is under way; whoever of its players is not in round 3's game withdraws.
    const auto round2 = new_games(club, director);
    REQUIRE(round2.size() == 1);
    shown = service.view(id).value();
    const auto& third = shown.rounds[2].pairings[0];
    const auto leaver = third.white_user_id;
    REQUIRE(service.withdraw(id, leaver, club.now()));
    CHECK(service.withdraw(id, leaver, club.now()).error().code == "withdrawn");
    club.finish(round2[0].id, "1/2-1/2");
    service.tick(club.now());
    shown = service.view(id).value();
    CHECK(shown.rounds[2].pairings[0].outcome ==
          server::tournaments::stored_outcome::black_forfeit_win);
    CHECK(director.starter->take().empty()); // no game for a forfeit
    CHECK(shown.tournament.state == "finished");
}

TEST_CASE("a late entrant joins a running Swiss until half its rounds are paired") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto id = started_swiss_of_four(club, director, 4);
    play_round(club, director);
    service.tick(club.now()); // round 2 paired
    const auto late = service.join(id, club.account("eve"), "", club.now());
    REQUIRE(late);
    CHECK(late->joined_round == 3);
    play_round(club, director);
    service.tick(club.now()); // round 3 paired: 3 of 4 is past half
    CHECK(service.join(id, club.account("fay"), "", club.now()).error().code == "entry_closed");
    const auto shown = service.view(id).value();
    REQUIRE(shown.rounds.size() == 3);
    // Five players: two games and a bye in round 3, the late entrant among them.
    CHECK(shown.rounds[2].pairings.size() == 2);
    check_no_rematch(shown.record);
}

TEST_CASE("a private tournament takes its join code, and a bad request changes nothing") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto ann = club.account("ann");
    auto request = swiss(3, 8, ann);
    request.is_public = false;
    CHECK(service.create(request, club.now()).error().code == "bad_join_code");
    request.join_code = "CLUB42";
    const auto id = service.create(request, club.now()).value();
    const auto bob = club.account("bob");
    CHECK(service.join(id, bob, "WRONG", club.now()).error().code == "bad_join_code");
    CHECK(service.join(id, bob, "CLUB42", club.now()));
    CHECK(service.join(id, ann, "", club.now())); // the organiser needs no code

    auto bad = swiss(0, 8, ann);
    CHECK(service.create(bad, club.now()).error().code == "bad_rounds");
    bad = swiss(3, 1, ann);
    CHECK(service.create(bad, club.now()).error().code == "bad_players");
    bad = swiss(3, 8, ann);
    bad.variant = "nowhere";
    CHECK(service.create(bad, club.now()).error().code == "bad_variant");
    bad = swiss(3, 8, ann);
    bad.time_control = "5+3";
    CHECK(service.create(bad, club.now()).error().code == "bad_time_control");
    bad = swiss(3, 8, ann);
    bad.tiebreaks = "BH,BH";
    CHECK(service.create(bad, club.now()).error().code == "bad_tiebreaks");
    CHECK(service.list("").size() == 1);
    CHECK(service.start(id, ann, club.now()).value().state == "running");
    CHECK(service.end(id, bob, club.now()).error().code == "not_organiser");
    CHECK(service.end(id, ann, club.now()).value().state == "finished");
}

TEST_CASE("a tournament starts by itself at its start time, or is cancelled with too few "
          "players") {
    Club club;
    Director director(club);
    auto& service = director.service;
    auto request = swiss(2, 8, std::nullopt);
    request.starts_at = at_ms(club.clock_ms + 60'000);
    const auto full = service.create(request, club.now()).value();
    const auto empty = service.create(request, club.now()).value();
    REQUIRE(service.join(full, club.account("ann"), "", club.now()));
    REQUIRE(service.join(full, club.account("bob"), "", club.now()));
    service.tick(club.now());
    CHECK(service.view(full)->tournament.state == "created");
    club.clock_ms += 60'000;
    service.tick(club.now());
    CHECK(service.view(full)->tournament.state == "running");
    CHECK(service.view(empty)->tournament.state == "cancelled");
    director.drain();
    CHECK(director.starter->take().size() == 1);
}

TEST_CASE("a tournament open only to a ladder's players takes them alone, and names a ladder "
          "that exists") {
    Club club;
    Director director(club);
    auto& service = director.service;
    const auto [ann, bob, cid] = club.accounts({"ann", "bob", "cid"});
    auto ladders = club.backend.ladder_store();
    storage::LadderRow club_ladder;
    club_ladder.name = "Club ladder";
    club_ladder.variant = "chess";
    club_ladder.time_control = blitz();
    club_ladder.response_time = storage::Millis(86'400'000);
    club_ladder.organiser_user_id = ann;
    club_ladder.created_at = club.now();
    const auto ladder = ladders->create_ladder(club_ladder).value();
    ladders->save_standings(ladder, {ann, bob}, {});

    auto request = swiss(3, 8, ann);
    request.ladder = ladder + 7;
    const auto unknown = service.create(request, club.now());
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().code == "unknown_ladder");
    CHECK(service.list("").empty());

    request.ladder = ladder;
    const auto id = service.create(request, club.now()).value();
    CHECK(service.list("").front().ladder_id == ladder);
    CHECK(service.join(id, ann, "", club.now()));
    CHECK(service.join(id, bob, "", club.now()));
    const auto refused = service.join(id, cid, "", club.now());
    REQUIRE_FALSE(refused);
    CHECK(refused.error().code == "not_on_ladder");
    CHECK(director.tournaments->entries(id).size() == 2);
    // On the ladder, cid may join.
    ladders->save_standings(ladder, {ann, bob, cid}, {});
    CHECK(service.join(id, cid, "", club.now()));
}

TEST_CASE("a Swiss's pairing-allocated bye scores a win unless the tournament says a draw or "
          "zero") {
    Club club;
    Director director(club);
    auto& service = director.service;
    auto request = swiss(2, 8, std::nullopt);
    request.bye = "half";
    const auto bad = service.create(request, club.now());
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == "bad_bye");
    for (const auto& [bye, units] : {std::pair{"win", 2}, std::pair{"draw", 1},
                                     std::pair{"zero", 0}}) {
        CAPTURE(bye);
        request.bye = bye;
        const auto id = service.create(request, club.now()).value();
        CHECK(director.tournaments->find_tournament(id)->bye_points == units);
        for (const auto* name : {"ann", "bob", "cid"})
            REQUIRE(service.join(id, club.account(name + std::string("_") + bye), "",
                                 club.now()));
        REQUIRE(service.start(id, std::nullopt, club.now()));
        director.drain();
        const auto shown = service.view(id).value();
        REQUIRE(shown.rounds.size() == 1);
        REQUIRE(shown.rounds[0].absences.size() == 1); // three players: one bye
        const auto bye_user = shown.rounds[0].absences[0].user_id;
        bool found = false;
        for (const auto& row : shown.standings)
            if (shown.record.players[static_cast<std::size_t>(row.player)].id ==
                std::to_string(bye_user)) {
                found = true;
                CHECK(row.points == units);
            }
        CHECK(found);
    }
}
