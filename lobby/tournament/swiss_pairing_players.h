#pragma once
// The players of one Dutch pairing request (lobby/tournament/swiss_pairing.h) in rank order
// (C.04.3 1.2: score, then pairing number; a local index is a rank), with what the pairing asks
// of them: the pairs the absolute criteria allow (may_meet), the colour preferences, who may
// take the bye (C2, and C5 once its score limit is set) and the completion check (C4) by a
// maximum-cardinality matching (matching.h). Pure; holds a reference to the request.

#include "lobby/tournament/swiss_pairing.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace lobby::tournament {

inline std::size_t pairing_slot(int i) {
    return static_cast<std::size_t>(i);
}

// The players of one request, in rank order (local index = rank), with the pair table.
class DutchPairer {
public:
    explicit DutchPairer(const PairingRequest& request);

    int size() const { return n_; }
    const PairingPlayer& ranked(int local) const { return *ranked_[pairing_slot(local)]; }
    Points score(int local) const { return ranked(local).score; }
    const ColourPreference& preference(int local) const { return prefs_[pairing_slot(local)]; }
    bool allowed(int a, int b) const { return allowed_[pairing_slot(a * n_ + b)] != 0; }
    // C2, and C5 once the lowest score a bye can go to is known (limit_bye_score).
    bool bye_ok(int a) const {
        return ranked(a).bye_allowed && (!bye_score_limit_ || ranked(a).score <= *bye_score_limit_);
    }
    Colour initial() const { return request_.initial; }

    // C5: from now on the bye goes only to a player with at most this score.
    void limit_bye_score(std::optional<Points> limit) { bye_score_limit_ = limit; }

    // A lower bound on the pairs of `bracket` whose players want the same colour, when
    // `floaters` of them float: the majority colour's surplus, less those who want nothing
    // and those who float, makes pairs of its own.
    int least_colour_misses(const std::vector<int>& bracket, int floaters) const;

    // C4: can these players (local indices) all be paired, with a bye for an odd one out?
    bool completable(const std::vector<int>& rest) const;

private:
    const PairingPlayer& player(int i) const { return request_.players[pairing_slot(i)]; }

    const PairingRequest& request_;
    int n_ = 0;
    std::vector<int> order_;
    std::vector<const PairingPlayer*> ranked_;
    std::vector<char> allowed_;
    std::vector<ColourPreference> prefs_;
    std::optional<Points> bye_score_limit_;
};

} // namespace lobby::tournament
