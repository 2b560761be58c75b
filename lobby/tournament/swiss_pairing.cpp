#include "lobby/tournament/swiss_pairing.h"

#include "lobby/errors.h"
#include "lobby/tournament/matching.h"
#include "lobby/tournament/swiss_pairing_bracket.h"
#include "lobby/tournament/swiss_pairing_players.h"

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <optional>
#include <tuple>

namespace lobby::tournament {

namespace {

// The last resort for the last bracket: any maximum matching (it is perfect, with the bye).
void pair_by_matching(const DutchPairer& pairer, const std::vector<int>& bracket,
                      std::vector<std::pair<int, int>>& pairs, std::vector<int>& left) {
    const int m = static_cast<int>(bracket.size());
    const int with_dummy = m % 2 == 0 ? m : m + 1;
    const std::vector<int> mate = maximum_matching(with_dummy, [&](int a, int b) {
        if (b == m)
            return pairer.bye_ok(bracket[pairing_slot(a)]);
        if (a == m)
            return pairer.bye_ok(bracket[pairing_slot(b)]);
        return pairer.allowed(bracket[pairing_slot(a)], bracket[pairing_slot(b)]);
    });
    for (int a = 0; a < m; ++a) {
        const int b = mate[pairing_slot(a)];
        if (b == m || b < 0)
            left.push_back(bracket[pairing_slot(a)]);
        else if (a < b)
            pairs.emplace_back(bracket[pairing_slot(a)], bracket[pairing_slot(b)]);
    }
}

} // namespace

bool may_meet(const PairingPlayer& a, const PairingPlayer& b,
              const std::vector<std::pair<PlayerIndex, PlayerIndex>>& forbidden) {
    if (a.index == b.index)
        return false;
    if (std::find(a.opponents.begin(), a.opponents.end(), b.index) != a.opponents.end())
        return false; // C1 (C.04.1 article 2): no rematch
    const auto key = std::minmax(a.index, b.index);
    if (std::find(forbidden.begin(), forbidden.end(),
                  std::pair<PlayerIndex, PlayerIndex>(key.first, key.second)) != forbidden.end())
        return false;
    const ColourPreference pa = preference_of(a.colours);
    const ColourPreference pb = preference_of(b.colours);
    // C3: non-topscorers with the same absolute colour preference do not meet.
    return !(pa.strength == Strength::Absolute && pb.strength == Strength::Absolute &&
             pa.colour == pb.colour && !a.topscorer && !b.topscorer);
}

rules::Result<PairingResult> pair_dutch(const PairingRequest& request) {
    DutchPairer pairer(request);
    const int n = pairer.size();
    std::vector<int> everyone(pairing_slot(n));
    std::iota(everyone.begin(), everyone.end(), 0);
    if (!pairer.completable(everyone))
        return refuse(no_legal_pairing,
                      "no pairing of these players meets the absolute criteria (C.04.3 C1 to C3)");
    if (n % 2 == 1) { // C5: the lowest score the bye can go to, kept through every bracket
        std::vector<Points> scores;
        for (int p = 0; p < n; ++p)
            if (pairer.ranked(p).bye_allowed)
                scores.push_back(pairer.score(p));
        std::sort(scores.begin(), scores.end());
        for (const Points s : scores) {
            pairer.limit_bye_score(s);
            if (pairer.completable(everyone))
                break;
        }
    }

    std::vector<std::pair<int, int>> pairs;
    std::vector<int> movers; // MDPs, rank order
    std::optional<int> bye;
    int pos = 0;
    while (pos < n) {
        std::vector<int> bracket = movers;
        const int mdps = static_cast<int>(movers.size());
        const Points score = pairer.score(pos);
        while (pos < n && pairer.score(pos) == score)
            bracket.push_back(pos++);
        const std::vector<int> below(everyone.begin() + pos, everyone.end());
        int next_end = pos;
        while (next_end < n && pairer.score(next_end) == pairer.score(pos))
            ++next_end;
        const std::vector<int> next_group(everyone.begin() + pos, everyone.begin() + next_end);
        const bool last = pos == n;
        const BracketInput input{bracket, mdps, below, last, next_group};
        const int most = static_cast<int>(bracket.size()) / 2;
        bool done = false;
        for (int p = most; p >= (last ? most : 0) && !done; --p) { // C6: the most pairs first
            const std::optional<BracketPairing> found = pair_bracket(pairer, input, p);
            if (!found)
                continue;
            for (const auto& [x, y] : found->pairs)
                pairs.emplace_back(bracket[pairing_slot(x)], bracket[pairing_slot(y)]);
            movers.clear();
            for (const int f : found->floaters)
                movers.push_back(bracket[pairing_slot(f)]);
            done = true;
        }
        if (!done) { // only the last bracket gets here (p = 0 always completes above it)
            movers.clear();
            pair_by_matching(pairer, bracket, pairs, movers);
        }
        if (last && !movers.empty())
            bye = movers.front();
    }

    std::sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) {
        const auto key = [&](const std::pair<int, int>& p) {
            const int hi = std::min(p.first, p.second);
            const int lo = std::max(p.first, p.second);
            return std::make_tuple(-pairer.score(hi), -pairer.score(lo), hi);
        };
        return key(x) < key(y);
    });
    PairingResult result;
    for (const auto& [x, y] : pairs) {
        const int hi = std::min(x, y);
        const int lo = std::max(x, y);
        const PairingPlayer& h = pairer.ranked(hi);
        const PairingPlayer& l = pairer.ranked(lo);
        const Colour c = allocate_colours(h.colours, l.colours, h.index + 1, request.initial);
        if (c == Colour::White)
            result.games.push_back({h.index, l.index, Outcome::Pending});
        else
            result.games.push_back({l.index, h.index, Outcome::Pending});
    }
    if (bye)
        result.bye = pairer.ranked(*bye).index;
    return result;
}

} // namespace lobby::tournament
