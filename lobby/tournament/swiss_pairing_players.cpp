#include "lobby/tournament/swiss_pairing_players.h"

#include "lobby/tournament/matching.h"

#include <algorithm>
#include <tuple>

namespace lobby::tournament {

DutchPairer::DutchPairer(const PairingRequest& request) : request_(request) {
    const int n = static_cast<int>(request.players.size());
    n_ = n;
    for (int i = 0; i < n; ++i)
        order_.push_back(i);
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
        const PairingPlayer& pa = player(a);
        const PairingPlayer& pb = player(b);
        return std::tie(pb.score, pa.index) < std::tie(pa.score, pb.index);
    });
    std::vector<const PairingPlayer*> ranked;
    for (const int i : order_)
        ranked.push_back(&player(i));
    ranked_ = ranked;
    allowed_.assign(pairing_slot(n * n), 0);
    for (int a = 0; a < n; ++a) {
        prefs_.push_back(preference_of(ranked_[pairing_slot(a)]->colours));
        for (int b = a + 1; b < n; ++b) {
            const bool ok =
                may_meet(*ranked_[pairing_slot(a)], *ranked_[pairing_slot(b)], request.forbidden);
            allowed_[pairing_slot(a * n + b)] = ok ? 1 : 0;
            allowed_[pairing_slot(b * n + a)] = ok ? 1 : 0;
        }
    }
}

int DutchPairer::least_colour_misses(const std::vector<int>& bracket, int floaters) const {
    int white = 0;
    int black = 0;
    int none = 0;
    for (const int p : bracket) {
        const ColourPreference& pref = prefs_[pairing_slot(p)];
        if (pref.strength == Strength::None)
            ++none;
        else if (pref.colour == Colour::White)
            ++white;
        else
            ++black;
    }
    const int surplus = (white > black ? white - black : black - white) - none - floaters;
    return surplus > 0 ? surplus / 2 : 0;
}

bool DutchPairer::completable(const std::vector<int>& rest) const {
    const int m = static_cast<int>(rest.size());
    if (m == 0)
        return true;
    const int with_dummy = m % 2 == 0 ? m : m + 1;
    return has_perfect_matching(with_dummy, [&](int a, int b) {
        if (b == m)
            return bye_ok(rest[pairing_slot(a)]);
        if (a == m)
            return bye_ok(rest[pairing_slot(b)]);
        return allowed(rest[pairing_slot(a)], rest[pairing_slot(b)]);
    });
}

} // namespace lobby::tournament
