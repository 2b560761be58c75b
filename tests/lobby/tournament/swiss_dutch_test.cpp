// Rounds worked by hand from the rules of the Dutch system (FIDE Handbook C.04.3: S1 against
// S2, transpositions for colour preferences, moved-down players against the highest
// residents, colours by 5.2.1 to 5.2.5) and checked against pair_next_round.

#include "lobby/tournament/swiss.h"
#include "lobby/tournament/swiss_history.h"

#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace lobby::tournament {

namespace {

// Players 1..n (ids "1".."n") rated so that the pairing numbers follow the ids.
Swiss swiss_of(int players, int rounds = 5) {
    SwissSettings settings;
    settings.rounds = rounds;
    auto swiss = Swiss::create("Hand-checked", settings);
    REQUIRE(swiss.ok());
    for (int i = 1; i <= players; ++i)
        REQUIRE(swiss->add_player(std::to_string(i), std::to_string(i), 3000 - i).ok());
    return std::move(swiss).value();
}

// "white-black ..." with pairing numbers, then " bye n" if there is one.
std::string pairing_text(const SwissRound& round) {
    std::string out;
    for (const SwissGame& g : round.games) {
        if (!out.empty())
            out += ' ';
        out += std::to_string(g.white + 1);
        out += '-';
        out += std::to_string(g.black + 1);
    }
    for (const SwissAbsence& a : round.absences)
        if (a.kind == Absence::PairingBye) {
            out += " bye ";
            out += std::to_string(a.player + 1);
        }
    return out;
}

SwissRound pair_round(Swiss& swiss) {
    auto round = swiss.pair_next_round();
    REQUIRE_MESSAGE(round.ok(), (round.ok() ? "" : round.error().detail));
    return std::move(round).value();
}

// Records the results of the last round, board by board.
void record_results(Swiss& swiss, const std::vector<Outcome>& outcomes) {
    for (std::size_t b = 0; b < outcomes.size(); ++b)
        REQUIRE_FALSE(
            swiss.record_result(swiss.rounds_paired(), static_cast<int>(b) + 1, outcomes[b]));
}

} // namespace

TEST_CASE("dutch: round 1 pairs the top half against the bottom half, colours alternating") {
    Swiss eight = swiss_of(8);
    CHECK(pairing_text(pair_round(eight)) == "1-5 6-2 3-7 8-4");
    Swiss seven = swiss_of(7);
    CHECK(pairing_text(pair_round(seven)) == "1-4 5-2 3-6 bye 7");
    Swiss five = swiss_of(5);
    CHECK(pairing_text(pair_round(five)) == "1-3 4-2 bye 5");
}

TEST_CASE("dutch: round 2 transposes S2 so that every colour preference is granted") {
    Swiss swiss = swiss_of(8);
    pair_round(swiss); // 1-5 6-2 3-7 8-4
    record_results(
        swiss, {Outcome::WhiteWins, Outcome::BlackWins, Outcome::WhiteWins, Outcome::BlackWins});
    // 1 point: 1 (had White), 2 (Black), 3 (White), 4 (Black). S1 = 1 2, S2 = 3 4: 1-3 and
    // 2-4 would meet players wanting the same colour; the transposition 1-4, 2-3 grants all.
    // 0 points: 5 (Black), 6 (White), 7 (Black), 8 (White): likewise 5-8, 6-7.
    CHECK(pairing_text(pair_round(swiss)) == "4-1 2-3 5-8 7-6");
}

TEST_CASE("dutch: players who cannot meet in their bracket float down to the next one") {
    Swiss swiss = swiss_of(6);
    CHECK(pairing_text(pair_round(swiss)) == "1-4 5-2 3-6");
    record_results(swiss, {Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw});
    // 1 point: 1, 2 meet (2 had Black: White). Half a point: 3 and 6 met already, so both
    // move down; the moved-down players are paired first, against the highest residents in
    // order: 3-4, 6-5, colours by preference (3 and 5 had White, 4 and 6 Black).
    CHECK(pairing_text(pair_round(swiss)) == "2-1 4-3 6-5");
}

TEST_CASE("dutch: the bye goes to the lowest player who may have it") {
    SwissSettings settings;
    settings.rounds = 3;
    auto made = Swiss::create("byes", settings);
    REQUIRE(made.ok());
    Swiss swiss = std::move(made).value();
    for (int i = 1; i <= 5; ++i)
        REQUIRE(swiss.add_player(std::to_string(i), "P", 3000 - i).ok());
    CHECK(pairing_text(pair_round(swiss)) == "1-3 4-2 bye 5");
    // 4 wins by forfeit: neither 5 (bye) nor 4 (forfeit win) may have the next bye.
    record_results(swiss, {Outcome::Draw, Outcome::WhiteWinsByForfeit});
    const SwissRound second = pair_round(swiss);
    for (const SwissAbsence& a : second.absences)
        if (a.kind == Absence::PairingBye) {
            CHECK(a.player != 4);
            CHECK(a.player != 3);
        }
}

TEST_CASE("dutch: forbidden pairs and rematches are never paired") {
    Swiss swiss = swiss_of(4);
    REQUIRE_FALSE(swiss.forbid_pair("1", "3"));
    // Without the ban 1-3 2-4; with it, the next transposition.
    const std::string first = pairing_text(pair_round(swiss));
    CHECK(first == "1-4 3-2");
    record_results(swiss, {Outcome::Draw, Outcome::Draw});
    const std::string second = pairing_text(pair_round(swiss));
    // Everyone on half a point; 1 may meet only 2 now (3 banned, 4 met).
    CHECK(
        (second == "2-1 4-3" || second == "1-2 3-4" || second == "1-2 4-3" || second == "2-1 3-4"));
}

TEST_CASE("dutch: floats by C.04.3 1.4.2 to 1.4.4, and the bye ruled out by C.04.1 article 4") {
    Swiss swiss = swiss_of(5);
    CHECK(pairing_text(pair_round(swiss)) == "1-3 4-2 bye 5");
    // 1 beats 3 over the board (equal scores: no float); 2 wins by forfeit (a win's points
    // without playing: a downfloat, 1.4.3, and no bye later), 4 loses it (no float, 1.4.4);
    // 5 has the bye (a downfloat).
    record_results(swiss, {Outcome::WhiteWins, Outcome::BlackWinsByForfeit});
    REQUIRE_FALSE(swiss.request_half_bye("3", 2));
    REQUIRE(swiss.add_player("6", "6", 1000).ok()); // a late entry, 0 points for round 1
    pair_round(swiss);
    const std::vector<PlayerHistory> h = build_histories(swiss.record());
    CHECK(h[0].floats[0] == Float::None);
    CHECK(h[1].floats[0] == Float::Down);
    CHECK(h[2].floats[0] == Float::None);
    CHECK(h[3].floats[0] == Float::None);
    CHECK(h[4].floats[0] == Float::Down);
    CHECK(h[5].floats[0] == Float::None);
    CHECK(h[2].floats[1] == Float::Down); // a half-point bye scores more than a loss
    CHECK(h[1].had_bye_or_forfeit_win);
    CHECK_FALSE(h[3].had_bye_or_forfeit_win);
    // Round 2 pairs 1 2 5 on 2 points, 4 and 6 on 0: every game between two scores floats
    // its higher player down and the other up.
    for (const SwissGame& g : swiss.record().rounds[1].games) {
        const Points w = h[static_cast<std::size_t>(g.white)].rounds[0].points;
        const Points b = h[static_cast<std::size_t>(g.black)].rounds[0].points;
        const Float fw = h[static_cast<std::size_t>(g.white)].floats[1];
        const Float fb = h[static_cast<std::size_t>(g.black)].floats[1];
        CHECK(fw == (w == b ? Float::None : w > b ? Float::Down : Float::Up));
        CHECK(fb == (w == b ? Float::None : b > w ? Float::Down : Float::Up));
    }
}

TEST_CASE("dutch: a late entry credited with a win's points may not have the bye (C.04.1 "
          "article 4), one credited with a draw's may") {
    for (const Points late : {1, 2}) {
        CAPTURE(late);
        SwissSettings settings;
        settings.rounds = 3;
        settings.late_entry_points = late;
        auto made = Swiss::create("late", settings);
        REQUIRE(made.ok());
        Swiss swiss = std::move(made).value();
        REQUIRE(swiss.add_player("1", "1", 2000).ok());
        REQUIRE(swiss.add_player("2", "2", 1900).ok());
        pair_round(swiss);
        REQUIRE(swiss.add_player("3", "3", 1800).ok());
        const PairingRequest request = swiss.next_pairing_request();
        REQUIRE(request.players.size() == 3);
        CHECK(request.players[2].bye_allowed == (late == 1));
        CHECK(request.players[2].unplayed == 1);
    }
}

} // namespace lobby::tournament
