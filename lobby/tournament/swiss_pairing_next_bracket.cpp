#include "lobby/tournament/swiss_pairing_next_bracket.h"

#include "lobby/tournament/matching.h"

#include <algorithm>
#include <cstddef>

namespace lobby::tournament {

namespace {

// Which of the MDPs of a following bracket can be paired together, and with which residents.
// MDPs meet only residents there, so this is a bipartite question.
class MoverSeating {
public:
    MoverSeating(const DutchPairer& pairer, const std::vector<int>& players, int movers)
        : pairer_(pairer), players_(players), movers_(movers),
          resident_mate_(players.size() - pairing_slot(movers), -1) {}

    // Seats MDP `mover` beside those already seated, by an augmenting path (Kuhn), if one
    // exists; those seated stay seated.
    bool seat(int mover) {
        std::vector<char> seen(resident_mate_.size(), 0);
        return augment(mover, seen);
    }

private:
    bool augment(int mover, std::vector<char>& seen) {
        for (std::size_t r = 0; r < resident_mate_.size(); ++r) {
            const int resident = players_[pairing_slot(movers_) + r];
            if (seen[r] != 0 || !pairer_.allowed(players_[pairing_slot(mover)], resident))
                continue;
            seen[r] = 1;
            if (resident_mate_[r] < 0 || augment(resident_mate_[r], seen)) {
                resident_mate_[r] = mover;
                return true;
            }
        }
        return false;
    }

    const DutchPairer& pairer_;
    const std::vector<int>& players_;
    int movers_;
    std::vector<int> resident_mate_;
};

} // namespace

NextBracket judge_next_bracket(const DutchPairer& pairer, const std::vector<int>& players,
                               int movers) {
    NextBracket result;
    const int m = static_cast<int>(players.size());
    if (m == movers)
        return result;
    const std::vector<int> mate = maximum_matching(m, [&](int a, int b) {
        return (a >= movers || b >= movers) &&
               pairer.allowed(players[pairing_slot(a)], players[pairing_slot(b)]);
    });
    result.unpaired = static_cast<int>(std::count(mate.begin(), mate.end(), -1));
    // C7 there: taken highest first, an MDP is paired if it can be beside those already
    // seated. The sets of MDPs that can be paired together form a matroid (a transversal one),
    // so the MDPs this greedy choice leaves out are those a best pairing of that bracket leaves
    // out, and some maximum matching pairs all the others; the rest of its unpaired are
    // residents.
    MoverSeating seating(pairer, players, movers);
    for (int mover = 0; mover < movers; ++mover)
        if (!seating.seat(mover))
            result.floater_scores.push_back(pairer.score(players[pairing_slot(mover)]));
    const int residents_left = result.unpaired - static_cast<int>(result.floater_scores.size());
    result.floater_scores.insert(result.floater_scores.end(),
                                 pairing_slot(std::max(residents_left, 0)),
                                 pairer.score(players.back()));
    return result;
}

} // namespace lobby::tournament
