#pragma once
// One round of Swiss pairings by the FIDE Dutch system (FIDE Handbook C.04.1 basic rules,
// C.04.3 Dutch system), as a pure function of the players to pair and their histories.
//
// Built in layers:
//   1. Order and brackets (C.04.3 A.2, A.3): players by score, then pairing number; one
//      bracket per score, top down; players left unpaired move down (MDPs) to the next one.
//   2. Absolute criteria (C.04.1 b-f, C.04.3 C.1-C.3) as hard constraints on every pair: no
//      rematch (a forfeited pairing counts as a meeting), no pair the organiser forbade, no
//      bye to a player who had a pairing-allocated bye or a forfeit win, no two non-topscorers
//      with the same absolute colour preference (topscorers: over half the maximum score when
//      the last round is paired, A.7).
//   3. Completion (C.04.3 C.4): a bracket's pairing is accepted only if the players left
//      below (its downfloaters and every lower bracket) can still be paired legally, with a
//      bye for the odd one out. Checked with a maximum-cardinality matching (matching.h), so a
//      legal pairing is found whenever one exists.
//   4. Within a bracket, candidates are tried in the Dutch order: MDPs first against the
//      highest residents (heterogeneous brackets, B.3), then the remainder S1 against S2 with
//      S2 in lexicographic order (transpositions, D.1), then exchanges with S1 taken from its
//      bottom; a player floats down only after every pairing of it was tried, so the
//      downfloaters are the lowest ranked ones that allow a pairing.
//   5. Quality criteria implemented: the most pairs in each bracket (C.5, fewest
//      downfloaters: tried from floor(size / 2) pairs down), then the fewest pairs whose
//      players want the same colour (C.10/C.11 counted by pairs: searches allowing m, m + 1,
//      m + 2, then any number of them, m being the least the bracket's preferences force). Not
//      implemented: the pairing score difference (C.6) beyond what the order gives, the topscorer
//      colour criteria (C.8, C.9), strong preferences ranked above mild ones, and the float
//      criteria of the previous two rounds (C.12 to C.19); the exchange order of D.2 is
//      approximated as described in item 4. Each search is bounded (search_node_limit nodes,
//      search_leaf_limit completion checks); past the bound the next weaker option is tried, and
//      the last bracket falls back to the matching. (The criterion numbers follow the 2017 text as
//      remembered; they could not be checked against the handbook for this code.)
//   6. Colours of each pair by E.1 to E.5 (colours.h).
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
    std::vector<PlayerIndex> opponents; // everyone met, forfeits included
    std::vector<Float> floats;          // one per round so far, oldest first (swiss_history.h)
    int unplayed = 0;                   // rounds so far without a game over the board
    bool bye_allowed = true;            // no pairing-allocated bye nor forfeit win yet
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
