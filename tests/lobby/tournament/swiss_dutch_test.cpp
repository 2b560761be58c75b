// Rounds worked by hand from the rules of the Dutch system (FIDE Handbook C.04.3: S1 against
// S2, transpositions for colour preferences, moved-down players against the highest
// residents, colours by E.1-E.5) and checked against pair_next_round.

#include "lobby/tournament/swiss.h"

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

} // namespace lobby::tournament
