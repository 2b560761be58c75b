#include "lobby/tournament/swiss.h"
#include "lobby/tournament/tiebreaks.h"

#include <string>

#include <doctest/doctest.h>

namespace lobby::tournament {

namespace {

Swiss four_rounds(int players) {
    SwissSettings settings;
    settings.rounds = 4;
    settings.late_entry_points = 1; // a draw per missed round
    auto swiss = Swiss::create("Club", settings);
    REQUIRE(swiss.ok());
    for (int i = 1; i <= players; ++i)
        REQUIRE(swiss->add_player(std::to_string(i), std::to_string(i), 2000 + i).ok());
    return std::move(swiss).value();
}

void finish_round(Swiss& swiss) {
    const SwissRound& round = swiss.record().rounds.back();
    for (int b = 1; b <= static_cast<int>(round.games.size()); ++b)
        REQUIRE_FALSE(swiss.record_result(swiss.rounds_paired(), b, Outcome::Draw));
}

} // namespace

TEST_CASE("swiss: settings are checked") {
    SwissSettings bad;
    bad.rounds = 0;
    CHECK(Swiss::create("x", bad).error().code == "bad_settings");
    SwissSettings odd_bye;
    odd_bye.bye_points = 3;
    CHECK(Swiss::create("x", odd_bye).error().code == "bad_settings");
    SwissSettings twice;
    twice.tiebreaks = {Tiebreak::Buchholz, Tiebreak::Buchholz};
    CHECK(Swiss::create("x", twice).error().code == "bad_settings");
}

TEST_CASE("swiss: players are numbered by rating when round 1 is paired") {
    Swiss swiss = four_rounds(4); // entered 1..4, rated 2001..2004
    REQUIRE(swiss.pair_next_round().ok());
    CHECK(swiss.record().players[0].id == "4");
    CHECK(swiss.record().players[3].id == "1");
}

TEST_CASE("swiss: refusals change nothing") {
    Swiss swiss = four_rounds(4);
    CHECK(swiss.add_player("1", "again", 1).error().code == "already_entered");
    CHECK(swiss.withdraw("nobody").value().code == "no_such_entrant");
    CHECK(swiss.forbid_pair("1", "1").value().code == "bad_forbidden_pair");
    CHECK(swiss.request_half_bye("1", 9).value().code == "bad_bye_request");
    const SwissRecord before = swiss.record();
    REQUIRE(swiss.pair_next_round().ok());
    CHECK(swiss.pair_next_round().error().code == "round_in_progress");
    CHECK(swiss.record_result(1, 9, Outcome::Draw).value().code == "no_such_game");
    CHECK(swiss.record_result(2, 1, Outcome::Draw).value().code == "no_such_round");
    CHECK(swiss.record_result(1, 1, Outcome::Pending).value().code == "bad_result");
    CHECK(swiss.request_half_bye("1", 1).value().code == "bad_bye_request");
    CHECK(swiss.record().rounds.size() == 1);
    CHECK(swiss.record().players.size() == before.players.size());
}

TEST_CASE("swiss: late entry up to half the rounds, with the documented points") {
    Swiss swiss = four_rounds(4);
    REQUIRE(swiss.pair_next_round().ok());
    finish_round(swiss);
    REQUIRE(swiss.pair_next_round().ok());
    finish_round(swiss);
    // Two of four rounds paired: still open (at most half missed).
    const auto late = swiss.add_player("late", "Late", 2500);
    REQUIRE(late.ok());
    CHECK(swiss.points(*late) == 2); // two missed rounds at a draw each
    CHECK(swiss.record().players[static_cast<std::size_t>(*late)].joined_round == 3);
    REQUIRE(swiss.pair_next_round().ok());
    finish_round(swiss);
    CHECK(swiss.add_player("later", "Later", 2500).error().code == "entry_closed");
}

TEST_CASE("swiss: withdrawals, half-point byes and the organiser's pairing") {
    Swiss swiss = four_rounds(5);
    REQUIRE_FALSE(swiss.request_half_bye("2", 1));
    const auto first = swiss.pair_next_round();
    REQUIRE(first.ok());
    CHECK(first->games.size() == 2); // 4 to pair: no pairing-allocated bye
    const PlayerIndex two = *swiss.index_of("2");
    CHECK(swiss.points(two) == 1); // a draw's points
    finish_round(swiss);
    REQUIRE_FALSE(swiss.withdraw("3"));
    CHECK(swiss.withdraw("3").value().code == "withdrawn");
    // By hand: the four still in. Naming the withdrawn player is refused.
    CHECK(swiss.pair_by_hand({{"1", "3"}, {"4", "5"}}, std::optional<std::string>("2"))
              .error()
              .code == "bad_pairing");
    const auto second = swiss.pair_by_hand({{"1", "2"}, {"4", "5"}}, std::nullopt);
    REQUIRE(second.ok());
    const PlayerIndex three = *swiss.index_of("3");
    bool three_not_paired = false;
    for (const SwissAbsence& a : second->absences)
        three_not_paired = three_not_paired || (a.player == three && a.kind == Absence::NotPaired);
    CHECK(three_not_paired);
}

TEST_CASE("swiss: a pairing by hand is recorded as such") {
    Swiss swiss = four_rounds(4);
    REQUIRE(swiss.pair_next_round().ok());
    finish_round(swiss);
    CHECK(swiss.pair_by_hand({{"1", "2"}}, std::nullopt).error().code == "bad_pairing");
    const auto round = swiss.pair_by_hand({{"1", "2"}, {"3", "4"}}, std::nullopt);
    REQUIRE(round.ok());
    CHECK(round->set_by_hand);
    CHECK(swiss.record().rounds.back().set_by_hand);
    CHECK_FALSE(swiss.record().rounds.front().set_by_hand);
}

TEST_CASE("swiss: tie-breaks as worked by hand, unplayed rounds by the virtual opponent") {
    // Four players, two rounds: R1 1-3 1-0, 2-4 draw; R2 1-2 draw, 3-4 1-0.
    SwissRecord record;
    record.settings.rounds = 2;
    record.settings.tiebreaks = {Tiebreak::Buchholz, Tiebreak::SonnebornBerger,
                                 Tiebreak::BuchholzCut1, Tiebreak::Wins, Tiebreak::DirectEncounter};
    for (int i = 0; i < 4; ++i)
        record.players.push_back({std::to_string(i + 1), "", 2000, 1, std::nullopt, {}});
    record.rounds.push_back({{{0, 2, Outcome::WhiteWins}, {1, 3, Outcome::Draw}}, {}, false});
    record.rounds.push_back({{{0, 1, Outcome::Draw}, {2, 3, Outcome::WhiteWins}}, {}, false});
    const auto rows = swiss_standings(record, build_histories(record));
    REQUIRE(rows.size() == 4);
    // Points (half-points): 1: 3, 2: 2, 3: 2, 4: 1. Buchholz 2 points (4 units) for everyone.
    CHECK(rows[0].player == 0);
    for (const StandingRow& row : rows)
        CHECK(row.tiebreaks[0] == 4);
    // SB: player 2 = 0.5 * 0.5 + 0.5 * 1.5 = 1.0 (units: 1*1 + 3*1 = 4, divisor 4);
    // player 3 = 0 + 1 * 0.5 = 0.5 (1 * 2 = 2).
    CHECK(rows[1].player == 1);
    CHECK(rows[1].tiebreaks[1] == 4);
    CHECK(rows[2].player == 2);
    CHECK(rows[2].tiebreaks[1] == 2);
    CHECK(tiebreak_divisor(Tiebreak::SonnebornBerger, record.settings.scoring) == 4);
    CHECK(rows[1].tiebreaks[2] == 3); // BH cut-1: 4 less the lowest (1)
    CHECK(rows[2].tiebreaks[3] == 1); // one win
    CHECK(rows[1].rank == 2);
    CHECK(rows[2].rank == 3);

    // A bye: R1 1-2 1-0, 3 bye; R2 3-1 draw, 2 bye... (2 has had no bye) .
    SwissRecord byes;
    byes.settings.rounds = 2;
    byes.settings.tiebreaks = {Tiebreak::Buchholz};
    for (int i = 0; i < 3; ++i)
        byes.players.push_back({std::to_string(i + 1), "", 2000, 1, std::nullopt, {}});
    byes.rounds.push_back({{{0, 1, Outcome::WhiteWins}}, {{2, Absence::PairingBye}}, false});
    byes.rounds.push_back({{{2, 0, Outcome::Draw}}, {{1, Absence::PairingBye}}, false});
    const auto b = swiss_standings(byes, build_histories(byes));
    const auto bh = [&](PlayerIndex p) {
        for (const StandingRow& row : b)
            if (row.player == p)
                return row.tiebreaks[0];
        return std::int64_t{-1};
    };
    // Opponents' unplayed rounds count as draws: BH(1) = adj(2) + adj(3) = 1 + 2 units.
    CHECK(bh(0) == 3);
    // 3's own bye in round 1: a virtual opponent of 0 + (2 - 2) + 1 draw = 1; round 2: 1's
    // adjusted 3. BH = 4 units.
    CHECK(bh(2) == 4);
    // 2: round 1 against 1 (3); own bye in the last round: 0 + (2 - 2) + 0 = 0.
    CHECK(bh(1) == 3);
}

TEST_CASE("swiss: direct encounter separates tied players who met") {
    SwissRecord record;
    record.settings.rounds = 1;
    record.settings.tiebreaks = {Tiebreak::DirectEncounter};
    for (int i = 0; i < 4; ++i)
        record.players.push_back({std::to_string(i + 1), "", 2000, 1, std::nullopt, {}});
    // 2 beats 1; 4 beats 3: 2 and 4 tied on points, never met: DE separates nobody, and they
    // share a rank. 1 and 3 likewise.
    record.rounds.push_back({{{1, 0, Outcome::WhiteWins}, {3, 2, Outcome::WhiteWins}}, {}, false});
    const auto rows = swiss_standings(record, build_histories(record));
    CHECK(rows[0].rank == 1);
    CHECK(rows[1].rank == 1);
    CHECK(rows[2].rank == 3);
}

} // namespace lobby::tournament
