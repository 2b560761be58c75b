// A round paired by hand ahead (Swiss::pair_ahead_by_hand) and the organiser's forbidden
// pairs in the Dutch pairing (lobby/tournament/swiss.h, swiss_pairing.h).
#include "lobby/tournament/swiss.h"

#include <algorithm>
#include <string>

#include <doctest/doctest.h>

namespace lobby::tournament {

namespace {

Swiss hand_swiss(int players, int rounds) {
    SwissSettings settings;
    settings.rounds = rounds;
    auto swiss = Swiss::create("Club", settings);
    REQUIRE(swiss.ok());
    for (int i = 1; i <= players; ++i) {
        // Appended, not "p" + std::to_string(i): GCC 12 warns (-Wrestrict) on that inlined form.
        std::string name = "p";
        name += std::to_string(i);
        REQUIRE(swiss->add_player(std::to_string(i), name, 2000 + i).ok());
    }
    return std::move(swiss).value();
}

std::string hand_id(const Swiss& swiss, PlayerIndex p) {
    return swiss.record().players[static_cast<std::size_t>(p)].id;
}

bool pairs(const SwissRound& round, const Swiss& swiss, const std::string& a,
           const std::string& b) {
    return std::any_of(round.games.begin(), round.games.end(), [&](const SwissGame& g) {
        const auto w = hand_id(swiss, g.white);
        const auto k = hand_id(swiss, g.black);
        return (w == a && k == b) || (w == b && k == a);
    });
}

} // namespace

TEST_CASE("swiss: a round paired by hand ahead waits for no result, keeps the absolute "
          "criteria unless overridden, and names everyone to pair once") {
    Swiss swiss = hand_swiss(4, 3);
    const auto first = swiss.pair_next_round();
    REQUIRE(first.ok());
    REQUIRE(first->games.size() == 2);
    const auto a = hand_id(swiss, first->games[0].white);
    const auto b = hand_id(swiss, first->games[0].black);
    const auto c = hand_id(swiss, first->games[1].white);
    const auto d = hand_id(swiss, first->games[1].black);
    // Round 1 is still played: the Dutch pairing waits, a pairing by hand does not.
    CHECK(swiss.pair_next_round().error().code == "round_in_progress");
    CHECK(swiss.pair_by_hand({{a, c}, {d, b}}, std::nullopt).error().code == "round_in_progress");
    CHECK(swiss.pair_ahead_by_hand({{a, b}, {c, d}}, std::nullopt, false).error().code ==
          "bad_pairing"); // a rematch
    CHECK(swiss.pair_ahead_by_hand({{a, c}}, std::nullopt, false).error().code ==
          "bad_pairing"); // b and d left out
    CHECK(swiss.pair_ahead_by_hand({{a, c}, {d, "9"}}, std::nullopt, false).error().code ==
          "no_such_entrant");
    CHECK(swiss.rounds_paired() == 1); // refusals change nothing
    REQUIRE_FALSE(swiss.forbid_pair(a, c));
    CHECK(swiss.pair_ahead_by_hand({{a, c}, {d, b}}, std::nullopt, false).error().code ==
          "bad_pairing"); // forbidden by the organiser
    const auto second = swiss.pair_ahead_by_hand({{a, d}, {b, c}}, std::nullopt, false);
    REQUIRE(second.ok());
    CHECK(second->set_by_hand);
    CHECK(pairs(*second, swiss, a, d));
    CHECK(swiss.rounds_paired() == 2);
    // Round 3: every pair left has met or is forbidden; the organiser insists on a rematch.
    CHECK(swiss.pair_ahead_by_hand({{a, b}, {c, d}}, std::nullopt, false).error().code ==
          "bad_pairing");
    const auto third = swiss.pair_ahead_by_hand({{a, b}, {c, d}}, std::nullopt, true);
    REQUIRE(third.ok());
    CHECK(pairs(*third, swiss, c, d));
    CHECK(swiss.pair_ahead_by_hand({{a, c}, {b, d}}, std::nullopt, true).error().code ==
          "tournament_over");
}

TEST_CASE("swiss: the bye of a round paired by hand goes only to a player who may have one "
          "(C.04.1 article 4) unless overridden") {
    Swiss swiss = hand_swiss(3, 3);
    const auto first = swiss.pair_next_round();
    REQUIRE(first.ok());
    REQUIRE(first->games.size() == 1);
    REQUIRE(first->absences.size() == 1);
    const auto had_bye = hand_id(swiss, first->absences[0].player);
    const auto w = hand_id(swiss, first->games[0].white);
    const auto k = hand_id(swiss, first->games[0].black);
    CHECK(swiss.pair_ahead_by_hand({{w, k}}, had_bye, false).error().code == "bad_pairing");
    CHECK(swiss.pair_ahead_by_hand({{had_bye, w}}, k, false).ok());
    CHECK(swiss.pair_ahead_by_hand({{had_bye, k}}, w, true).ok());
}

TEST_CASE("swiss: the Dutch pairing never pairs a forbidden pair, even when it is the pairing "
          "the system would make") {
    Swiss plain = hand_swiss(4, 2);
    const auto would = plain.pair_next_round();
    REQUIRE(would.ok());
    const auto a = hand_id(plain, would->games[0].white);
    const auto b = hand_id(plain, would->games[0].black);
    Swiss swiss = hand_swiss(4, 2);
    REQUIRE_FALSE(swiss.forbid_pair(a, b));
    CHECK(swiss.forbid_pair(b, a).value().code == "bad_forbidden_pair");
    CHECK(swiss.forbid_pair(a, a).value().code == "bad_forbidden_pair");
    const auto round = swiss.pair_next_round();
    REQUIRE(round.ok());
    CHECK(round->games.size() == 2);
    CHECK_FALSE(pairs(*round, swiss, a, b));
}

} // namespace lobby::tournament
