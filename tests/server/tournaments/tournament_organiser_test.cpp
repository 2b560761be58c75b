// The organiser's tools for a Swiss (server/tournaments/tournament_service.h,
// tournament_organiser.cpp): requested half-point byes, forbidden pairs and a round paired by
// hand, over a real database and game writer (tournament_test_support.h).
#include "lobby/tournament/trf.h"
#include "server/tournaments/tournament_record.h"
#include "tests/server/tournaments/tournament_test_support.h"

#include <algorithm>
#include <map>
#include <set>

#include <doctest/doctest.h>

using namespace tournament_test;
using server::tournaments::TournamentService;
namespace lt = lobby::tournament;

namespace {

struct FourPlayers {
    Club club;
    Director director{club};
    TournamentService& service = director.service;
    std::map<std::string, storage::UserId> users;
    std::int64_t id = 0;

    explicit FourPlayers(int rounds) {
        users["ann"] = club.account("ann");
        id = service.create(swiss(rounds, 8, users["ann"]), club.now()).value();
        for (const auto* name : {"ann", "bob", "cid", "dan"}) {
            if (!users.contains(name))
                users[name] = club.account(name);
            REQUIRE(service.join(id, users[name], "", club.now()));
        }
    }
    // Makes the asked tables' games and ends each with `result`.
    void play_round(const char* result = "1-0") {
        for (const auto& t : new_games(club, director))
            club.finish(t.id, result);
        service.tick(club.now());
    }
    std::string name_of(storage::UserId user) {
        for (const auto& [name, id_] : users)
            if (id_ == user)
                return name;
        return {};
    }
    std::set<std::pair<std::string, std::string>> pairs_of(int round) {
        std::set<std::pair<std::string, std::string>> out;
        const auto rounds = director.tournaments->rounds(id);
        for (const auto& p : rounds.at(static_cast<std::size_t>(round - 1)).pairings)
            out.insert(std::minmax(name_of(p.white_user_id), name_of(p.black_user_id)));
        return out;
    }
};

bool has_history(Director& director, std::int64_t id, const std::string& event) {
    const auto lines = director.tournaments->history(id);
    return std::any_of(lines.begin(), lines.end(),
                       [&](const auto& line) { return line.event == event; });
}

} // namespace

TEST_CASE("a player asks for a half-point bye for a round not paired yet: not paired in it, a "
          "draw's points, at most two, refused for a paired or missing round") {
    FourPlayers t(4);
    auto& service = t.service;
    const auto bob = t.users["bob"];
    CHECK(service.request_half_bye(t.id, bob, 2, t.club.now()).value() == 2);
    CHECK(service.request_half_bye(t.id, bob, 2, t.club.now()).error().code ==
          "bad_bye_request"); // asked already
    REQUIRE(service.start(t.id, std::nullopt, t.club.now()));
    CHECK(service.request_half_bye(t.id, bob, 1, t.club.now()).error().code == "round_paired");
    CHECK(service.request_half_bye(t.id, bob, 5, t.club.now()).error().code == "bad_round");
    CHECK(service.request_half_bye(t.id, bob, 0, t.club.now()).error().code == "bad_round");
    CHECK(service.request_half_bye(t.id, t.club.account("eve"), 3, t.club.now()).error().code ==
          "not_entered");
    CHECK(service.request_half_bye(t.id + 7, bob, 3, t.club.now()).error().code ==
          "unknown_tournament");
    CHECK(service.request_half_bye(t.id, bob, 3, t.club.now()).ok());
    CHECK(service.request_half_bye(t.id, bob, 4, t.club.now()).error().code ==
          "bad_bye_request"); // two already
    CHECK(has_history(t.director, t.id, "half_bye"));

    t.play_round("1/2-1/2");
    const auto shown = service.view(t.id).value();
    REQUIRE(shown.rounds.size() == 2);
    const auto& round2 = shown.rounds[1];
    CHECK(round2.pairings.size() == 1); // three to pair: one game and a pairing bye
    bool half = false;
    for (const auto& a : round2.absences)
        half = half || (a.user_id == bob && a.kind == "half_bye");
    CHECK(half);
    for (const auto& p : round2.pairings)
        CHECK((p.white_user_id != bob && p.black_user_id != bob));
    bool scored = false;
    for (const auto& row : shown.standings)
        if (server::tournaments::user_of(
                shown.record.players[static_cast<std::size_t>(row.player)]) == bob) {
            CHECK(row.points == 2); // a draw in round 1 and the half-point bye: 1 + 1
            scored = true;
        }
    CHECK(scored);
    // The TRF carries the request.
    CHECK(lt::read_trf(service.trf(t.id).value()).ok());
}

TEST_CASE("the organiser forbids a pair: the Dutch pairing never pairs it, only the organiser "
          "may, and a pair is forbidden or allowed once") {
    FourPlayers t(2);
    auto& service = t.service;
    const auto ann = t.users["ann"];
    // Equal ratings: round 1 would pair by entry, ann (1) against cid (3), bob against dan.
    CHECK(service.forbid_pair(t.id, t.users["bob"], "ann", "cid", true, t.club.now())
              .error()
              .code == "not_organiser");
    CHECK(service.forbid_pair(t.id, ann, "ann", "zed", true, t.club.now()).error().code ==
          "unknown_player");
    CHECK(service.forbid_pair(t.id, ann, "ann", "ANN", true, t.club.now()).error().code ==
          "bad_forbidden_pair");
    REQUIRE(service.forbid_pair(t.id, ann, "Ann", "cid", true, t.club.now()).ok());
    CHECK(service.forbid_pair(t.id, ann, "cid", "ann", true, t.club.now()).error().code ==
          "bad_forbidden_pair"); // forbidden already, either order
    REQUIRE(service.forbid_pair(t.id, std::nullopt, "bob", "dan", true, t.club.now()).ok());
    CHECK(t.director.tournaments->forbidden_pairs(t.id).size() == 2);
    REQUIRE(service.forbid_pair(t.id, ann, "dan", "bob", false, t.club.now()).ok());
    CHECK(service.forbid_pair(t.id, ann, "dan", "bob", false, t.club.now()).error().code ==
          "bad_forbidden_pair"); // not forbidden now
    CHECK(has_history(t.director, t.id, "pair_forbidden"));
    CHECK(has_history(t.director, t.id, "pair_allowed"));
    REQUIRE(service.start(t.id, std::nullopt, t.club.now()));
    const auto round1 = t.pairs_of(1);
    CHECK(round1.size() == 2);
    CHECK_FALSE(round1.contains({"ann", "cid"}));
    t.play_round();
    const auto round2 = t.pairs_of(2);
    CHECK(round2.size() == 2);
    CHECK_FALSE(round2.contains({"ann", "cid"}));
    // The record the pairing read carries the pair, and so does a reread record.
    CHECK(service.view(t.id).value().record.forbidden.size() == 1);
}

TEST_CASE("the organiser pairs the next round by hand while the last is played: every player "
          "once, no rematch unless overridden, recorded as set by hand and in the TRF") {
    FourPlayers t(3);
    auto& service = t.service;
    const auto ann = t.users["ann"];
    REQUIRE(service.start(t.id, std::nullopt, t.club.now()));
    const auto round1 = t.pairs_of(1);
    REQUIRE(round1.size() == 2);
    const auto first = *round1.begin(); // a pair that met in round 1
    std::vector<std::string> others;
    for (const auto* name : {"ann", "bob", "cid", "dan"})
        if (name != first.first && name != first.second)
            others.emplace_back(name);
    using Hand = TournamentService::HandPairing;
    const Hand rematch{{{first.first, first.second}, {others[0], others[1]}}, {}, false};
    // A pair that did not meet: first.first against others[0], first.second against others[1].
    const Hand fresh{{{first.first, others[0]}, {others[1], first.second}}, {}, false};
    CHECK(service.pair_by_hand(t.id, t.users["bob"], 2, fresh, t.club.now()).error().code ==
          "not_organiser");
    CHECK(service.pair_by_hand(t.id, ann, 1, fresh, t.club.now()).error().code ==
          "round_paired");
    CHECK(service.pair_by_hand(t.id, ann, 3, fresh, t.club.now()).error().code == "bad_round");
    CHECK(service.pair_by_hand(t.id, ann, 2, Hand{{{first.first, others[0]}}, {}, false},
                               t.club.now())
              .error()
              .code == "bad_pairing"); // two players left out
    CHECK(service.pair_by_hand(t.id, ann, 2, Hand{{{first.first, others[0]}}, {"x", "y"}, false},
                               t.club.now())
              .error()
              .code == "bad_pairing"); // two byes
    CHECK(service.pair_by_hand(t.id, ann, 2, Hand{{{first.first, "zed"}}, {}, false},
                               t.club.now())
              .error()
              .code == "unknown_player");
    CHECK(service.pair_by_hand(t.id, ann, 2, rematch, t.club.now()).error().code ==
          "bad_pairing");
    CHECK(t.director.tournaments->rounds(t.id).size() == 1); // nothing stored by a refusal
    REQUIRE(service.pair_by_hand(t.id, ann, 2, fresh, t.club.now()).ok());
    auto rounds = t.director.tournaments->rounds(t.id);
    REQUIRE(rounds.size() == 2);
    CHECK(rounds[1].set_by_hand);
    CHECK(has_history(t.director, t.id, "paired_by_hand"));
    CHECK(t.pairs_of(2) == std::set<std::pair<std::string, std::string>>{
                               std::minmax(first.first, others[0]),
                               std::minmax(others[1], first.second)});
    // Round 2's games wait for round 1's results: only round 1's tables were asked for.
    t.director.drain();
    const auto asked = t.director.starter->take();
    REQUIRE(asked.size() == 2);
    for (const auto& a : asked)
        CHECK(a.game.round == 1);
    for (const auto& a : asked)
        a.opened(server::tournaments::TableAnswer::of(server::tournaments::TableAnswer::Kind::Opened));
    // (the test's tables for them)
    RecordingStarter replay;
    for (const auto& a : asked)
        replay.start_tournament_game(a.game, [](const auto&) {});
    for (const auto& table : t.club.open_tables(replay))
        t.club.finish(table.id, "1-0");
    t.service.tick(t.club.now());
    t.director.drain();
    const auto second = t.director.starter->take();
    REQUIRE(second.size() == 2);
    for (const auto& a : second)
        CHECK(a.game.round == 2);
    // Round 3 by hand: a rematch of round 1, which the organiser insists on.
    const Hand insisted{rematch.games, {}, true};
    CHECK(service.pair_by_hand(t.id, ann, 3, rematch, t.club.now()).error().code ==
          "bad_pairing");
    REQUIRE(service.pair_by_hand(t.id, ann, 3, insisted, t.club.now()).ok());
    CHECK(t.pairs_of(3).contains(first));
    CHECK(service.pair_by_hand(t.id, ann, 4, fresh, t.club.now()).error().code == "bad_round");
    // The TRF has the rounds paired by hand as any other.
    const auto read = lt::read_trf(service.trf(t.id).value());
    REQUIRE(read.ok());
    CHECK(read->rounds.size() == 3);
}
