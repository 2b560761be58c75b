// The quality criteria of the Dutch system (FIDE Handbook C.04.3, effective from 1 February
// 2026, Article 2: [C5] to [C21]; lobby/tournament/swiss_pairing.h), one position each, worked
// by hand. In each, the first candidate of the Dutch order fails the criterion and a later
// candidate does not; the comment gives both, the first as "the blind pairing" (what a pairing
// that ignores the criterion makes). Players are described as the pairing sees them: score (chess
// units, a win is 2), colours played, floats per round ('-' none, 'D' down, 'U' up), opponents met
// (numbers above the players listed are players who have withdrawn), rounds without a game when
// there are. The last cases check the order in which candidates are generated (Article 4), which
// decides between candidates equal on every criterion.

#include "lobby/tournament/swiss_pairing.h"
#include "lobby/tournament/swiss_pairing_exchanges.h"

#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

namespace lobby::tournament {

namespace {

// A player as the positions below give it.
struct Described {
    int number = 0;
    Points score = 0;
    std::string_view colours; // 'W' and 'B', oldest first
    std::string_view floats;  // one per round
    std::vector<int> met;     // pairing numbers
    int unplayed = 0;
};

PairingPlayer quality_player(const Described& d) {
    PairingPlayer p;
    p.index = d.number - 1;
    p.score = d.score;
    for (const char c : d.colours)
        p.colours.push_back(c == 'W' ? Colour::White : Colour::Black);
    for (const char f : d.floats)
        p.floats.push_back(f == 'D' ? Float::Down : f == 'U' ? Float::Up : Float::None);
    for (const int m : d.met)
        p.opponents.push_back(m - 1);
    p.unplayed = d.unplayed;
    return p;
}

// "white-black ..." with pairing numbers, board order, then " bye n".
std::string quality_text(const std::vector<PairingPlayer>& players) {
    PairingRequest request;
    request.players = players;
    const auto result = pair_dutch(request);
    REQUIRE_MESSAGE(result.ok(), (result.ok() ? "" : result.error().detail));
    std::string out;
    for (const SwissGame& g : result->games) {
        if (!out.empty())
            out += ' ';
        out += std::to_string(g.white + 1);
        out += '-';
        out += std::to_string(g.black + 1);
    }
    if (result->bye) {
        out += " bye ";
        out += std::to_string(*result->bye + 1);
    }
    return out;
}

} // namespace

TEST_CASE("dutch C5: the bye goes to the lowest score that still allows a pairing") {
    // Round 3 of five players (found by a random tournament). 2 (4 points) is alone in the
    // top scoregroup and moves down to the 2-point bracket 1 3 4 5, which is the last one.
    // 2 may meet only 1 and 3 (4 and 5 met), and both want Black, as 2 does (mildly, after
    // Black then White): pairing 2 costs a colour preference. 1 and 5 may not have the bye (they
    // had one, or a forfeit win). Letting 2 float takes the bye to a 4-point player and pairs 4-1
    // 5-3 granting every colour: the first candidate within the fewest colour misses, and
    // the blind pairing. C5 (minimise the score of the bye's assignee, above every quality
    // criterion) makes the 2-point 3 or 4 take it: 2-1 (2's mild preference loses to 1's
    // strong one, 5.2.2, so 2 has White), then 5-3, and 4 has the bye.
    std::vector<PairingPlayer> players = {
        quality_player({1, 2, "W", "-D", {3}, 1}),  quality_player({2, 4, "BW", "--", {4, 5}}),
        quality_player({3, 2, "BW", "-D", {1, 4}}), quality_player({4, 2, "WB", "-U", {2, 3}}),
        quality_player({5, 2, "B", "D-", {2}, 1}),
    };
    players[0].bye_allowed = false;
    players[4].bye_allowed = false;
    CHECK(quality_text(players) == "2-1 5-3 bye 4");
}

TEST_CASE("dutch C7: a moved-down player is paired before a colour preference is granted") {
    // 1 (2 points) moves down alone into the 1-point bracket 1 | 2 3; 4 (0 points) is below.
    // 1 has met 3, so it may only meet 2, and both want White (each had Black once): one
    // preference is missed. Pairing 2-3 instead grants both (2 wants White, 3 Black) and
    // lets 1 float again to meet 4: the blind pairing, "1-4 2-3". C7 (minimise the scores of
    // the downfloaters) ranks above C12 (colour preferences): 3 (1 point) floats, not 1
    // (2 points). 1-2: same strong preference, no round with different colours (5.2.3), so
    // the higher ranked 1 has White (5.2.4); 3-4: 4 wants White (had Black), 3 Black.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 2, "B", "-", {3}}),
        quality_player({2, 1, "B", "-", {5}}),
        quality_player({3, 1, "W", "-", {1}}),
        quality_player({4, 0, "B", "-", {6}}),
    };
    CHECK(quality_text(players) == "1-2 4-3");
}

TEST_CASE("dutch C9: the bye goes to the player with the fewest unplayed games") {
    // Round 2, three players on 0 points, one bracket: S1 = 1, S2 = 2 3. The first candidate
    // 1-2 leaves 3 the bye, but 3 lost its first game by forfeit (an unplayed game) while 2
    // played. C9 (minimise the unplayed games of the bye's assignee, for a bracket that
    // downfloats exactly one player who then has the bye) takes the transposition 1-3 and
    // gives 2 the bye. 1 had White and wants Black; 3 has no colour yet, so it has White.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 0, "W", "-", {4}}),
        quality_player({2, 0, "B", "-", {5}}),
        quality_player({3, 0, "", "-", {6}, 1}),
    };
    CHECK(quality_text(players) == "3-1 bye 2");
}

TEST_CASE("dutch C10: a topscorer is kept within a colour difference of 2 before preferences") {
    // The last round; four topscorers on the same score, one bracket, S1 = 1 2, S2 = 3 4.
    // 1 (W B W W) and 3 (W W B W) both have a difference of +2 and an absolute preference for
    // Black; as topscorers they may meet (C3). The first candidate 1-3 2-4 misses one
    // preference, the fewest possible (three want Black), so the blind pairing takes it: 1 and 3
    // have the same difference, and the latest round with different colours is round 3, where
    // 1 had White (5.2.3): 1 has Black and 3 White, a difference of +3. C10 (minimise the
    // topscorers or their opponents beyond +-2) takes 1-4 2-3: 4 (B W B W, mild Black) loses to
    // 1's absolute preference and has White, 3 has Black against 2 (mild White).
    std::vector<PairingPlayer> players = {
        quality_player({1, 6, "WBWW", "----", {5}}),
        quality_player({2, 6, "WBWB", "----", {6}}),
        quality_player({3, 6, "WWBW", "----", {7}}),
        quality_player({4, 6, "BWBW", "----", {8}}),
    };
    for (PairingPlayer& p : players)
        p.topscorer = true;
    CHECK(quality_text(players) == "4-1 2-3");
}

TEST_CASE("dutch C11: a topscorer does not have one colour three times in a row if avoidable") {
    // As for C10, but 1 is B B W W (difference 0, absolute Black after two Whites). In 1-3,
    // 3's wider difference wins (5.2.2), so 1 has White a third time in a row: the blind
    // pairing "1-3 2-4". C11 takes 1-4 2-3 as above.
    std::vector<PairingPlayer> players = {
        quality_player({1, 6, "BBWW", "----", {5}}),
        quality_player({2, 6, "WBWB", "----", {6}}),
        quality_player({3, 6, "WBWW", "----", {7}}),
        quality_player({4, 6, "BWBW", "----", {8}}),
    };
    for (PairingPlayer& p : players)
        p.topscorer = true;
    CHECK(quality_text(players) == "4-1 2-3");
}

TEST_CASE("dutch C13: a strong colour preference is granted before a mild one") {
    // Round 4, one bracket of four on the same score, S1 = 1 2, S2 = 3 4. 1 and 3 (B W B)
    // want White strongly, 2 (W B, one round unplayed) mildly, 4 (B W) wants Black mildly.
    // Three want White, so one preference is missed in any case (C12). The first candidate
    // 1-3 2-4 misses a strong one (1-3: same strength, same history, the higher ranked 1 has
    // White): the blind pairing. C13 takes 1-4 2-3, where the mild 2 gives way to 3 (5.2.2).
    const std::vector<PairingPlayer> players = {
        quality_player({1, 3, "BWB", "---", {5, 6, 7}}),
        quality_player({2, 3, "WB", "---", {8, 9}, 1}),
        quality_player({3, 3, "BWB", "---", {10, 11, 12}}),
        quality_player({4, 3, "BW", "---", {13, 14}, 1}),
    };
    CHECK(quality_text(players) == "1-4 3-2");
}

TEST_CASE("dutch C14: a resident who downfloated in the previous round does not float again") {
    // Round 2 of five players: 5 had the bye in round 1 (a downfloat, 1.4.3). The 2-point
    // bracket is 1 2 5 (S1 = 1, S2 = 2 5): the first candidate 1-2 floats 5 down again, the
    // blind pairing "2-1 3-5 bye 4". C14 (minimise the resident downfloaters who downfloated
    // in the previous round) takes 1-5 and floats 2, which meets 3 (2 and 4 met) in the
    // 0-point bracket, 4 has the bye. 5 has no colour, so 1's preference (Black) is granted;
    // 2 and 3 both had Black, and the higher ranked 2 has White (5.2.4).
    std::vector<PairingPlayer> players = {
        quality_player({1, 2, "W", "-", {3}}),  quality_player({2, 2, "B", "-", {4}}),
        quality_player({3, 0, "B", "-", {1}}),  quality_player({4, 0, "W", "-", {2}}),
        quality_player({5, 2, "", "D", {}, 1}),
    };
    players[4].bye_allowed = false;
    CHECK(quality_text(players) == "5-1 2-3 bye 4");
}

TEST_CASE("dutch C15: a moved-down player's opponent is not one who upfloated last round") {
    // Round 3; 1 (4 points) moves down alone into the 2-point bracket 1 | 2 3 4 (players 5 to
    // 8 have withdrawn). The first candidate pairs 1 with the highest resident, 2, and 3-4:
    // every colour granted, the blind pairing "1-2 4-3". But 2 upfloated in round 2, and C15
    // (minimise the MDPs' opponents who upfloated in the previous round) takes the
    // transposition 1-3, leaving 2-4; colours are granted there too.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 4, "WB", "--", {5, 6}}),
        quality_player({2, 2, "BW", "-U", {7, 8}}),
        quality_player({3, 2, "BW", "--", {5, 7}}),
        quality_player({4, 2, "WB", "--", {6, 8}}),
    };
    CHECK(quality_text(players) == "1-3 4-2");
}

TEST_CASE("dutch C8: the downfloater is chosen so that the following bracket pairs best") {
    // Round 4; 4 points: 1 2 3, 2 points: 4 5 6, 0 points: 7 8. In the top bracket (S1 = 1,
    // S2 = 2 3) the first candidate 1-2 floats 3, who has met 4, 5 and 6: the 2-point bracket
    // then pairs only 4-5 and floats 3 and 6 on to the last one (3-7, 6-8), the blind pairing.
    // C8 (choose the downfloaters so that the following bracket complies best with C1 to C7,
    // here its number of pairs) takes 1-3 and floats 2, with which the 2-point bracket pairs
    // everyone: 2-4, 5-6, and 7-8 below. Every colour preference is granted either way.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 4, "BWB", "---", {9, 10, 11}}),
        quality_player({2, 4, "WBW", "---", {12, 13, 14}}),
        quality_player({3, 4, "WBW", "---", {4, 5, 6}}),
        quality_player({4, 2, "BWB", "---", {3, 15, 16}}),
        quality_player({5, 2, "WBW", "---", {3, 17, 18}}),
        quality_player({6, 2, "BWB", "---", {3, 19, 20}}),
        quality_player({7, 0, "BWB", "---", {21, 22, 23}}),
        quality_player({8, 0, "WBW", "---", {24, 25, 26}}),
    };
    CHECK(quality_text(players) == "1-3 4-2 6-5 7-8");
}

TEST_CASE("dutch C8: the downfloater is chosen so that the following bracket floats the lowest "
          "scores") {
    // Round 4; 4 points: 1 2 3, 2 points: 4 5, 0 points: 6. In the top bracket (S1 = 1, S2 =
    // 2 3) the first candidate 1-2 floats 3, who has met 4 and 5: the 2-point bracket 3 | 4 5
    // then pairs 4-5 and floats 3 (4 points) on to 6. Floating 2 instead (1-3) lets the 2-point
    // bracket pair 2-4 and float 5 (2 points) to 6. Either way the top bracket floats a 4-point
    // player (C7) and the following bracket pairs one pair (C8 by C6): the blind pairing
    // "1-2 6-3 4-5". C8 also asks the following bracket to comply with C7, to float the lowest
    // scores: [2] beats [4], so 1-3, 2-4 and 5-6. Every colour preference is granted either way.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 4, "BWB", "---", {12, 13, 14}}),
        quality_player({2, 4, "WBW", "---", {15, 16, 17}}),
        quality_player({3, 4, "WBW", "---", {4, 5, 7}}),
        quality_player({4, 2, "BWB", "---", {3, 8, 9}}),
        quality_player({5, 2, "WBW", "---", {3, 10, 11}}),
        quality_player({6, 0, "BWB", "---", {18, 19, 20}}),
    };
    CHECK(quality_text(players) == "1-3 4-2 6-5");
}

TEST_CASE("dutch C16: a resident who downfloated two rounds before does not float again") {
    // Round 3; 5 had the bye in round 1 (a downfloat, 1.4.3) and played in round 2. The
    // 4-point bracket is 1 2 5 (S1 = 1, S2 = 2 5), every colour grantable: the first
    // candidate 1-2 floats 5, the blind pairing "1-2 4-5 bye 3" (5 meets 4 below, where 3
    // would miss a preference). C16 takes 1-5 and floats 2, who can meet only 3 below (2
    // and 4 met): both want Black mildly, the same history, so the higher ranked 2 has it.
    std::vector<PairingPlayer> players = {
        quality_player({1, 4, "WB", "--", {3, 6}}), quality_player({2, 4, "BW", "--", {4, 7}}),
        quality_player({3, 0, "BW", "--", {1, 8}}), quality_player({4, 0, "WB", "--", {2, 9}}),
        quality_player({5, 4, "W", "D-", {10}, 1}),
    };
    players[4].bye_allowed = false;
    CHECK(quality_text(players) == "1-5 3-2 bye 4");
}

TEST_CASE("dutch C17: a moved-down player's opponent is not one who upfloated two rounds before") {
    // The position of the C15 test, but 2 upfloated in round 1, not in round 2.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 4, "WB", "--", {5, 6}}),
        quality_player({2, 2, "BW", "U-", {7, 8}}),
        quality_player({3, 2, "BW", "--", {5, 7}}),
        quality_player({4, 2, "WB", "--", {6, 8}}),
    };
    CHECK(quality_text(players) == "1-3 4-2");
}

TEST_CASE("dutch C18 and C20: a moved-down player who downfloated before is paired, not floated") {
    // Round 4; 1 and 2 (4 points) have met, so both move down into the 2-point bracket
    // 1 2 | 3, with 4 (0 points) below; one of them pairs with 3, the other floats to 4. The
    // floaters' scores are equal (C7) and neither is a resident (C14, C16): the first
    // candidate pairs 1-3 and floats 2 again, the blind pairing "1-3 2-4". But 2 downfloated
    // in the previous round (C18), or two rounds before (C20): its score difference when it
    // floats again counts above any pair's, so 2-3 and 1-4.
    for (const std::string_view floats : {"--D", "-D-"}) {
        CAPTURE(floats);
        const std::vector<PairingPlayer> players = {
            quality_player({1, 4, "BWB", "---", {2, 5, 6}}),
            quality_player({2, 4, "WBB", floats, {1, 7}, 1}),
            quality_player({3, 2, "WBW", "---", {8, 9, 10}}),
            quality_player({4, 0, "WBW", "---", {11, 12, 13}}),
        };
        CHECK(quality_text(players) == "2-3 1-4");
    }
}

TEST_CASE("dutch C19 and C21: an upfloater again meets the moved-down player nearest its score") {
    // Round 4; 1 (6 points) and 2 (4 points) have met and move down into the 2-point bracket
    // 1 2 | 3 4: both are paired (C7), 3 with one of them in any case (C15, C17 the same).
    // The first candidate 1-3 2-4 is the blind pairing; 3 upfloated in the previous round
    // (C19), or two rounds before (C21), and the score difference of its upfloat is smaller
    // against 2: 1-4 2-3.
    for (const std::string_view floats : {"--U", "-U-"}) {
        CAPTURE(floats);
        const std::vector<PairingPlayer> players = {
            quality_player({1, 6, "BWB", "---", {2, 5, 6}}),
            quality_player({2, 4, "BWB", "---", {1, 7, 8}}),
            quality_player({3, 2, "WBW", floats, {9, 10, 11}}),
            quality_player({4, 2, "WBW", "---", {12, 13, 14}}),
        };
        CHECK(quality_text(players) == "1-4 2-3");
    }
}

namespace {

// The exchanges of one size, as the text numbers BSNs (from 1): "out>in" with the BSNs moved out
// of S1 and into it joined by '+', the exchanges separated by spaces.
std::string exchanges_text(int s1, int s2, int size, std::size_t first) {
    const auto exchanges = resident_exchanges({s1, s2}, size);
    REQUIRE(exchanges.has_value());
    std::string out;
    for (std::size_t i = 0; i < std::min(first, exchanges->size()); ++i) {
        const auto joined = [](const std::vector<int>& bsns) {
            std::string text;
            for (const int b : bsns)
                text.append(text.empty() ? "" : "+").append(std::to_string(b + 1));
            return text;
        };
        const ResidentExchange& e = (*exchanges)[i];
        out.append(out.empty() ? "" : " ")
            .append(joined(e.out_of_s1))
            .append(">")
            .append(joined(e.into_s1));
    }
    return out;
}

} // namespace

TEST_CASE("dutch 4.3: resident exchanges come in the order of the text's comparison rules") {
    // An 11-player homogeneous bracket: S1 = 1 to 5, S2 = 6 to 11. One player each way: the
    // smallest difference of the BSNs first (4.3 b), and among equal differences the one
    // moving the higher BSN out of S1 (4.3 c): 5>6, then 5>7 before 4>6, then 5>8, 4>7, 3>6.
    CHECK(exchanges_text(5, 6, 1, 6) == "5>6 5>7 4>6 5>8 4>7 3>6");
    // Two each way: 5+4>6+7 (difference 4), then of difference 5 the one moving 5 and 4 out
    // before the one moving 5 and 3 (4.3 c: 5-4 beats 5-3), then of difference 6 the ones
    // moving 5+4 out, 6+9 in before 7+8 (4.3 d: 6-9 beats 7-8), then 5+3>6+8 and 5+2>6+7.
    CHECK(exchanges_text(5, 6, 2, 6) == "5+4>6+7 5+4>6+8 5+3>6+7 5+4>6+9 5+4>7+8 5+3>6+8");
    CHECK(exchanges_text(5, 6, 0, 1) == ">");
    CHECK_FALSE(resident_exchanges({50, 50}, 3).has_value()); // resident_exchange_limit
}

TEST_CASE("dutch 3.6 and 4.3: the first exchange in the text's order gives the pairing") {
    // Round 4, one bracket of six on the same score: S1 = 1 2 3, S2 = 4 5 6. 3 has met 4, 5
    // and 6, so no transposition of S2 pairs everyone and an exchange is needed. 1, 2 and 6
    // want White, 3, 4 and 5 Black. The first exchange of 4.3 is 3 for 4 (the smallest
    // difference): S1 = 1 2 4, S2 = 3 5 6, and its first transposition 1-3 2-5 4-6 grants every
    // colour, so it is perfect and taken. A search that pairs S1 players with one another from
    // the bottom of S1 meets 1-4 2-3 5-6 first, also perfect: an exchange of 3 for 5, which the
    // text tries second.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 6, "BWB", "---", {7, 8, 9}}),
        quality_player({2, 6, "BWB", "---", {10, 11, 12}}),
        quality_player({3, 6, "WBW", "---", {4, 5, 6}}),
        quality_player({4, 6, "WBW", "---", {3, 13, 14}}),
        quality_player({5, 6, "WBW", "---", {3, 15, 16}}),
        quality_player({6, 6, "BWB", "---", {3, 17, 18}}),
    };
    CHECK(quality_text(players) == "1-3 2-5 6-4");
}

TEST_CASE("dutch 3.7 and 4.4: every MDP-Pairing of one set of MDPs before the next set") {
    // Round 5; 1, 2 and 3 (8 points) have met one another and all move down to the 6-point
    // bracket 1 2 3 | 4 5, where two of them can be paired (the MDPs do not meet) and one stays
    // in the Limbo; 6 and 7 (0 points) are below. 1, 2 and 3 want White, 4 and 5 Black, and 2
    // has met 5. The first set of MDPs is 1 2 (4.4.2): its first MDP-Pairing 1-4 2-5 is a
    // rematch, its second 1-5 2-4 grants every colour, so 3 floats to meet 6 and 7 has the bye.
    // A search that tries each MDP's opponents before the next MDP's choices reaches the set 1 3
    // (1-4 3-5, 2 floating) first, as good on every criterion.
    const std::vector<PairingPlayer> players = {
        quality_player({1, 8, "WBWB", "----", {2, 3, 8, 9}}),
        quality_player({2, 8, "WBWB", "----", {1, 3, 5, 10}}),
        quality_player({3, 8, "WBWB", "----", {1, 2, 11, 12}}),
        quality_player({4, 6, "BWBW", "----", {13, 14, 15, 16}}),
        quality_player({5, 6, "BWBW", "----", {2, 17, 18, 19}}),
        quality_player({6, 0, "BWBW", "----", {20, 21, 22, 23}}),
        quality_player({7, 0, "WBWB", "----", {24, 25, 26, 27}}),
    };
    CHECK(quality_text(players) == "1-5 2-4 3-6 bye 7");
}

} // namespace lobby::tournament
