#include "lobby/tournament/swiss_pairing.h"

#include "lobby/errors.h"
#include "lobby/tournament/matching.h"

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <tuple>

namespace lobby::tournament {

namespace {

// Bounds of one bracket search (nodes visited, completions checked). A 500-player round
// needs a few hundred nodes per bracket when nothing is in the way (bench/tournament).
constexpr long search_node_limit = 20000;
constexpr int search_leaf_limit = 64;

std::size_t pairing_slot(int i) {
    return static_cast<std::size_t>(i);
}

// The players of one request, in rank order (local index = rank), with the pair table.
class DutchPairer {
public:
    explicit DutchPairer(const PairingRequest& request) : request_(request) {
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
                const bool ok = may_meet(*ranked_[pairing_slot(a)], *ranked_[pairing_slot(b)],
                                         request.forbidden);
                allowed_[pairing_slot(a * n + b)] = ok ? 1 : 0;
                allowed_[pairing_slot(b * n + a)] = ok ? 1 : 0;
            }
        }
    }

    int size() const { return n_; }
    const PairingPlayer& ranked(int local) const { return *ranked_[pairing_slot(local)]; }
    bool allowed(int a, int b) const { return allowed_[pairing_slot(a * n_ + b)] != 0; }
    bool colours_granted(int a, int b) const {
        return !same_preference(prefs_[pairing_slot(a)], prefs_[pairing_slot(b)]);
    }
    bool bye_ok(int a) const { return ranked(a).bye_allowed; }

    // A lower bound on the pairs of `bracket` whose players want the same colour, when
    // `floaters` of them float: the majority colour's surplus, less those who want nothing
    // and those who float, makes pairs of its own.
    int least_colour_misses(const std::vector<int>& bracket, int floaters) const {
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

    // C.4: can these players (local indices) all be paired, with a bye for an odd one out?
    bool completable(const std::vector<int>& rest) const {
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

private:
    const PairingPlayer& player(int i) const { return request_.players[pairing_slot(i)]; }

    const PairingRequest& request_;
    int n_ = 0;
    std::vector<int> order_;
    std::vector<const PairingPlayer*> ranked_;
    std::vector<char> allowed_;
    std::vector<ColourPreference> prefs_;
};

// The search of one bracket for exactly `pairs` pairs (item 4 of swiss_pairing.h).
class BracketSearch {
public:
    BracketSearch(const DutchPairer& pairer, const std::vector<int>& bracket, int mdps,
                  const std::vector<int>& below, int colour_misses)
        : pairer_(pairer), bracket_(bracket), mdps_(mdps), below_(below),
          misses_left_(colour_misses), used_(bracket.size(), 0), in_s2_(bracket.size(), 0) {}

    bool run(int wanted) {
        const int size = static_cast<int>(bracket_.size());
        return search(0, wanted, size - 2 * wanted);
    }

    std::vector<std::pair<int, int>> pairs; // local indices, higher ranked first
    std::vector<int> floaters;              // local indices, rank order

private:
    int bracket_size() const { return static_cast<int>(bracket_.size()); }
    bool is_used(int pos) const { return used_[pairing_slot(pos)] != 0; }

    // 0: the pair is allowed and both colour preferences can be granted; 1: allowed, but one
    // player misses their preference; -1: not allowed.
    int cost(int x, int y) const {
        const int a = bracket_[pairing_slot(x)];
        const int b = bracket_[pairing_slot(y)];
        if (!pairer_.allowed(a, b))
            return -1;
        return pairer_.colours_granted(a, b) ? 0 : 1;
    }

    // The candidates of position x in the Dutch order.
    std::vector<int> candidates(int x) {
        std::vector<int> out;
        const int size = bracket_size();
        if (x < mdps_) {
            for (int y = mdps_; y < size; ++y)
                if (!is_used(y))
                    out.push_back(y);
            for (int y = x + 1; y < mdps_; ++y)
                if (!is_used(y))
                    out.push_back(y);
            return out;
        }
        const bool x_in_s2 = in_s2_[pairing_slot(x)] != 0;
        for (int y = x + 1; y < size; ++y)
            if (!is_used(y) && in_s2_[pairing_slot(y)] != 0)
                out.push_back(y);
        if (!x_in_s2)
            for (int y = size - 1; y > x; --y)
                if (!is_used(y) && in_s2_[pairing_slot(y)] == 0)
                    out.push_back(y);
        return out;
    }

    // Entering the remainder (the first resident reached): S1 = its first `pairs_left`
    // unused residents, S2 the others.
    void split_remainder(int from, int pairs_left) {
        std::fill(in_s2_.begin(), in_s2_.end(), 0);
        int s1 = 0;
        for (int y = from; y < bracket_size(); ++y) {
            if (is_used(y))
                continue;
            if (s1 < pairs_left)
                ++s1;
            else
                in_s2_[pairing_slot(y)] = 1;
        }
    }

    bool leaf() {
        if (++leaves_ > search_leaf_limit)
            return false;
        std::vector<int> rest;
        for (const int f : floaters)
            rest.push_back(bracket_[pairing_slot(f)]);
        rest.insert(rest.end(), below_.begin(), below_.end());
        return pairer_.completable(rest);
    }

    bool search(int pos, int pairs_left, int floats_left) {
        while (pos < bracket_size() && is_used(pos))
            ++pos;
        if (pos == bracket_size())
            return leaf();
        if (++nodes_ > search_node_limit)
            return false;
        if (pairs_left == 0) { // everyone left floats
            const std::size_t mark = floaters.size();
            for (int y = pos; y < bracket_size(); ++y)
                if (!is_used(y))
                    floaters.push_back(y);
            if (leaf())
                return true;
            floaters.resize(mark);
            return false;
        }
        const bool entering_remainder = pos == mdps_ || (pos > mdps_ && !split_done_);
        const std::vector<char> saved_split = entering_remainder ? in_s2_ : std::vector<char>{};
        const bool saved_done = split_done_;
        if (entering_remainder) {
            split_remainder(pos, pairs_left);
            split_done_ = true;
        }
        used_[pairing_slot(pos)] = 1;
        for (const int y : candidates(pos)) {
            const int c = cost(pos, y);
            if (c < 0 || c > misses_left_)
                continue;
            used_[pairing_slot(y)] = 1;
            pairs.emplace_back(pos, y);
            misses_left_ -= c;
            if (search(pos + 1, pairs_left - 1, floats_left))
                return true;
            misses_left_ += c;
            pairs.pop_back();
            used_[pairing_slot(y)] = 0;
            if (nodes_ > search_node_limit || leaves_ > search_leaf_limit)
                break;
        }
        if (floats_left > 0 && nodes_ <= search_node_limit && leaves_ <= search_leaf_limit) {
            floaters.push_back(pos);
            if (search(pos + 1, pairs_left, floats_left - 1))
                return true;
            floaters.pop_back();
        }
        used_[pairing_slot(pos)] = 0;
        if (entering_remainder) {
            in_s2_ = saved_split;
            split_done_ = saved_done;
        }
        return false;
    }

    const DutchPairer& pairer_;
    const std::vector<int>& bracket_;
    int mdps_;
    const std::vector<int>& below_;
    int misses_left_; // pairs that may still leave a colour preference ungranted
    std::vector<char> used_;
    std::vector<char> in_s2_;
    bool split_done_ = false;
    long nodes_ = 0;
    int leaves_ = 0;
};

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
        return false; // C.04.1 b: no rematch
    const auto key = std::minmax(a.index, b.index);
    if (std::find(forbidden.begin(), forbidden.end(),
                  std::pair<PlayerIndex, PlayerIndex>(key.first, key.second)) != forbidden.end())
        return false;
    const ColourPreference pa = preference_of(a.colours);
    const ColourPreference pb = preference_of(b.colours);
    // C.04.3 C.3: non-topscorers with the same absolute colour preference do not meet.
    return !(pa.strength == Strength::Absolute && pb.strength == Strength::Absolute &&
             pa.colour == pb.colour && !a.topscorer && !b.topscorer);
}

rules::Result<PairingResult> pair_dutch(const PairingRequest& request) {
    const DutchPairer pairer(request);
    const int n = pairer.size();
    std::vector<int> everyone(pairing_slot(n));
    std::iota(everyone.begin(), everyone.end(), 0);
    if (!pairer.completable(everyone))
        return refuse(no_legal_pairing,
                      "no pairing of these players meets the absolute criteria (C.04.1)");

    std::vector<std::pair<int, int>> pairs;
    std::vector<int> movers; // MDPs, rank order
    std::optional<int> bye;
    int pos = 0;
    while (pos < n) {
        std::vector<int> bracket = movers;
        const int mdps = static_cast<int>(movers.size());
        const Points score = pairer.ranked(pos).score;
        while (pos < n && pairer.ranked(pos).score == score)
            bracket.push_back(pos++);
        const std::vector<int> below(everyone.begin() + pos, everyone.end());
        const bool last = pos == n;
        const int most = static_cast<int>(bracket.size()) / 2;
        bool done = false;
        for (int p = most; p >= (last ? most : 0) && !done; --p) {
            // Each number of colour misses once, increasing from what must be missed anyway.
            const int least =
                pairer.least_colour_misses(bracket, static_cast<int>(bracket.size()) - 2 * p);
            int tried = -1;
            for (const int misses : {least, least + 1, least + 2, p}) {
                if (misses > p || misses <= tried)
                    continue;
                tried = misses;
                BracketSearch search(pairer, bracket, mdps, below, misses);
                if (!search.run(p))
                    continue;
                for (const auto& [x, y] : search.pairs)
                    pairs.emplace_back(bracket[pairing_slot(x)], bracket[pairing_slot(y)]);
                movers.clear();
                for (const int f : search.floaters)
                    movers.push_back(bracket[pairing_slot(f)]);
                done = true;
                break;
            }
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
            return std::make_tuple(-pairer.ranked(hi).score, -pairer.ranked(lo).score, hi);
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
