#pragma once
// One round of Swiss pairings by the FIDE Dutch system, as a pure function of the players to
// pair and their histories. The text followed is FIDE Handbook C.04.3 "FIDE (Dutch) System"
// effective from 1 February 2026 (approved by the Council on 28/10/2025,
// handbook.fide.com/chapter/C0403202602), with C.04.1 (Basic rules for Swiss systems) and
// C.04.2 (General handling rules) of the same date; article and criterion numbers below are
// that text's ([C1] to [C21]; the 2016 text, in force until 31 January 2026, numbered its
// criteria C.1 to C.19, differently). Its Article 1 was read on the handbook page; Articles 2 to 5
// (criteria, procedure, generation order, colours) from a condensed article-by-article copy of it,
// so the wording here is a summary, not a quotation.
//
// Built in layers:
//   1. Order and brackets (1.2, 1.3): players by score, then pairing number; one bracket per
//      scoregroup, top down; players left unpaired move down (MDPs) to the next one.
//   2. Absolute criteria as hard constraints on every pair: C1 no rematch (C.04.1 article 2;
//      players whose game was forfeited have not met, C.04.2 3.5), no pair the organiser forbade
//      (a rule of the tournament, not FIDE's), C2 the bye only to a player who has had neither
//      a bye nor a win's points without playing (C.04.1 article 4), C3 no two non-topscorers
//      with the same absolute colour preference (topscorers: over half the maximum score when
//      the last round is paired, 1.8).
//   3. C4 (completion): a bracket's candidate is accepted only if the players left below (its
//      downfloaters and every lower bracket) can still be paired legally, with a bye for an
//      odd one out. Checked with a maximum-cardinality matching (matching.h), so a legal
//      pairing is found whenever one exists. C5: before the first bracket, the lowest score
//      that a bye's assignee can have in a legal pairing is found the same way; from then on
//      only players of at most that score may take the bye, in every completion check.
//   4. Candidates in the Dutch order (3.3, 3.6, 3.7, 4.1 to 4.4): in a heterogeneous
//      bracket, each set of MDPs to pair, the larger first and, of one size, in the order of
//      their smallest differing BSN (4.4.2), the others floating (the Limbo); for each set,
//      its MDP-Pairings, each MDP from the top against the residents in order (4.2); for each
//      of those, the remainder with fresh BSNs: S1, its first players, against S2 in the
//      lexicographic order of S2 (transpositions, 4.2), and after all of them (3.6) each
//      exchange of residents between the original S1 and S2 in the order of 4.3
//      (swiss_pairing_exchanges.h), each with all its transpositions.
//   5. Quality (3.4, 3.8): C6, the most pairs, tried from floor(size / 2) down, the first
//      number that gives a candidate kept. For that number, the candidates' failure values of
//      C7 to C21 are compared in that order, the first difference deciding, and the best is
//      kept (the earlier of equals); one with the least values possible (perfect) ends the
//      search. What each counts:
//        C7  the scores of the downfloaters, highest first;
//        C8  the following bracket (these downfloaters and the next scoregroup) by C6 and C7:
//            the players it cannot pair, by a maximum matching in which MDPs do not meet
//            each other, then their scores, highest first (the MDPs paired chosen highest
//            first, which is exact since the sets of MDPs that can be paired together form a
//            matroid);
//        C9  the unplayed rounds of the bye's assignee, when the last bracket floats exactly
//            one player;
//        C10, C11  topscorers and their opponents who get a colour difference beyond +-2, or
//            one colour three times in a row, with the colours 5.2 gives the pair;
//        C12 players who miss their colour preference (one in each pair of equal
//            preferences); C13 those of them whose preference was strong or absolute (5.2.2
//            grants the stronger one);
//        C14, C16  residents who float down and downfloated in the previous round, or two
//            rounds before; C15, C17  players paired with a higher score (an MDP's opponents)
//            who upfloated in the previous round, or two rounds before;
//        C18, C20  the score differences, highest first, of MDPs who downfloated in the
//            previous round, or two rounds before: paired, the difference to the opponent;
//            floating again, more than any pair's (the text leaves a downfloater's difference
//            undefined); C19, C21  those of the upfloaters of C15 and C17.
//      Each search is bounded (search_node_limit nodes, search_leaf_limit candidates evaluated
//      past C7, resident_exchange_limit exchanges of one size in a remainder); at the bound the
//      best candidate found is kept, and a last bracket without any falls back to a legal
//      matching. Items 4 and 5 are swiss_pairing_bracket.h's (the exchanges in
//      swiss_pairing_exchanges.h, C8 in swiss_pairing_next_bracket.h); the table of allowed
//      pairs and the completion check, swiss_pairing_players.h's.
//   6. Colours of each pair by 5.2.1 to 5.2.5 (colours.h).
// Where this differs from the text: C8 judges the following bracket by C6 and C7 only, not by
// C4 (whether its pairing leaves the brackets below it pairable) or C5 (the bye); when no
// candidate of a number of pairs keeps the MDPs apart, MDPs may meet each other (each trying
// the residents first, then the MDPs below it), where the text leaves those the residents
// cannot take in the Limbo (3.2) and pairs fewer, so that a legal pairing is always found;
// and a search cut at its bound may miss the best candidate. The nine rounds of FIDE's worked
// example (Mastering the Dutch) are paired as the guide pairs them
// (tests/lobby/tournament/swiss_fide_example_test.cpp); each quality criterion, and the order
// of the exchanges (4.3) and of the sets of MDPs (4.4), has a position of its own
// (swiss_quality_test.cpp).
// Refuses (no_legal_pairing) only when no legal pairing of these players exists at all.

#include "lobby/tournament/colours.h"
#include "lobby/tournament/swiss_history.h"
#include "lobby/tournament/swiss_record.h"
#include "rules/result.h"

#include <optional>
#include <utility>
#include <vector>

namespace lobby::tournament {

struct PairingPlayer {
    PlayerIndex index = 0; // pairing number - 1
    Points score = 0;
    std::vector<Colour> colours;        // games played, oldest first
    std::vector<PlayerIndex> opponents; // everyone met over the board (C.04.2 3.5)
    std::vector<Float> floats;          // one per round so far, oldest first (swiss_history.h)
    int unplayed = 0;                   // rounds so far without a game over the board
    bool bye_allowed = true;            // C2: no bye, no win's points without playing yet
    bool topscorer = false;
};

struct PairingRequest {
    std::vector<PairingPlayer> players;
    std::vector<std::pair<PlayerIndex, PlayerIndex>> forbidden;
    Colour initial = Colour::White; // pairing number 1's colour in the first round
};

struct PairingResult {
    std::vector<SwissGame> games; // board order: highest score first
    std::optional<PlayerIndex> bye;
};

inline constexpr std::string_view no_legal_pairing = "no_legal_pairing";

rules::Result<PairingResult> pair_dutch(const PairingRequest& request);

// The absolute criteria for one pair (item 2 above), for tests and the organiser's checks.
bool may_meet(const PairingPlayer& a, const PairingPlayer& b,
              const std::vector<std::pair<PlayerIndex, PlayerIndex>>& forbidden);

} // namespace lobby::tournament
