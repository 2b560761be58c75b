#include "lobby/tournament/swiss_pairing_bracket.h"

#include "lobby/tournament/swiss_pairing_exchanges.h"
#include "lobby/tournament/swiss_pairing_next_bracket.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdlib>
#include <numeric>
#include <tuple>

namespace lobby::tournament {

namespace {

// Bounds of one bracket search (nodes visited, candidates evaluated past C7). A 500-player
// round needs a few hundred nodes per bracket when nothing is in the way (bench/tournament).
constexpr long search_node_limit = 20000;
constexpr int search_leaf_limit = 64;

// A float `rounds_back` rounds before the round being paired (1: the previous round).
Float float_before(const PairingPlayer& p, std::size_t rounds_back) {
    return p.floats.size() >= rounds_back ? p.floats[p.floats.size() - rounds_back] : Float::None;
}

// The failure values of a bracket's candidate for the quality criteria C7 to C21 of C.04.3
// (C6, the number of pairs, is fixed by the caller), compared in that order: the first that
// differs decides (3.8.1). Lower is better; lists are sorted from the highest down.
struct Quality {
    std::vector<Points> floater_scores;             // C7
    int next_unpaired = 0;                          // C8, by C6: what the next bracket cannot pair
    std::vector<Points> next_floater_scores;        // C8, by C7: their scores, highest first
    int bye_unplayed = 0;                           // C9
    std::array<int, 8> counts{};                    // C10 to C17, in this order
    std::array<std::vector<Points>, 4> differences; // C18 to C21, in this order

    friend bool operator<(const Quality& a, const Quality& b) {
        return std::tie(a.floater_scores, a.next_unpaired, a.next_floater_scores, a.bye_unplayed,
                        a.counts, a.differences) < std::tie(b.floater_scores, b.next_unpaired,
                                                            b.next_floater_scores, b.bye_unplayed,
                                                            b.counts, b.differences);
    }
};

// Indices into Quality::counts.
constexpr std::size_t topscorer_difference = 0; // C10: a topscorer or their opponent beyond +-2
constexpr std::size_t topscorer_three = 1;      // C11: ... one colour three times in a row
constexpr std::size_t colour_missed = 2;        // C12: a player misses their colour preference
constexpr std::size_t strong_missed = 3;        // C13: ... a strong (or absolute) preference
constexpr std::size_t downfloat_again_1 = 4;    // C14: a resident downfloater, down last round
constexpr std::size_t upfloat_again_1 = 5;      // C15: an MDP's opponent, up last round
constexpr std::size_t downfloat_again_2 = 6;    // C16: as C14, two rounds before
constexpr std::size_t upfloat_again_2 = 7;      // C17: as C15, two rounds before

// The search of one bracket for exactly `pairs` pairs (item 4 of swiss_pairing.h): the
// candidates in the Dutch order, the best by Quality kept (the earliest among equals), a
// branch cut once a lower bound of what it can reach is no better than the best so far.
class BracketSearch {
public:
    BracketSearch(const DutchPairer& pairer, const BracketInput& input)
        : pairer_(pairer), bracket_(input.players), mdps_(input.mdps), below_(input.below),
          last_(input.last), next_group_(input.next_group), used_(input.players.size(), 0) {}

    bool run(int wanted) {
        const int size = bracket_size();
        ideal_ = ideal(wanted);
        const int floats = size - 2 * wanted;
        // MDPs meet each other only when no candidate of `wanted` pairs exists without.
        if (!pair_mdps(wanted, floats) && !found_ && mdps_ > 1)
            search(0, wanted, floats);
        pairs = best_pairs_;
        floaters = best_floaters_;
        return found_;
    }

    std::vector<std::pair<int, int>> pairs; // local indices, higher ranked first
    std::vector<int> floaters;              // local indices, rank order

private:
    int bracket_size() const { return static_cast<int>(bracket_.size()); }
    bool is_used(int pos) const { return used_[pairing_slot(pos)] != 0; }
    int at(int pos) const { return bracket_[pairing_slot(pos)]; }
    bool is_mdp(int pos) const { return pos < mdps_; }

    // What pairing bracket positions x (higher ranked) and y adds to Quality::counts.
    std::array<int, 8> pair_counts(int x, int y) const {
        std::array<int, 8> c{};
        const int a = at(x);
        const int b = at(y);
        const PairingPlayer& pa = pairer_.ranked(a);
        const PairingPlayer& pb = pairer_.ranked(b);
        const ColourPreference& qa = pairer_.preference(a);
        const ColourPreference& qb = pairer_.preference(b);
        if (same_preference(qa, qb)) {
            ++c[colour_missed];
            // 5.2.2: the stronger preference is granted, so the weaker one is missed.
            if (std::min(qa.strength, qb.strength) >= Strength::Strong)
                ++c[strong_missed];
        }
        if (pa.topscorer || pb.topscorer) {
            const Colour first =
                allocate_colours(pa.colours, pb.colours, pa.index + 1, pairer_.initial());
            for (const auto& [who, colour] :
                 {std::pair(&pa, first), std::pair(&pb, opposite(first))}) {
                std::vector<Colour> after = who->colours;
                after.push_back(colour);
                if (std::abs(preference_of(after).difference) > 2)
                    ++c[topscorer_difference];
                const std::size_t n = after.size();
                if (n >= 3 && after[n - 2] == colour && after[n - 3] == colour)
                    ++c[topscorer_three];
            }
        }
        if (pa.score != pb.score) { // b upfloats (the lower score is the lower rank)
            if (float_before(pb, 1) == Float::Up)
                ++c[upfloat_again_1];
            if (float_before(pb, 2) == Float::Up)
                ++c[upfloat_again_2];
        }
        return c;
    }

    // What a floating resident at position x adds to Quality::counts (C14, C16; an MDP that
    // floats again counts in C18 and C20 instead).
    std::array<int, 8> float_counts(int x) const {
        std::array<int, 8> c{};
        if (is_mdp(x))
            return c;
        const PairingPlayer& p = pairer_.ranked(at(x));
        if (float_before(p, 1) == Float::Down)
            ++c[downfloat_again_1];
        if (float_before(p, 2) == Float::Down)
            ++c[downfloat_again_2];
        return c;
    }

    void add(const std::array<int, 8>& c, int sign) {
        for (std::size_t i = 0; i < c.size(); ++i)
            counts_[i] += sign * c[i];
    }

    // The best a candidate of `wanted` pairs could be: the lowest ranked players float, the
    // following bracket pairs all it can, and nothing else fails but the colour preferences
    // the bracket cannot grant anyway.
    Quality ideal(int wanted) const {
        Quality q;
        const int floats = bracket_size() - 2 * wanted;
        for (int pos = bracket_size() - floats; pos < bracket_size(); ++pos)
            q.floater_scores.push_back(pairer_.score(at(pos)));
        if (!last_ && !next_group_.empty()) {
            // MDPs do not meet one another there: those beyond its residents float again, with
            // at least the lowest score of this bracket; a resident floats if the count is odd.
            const int next_size = static_cast<int>(next_group_.size());
            const int movers_left = std::max(floats - next_size, 0);
            q.next_unpaired = std::max((floats + next_size) % 2, movers_left);
            q.next_floater_scores.assign(pairing_slot(movers_left),
                                         pairer_.score(at(bracket_size() - 1)));
            q.next_floater_scores.resize(pairing_slot(q.next_unpaired),
                                         pairer_.score(next_group_.front()));
        }
        if (last_ && floats == 1) {
            int least = -1;
            for (const int p : bracket_)
                if (pairer_.bye_ok(p) && (least < 0 || pairer_.ranked(p).unplayed < least))
                    least = pairer_.ranked(p).unplayed;
            q.bye_unplayed = std::max(least, 0);
        }
        q.counts[colour_missed] = pairer_.least_colour_misses(bracket_, floats);
        return q;
    }

    // C8: the following bracket, these floaters (rank order) and the next scoregroup.
    NextBracket next_bracket() const {
        if (last_ || next_group_.empty())
            return {};
        std::vector<int> next;
        for (const int f : floaters_)
            next.push_back(at(f));
        const int movers = static_cast<int>(next.size());
        next.insert(next.end(), next_group_.begin(), next_group_.end());
        return judge_next_bracket(pairer_, next, movers);
    }

    // C18 to C21: score differences of repeated floats, highest first. A moved-down player
    // who floats again counts more than any pair (the text leaves a downfloater's difference
    // undefined; it counts here as its score less the bracket's lowest, plus the bracket's
    // whole spread).
    std::array<std::vector<Points>, 4> differences() const {
        std::array<std::vector<Points>, 4> d;
        const Points lowest = pairer_.score(at(bracket_size() - 1));
        const Points spread = pairer_.score(at(0)) - lowest;
        for (const auto& [x, y] : pairs_) {
            const PairingPlayer& h = pairer_.ranked(at(x));
            const PairingPlayer& l = pairer_.ranked(at(y));
            const Points sd = h.score - l.score;
            if (sd == 0)
                continue;
            for (std::size_t back = 1; back <= 2; ++back) {
                if (float_before(h, back) == Float::Down)
                    d[back == 1 ? 0 : 2].push_back(sd);
                if (float_before(l, back) == Float::Up)
                    d[back == 1 ? 1 : 3].push_back(sd);
            }
        }
        for (const int f : floaters_) {
            if (!is_mdp(f))
                continue;
            const PairingPlayer& p = pairer_.ranked(at(f));
            for (std::size_t back = 1; back <= 2; ++back)
                if (float_before(p, back) == Float::Down)
                    d[back == 1 ? 0 : 2].push_back(p.score - lowest + spread + 1);
        }
        for (auto& list : d)
            std::sort(list.rbegin(), list.rend());
        return d;
    }

    std::vector<Points> floater_scores() const {
        std::vector<Points> scores;
        for (const int f : floaters_)
            scores.push_back(pairer_.score(at(f)));
        return scores; // floaters_ are in rank order, so the scores are highest first
    }

    // Counts a node of the search; true once the search is over (a perfect candidate found,
    // or search_node_limit nodes visited).
    bool search_over() {
        if (++nodes_ > search_node_limit)
            stop_ = true;
        return stop_;
    }

    // A branch whose best completion cannot beat the best candidate found is cut: its
    // floaters so far plus the lowest ranked players left, and the counts so far, bound it.
    bool hopeless(int pos, int floats_left) const {
        if (!found_)
            return false;
        Quality bound;
        bound.floater_scores = floater_scores();
        std::vector<Points> tail;
        for (int y = bracket_size() - 1; y >= pos && static_cast<int>(tail.size()) < floats_left;
             --y)
            if (!is_used(y))
                tail.push_back(pairer_.score(at(y)));
        bound.floater_scores.insert(bound.floater_scores.end(), tail.rbegin(), tail.rend());
        bound.next_unpaired = ideal_.next_unpaired;
        bound.next_floater_scores = ideal_.next_floater_scores;
        bound.counts = counts_;
        return !(bound < best_);
    }

    // A complete candidate: kept if it beats the best so far and leaves a pairing below (C4).
    void leaf() {
        Quality q;
        q.floater_scores = floater_scores();
        if (found_ && best_.floater_scores < q.floater_scores)
            return;
        if (++leaves_ > search_leaf_limit) {
            stop_ = true;
            return;
        }
        const NextBracket next = next_bracket();
        q.next_unpaired = next.unpaired;
        q.next_floater_scores = next.floater_scores;
        if (last_ && floaters_.size() == 1)
            q.bye_unplayed = pairer_.ranked(at(floaters_.front())).unplayed;
        q.counts = counts_;
        q.differences = differences();
        if (found_ && !(q < best_))
            return;
        std::vector<int> rest;
        for (const int f : floaters_)
            rest.push_back(at(f));
        rest.insert(rest.end(), below_.begin(), below_.end());
        if (!pairer_.completable(rest))
            return;
        found_ = true;
        best_ = q;
        best_pairs_ = pairs_;
        best_floaters_ = floaters_;
        if (!(ideal_ < best_))
            stop_ = true; // perfect (3.4): nothing can beat it
    }

    // 3.7 and 4.4: the MDPs in the text's order. Each set of MDPs to pair, the larger sets
    // first and, of one size, in the order of their smallest differing BSN (4.4.2), the others
    // (the Limbo) floating; for each set, every MDP-Pairing of it (pair_mdp_set), and for each
    // of those the remainder. Returns true once the search is over.
    bool pair_mdps(int pairs_left, int floats_left) {
        const int most = std::min({mdps_, pairs_left, bracket_size() - mdps_});
        for (int paired = most; paired >= 0 && mdps_ - paired <= floats_left; --paired) {
            std::vector<int> set(pairing_slot(paired));
            std::iota(set.begin(), set.end(), 0);
            do {
                if (pair_limbo_and_set(set, pairs_left, floats_left))
                    return true;
            } while (next_subset(set, mdps_));
        }
        return false;
    }

    // The next subset of 0 .. n - 1 of the same size in lexicographic order, or false.
    static bool next_subset(std::vector<int>& set, int n) {
        const int size = static_cast<int>(set.size());
        int i = size - 1;
        while (i >= 0 && set[pairing_slot(i)] == n - size + i)
            --i;
        if (i < 0)
            return false;
        ++set[pairing_slot(i)];
        for (int j = i + 1; j < size; ++j)
            set[pairing_slot(j)] = set[pairing_slot(j - 1)] + 1;
        return true;
    }

    // The MDPs outside `set` float (the Limbo); `set` is paired.
    bool pair_limbo_and_set(const std::vector<int>& set, int pairs_left, int floats_left) {
        const std::size_t mark = floaters_.size();
        for (int m = 0; m < mdps_; ++m)
            if (std::find(set.begin(), set.end(), m) == set.end()) {
                floaters_.push_back(m);
                used_[pairing_slot(m)] = 1;
            }
        const int limbo = static_cast<int>(floaters_.size() - mark);
        const bool over = pair_mdp_set(set, 0, pairs_left, floats_left - limbo);
        for (std::size_t i = mark; i < floaters_.size(); ++i)
            used_[pairing_slot(floaters_[i])] = 0;
        floaters_.resize(mark);
        return over;
    }

    // An MDP-Pairing (3.3): the MDPs of `set` from the top, each with the residents in order
    // (S2's transpositions, 4.2); then the remainder.
    bool pair_mdp_set(const std::vector<int>& set, std::size_t next, int pairs_left,
                      int floats_left) {
        if (search_over())
            return true;
        if (hopeless(mdps_, floats_left))
            return false;
        if (next == set.size())
            return pairs_left == 0 ? float_the_rest(mdps_) : pair_remainder(pairs_left);
        const int x = set[next];
        used_[pairing_slot(x)] = 1;
        bool over = false;
        for (int y = mdps_; y < bracket_size() && !over; ++y) {
            if (is_used(y) || !pairer_.allowed(at(x), at(y)))
                continue;
            const std::array<int, 8> c = pair_counts(x, y);
            used_[pairing_slot(y)] = 1;
            pairs_.emplace_back(x, y);
            add(c, 1);
            over = pair_mdp_set(set, next + 1, pairs_left - 1, floats_left);
            add(c, -1);
            pairs_.pop_back();
            used_[pairing_slot(y)] = 0;
        }
        used_[pairing_slot(x)] = 0;
        return over;
    }

    // The last resort, when no candidate keeps the MDPs apart: the opponents of moved-down
    // player x, the residents highest first, then the MDPs below it.
    std::vector<int> mdp_candidates(int x) const {
        std::vector<int> out;
        for (int y = mdps_; y < bracket_size(); ++y)
            if (!is_used(y))
                out.push_back(y);
        for (int y = x + 1; y < mdps_; ++y)
            if (!is_used(y))
                out.push_back(y);
        return out;
    }

    // The choices of moved-down player `pos`: each opponent, then floating (the Limbo).
    bool branch(int pos, int pairs_left, int floats_left) {
        for (const int y : mdp_candidates(pos)) {
            if (!pairer_.allowed(at(pos), at(y)))
                continue;
            const std::array<int, 8> c = pair_counts(pos, y);
            used_[pairing_slot(y)] = 1;
            pairs_.emplace_back(pos, y);
            add(c, 1);
            const bool over = search(pos + 1, pairs_left - 1, floats_left);
            add(c, -1);
            pairs_.pop_back();
            used_[pairing_slot(y)] = 0;
            if (over)
                return true;
        }
        if (floats_left == 0)
            return false;
        const std::array<int, 8> c = float_counts(pos);
        floaters_.push_back(pos);
        add(c, 1);
        const bool over = search(pos + 1, pairs_left, floats_left - 1);
        add(c, -1);
        floaters_.pop_back();
        return over;
    }

    // Every unused player from `pos` on floats; the candidate is then complete.
    bool float_the_rest(int pos) {
        const std::size_t mark = floaters_.size();
        for (int y = pos; y < bracket_size(); ++y)
            if (!is_used(y)) {
                floaters_.push_back(y);
                add(float_counts(y), 1);
            }
        leaf();
        for (std::size_t i = mark; i < floaters_.size(); ++i)
            add(float_counts(floaters_[i]), -1);
        floaters_.resize(mark);
        return stop_;
    }

    // The remainder (a homogeneous bracket: every unused resident) in the order of 3.6: with
    // fresh BSNs (4.1), S1 its first `pairs_left` players and S2 the others; every
    // transposition of S2 (4.2), then every exchange of 4.3 in its order, each with all its
    // transpositions. S1 players always pair, with S2 players; the S2 players left float.
    bool pair_remainder(int pairs_left) {
        std::vector<int> residents;
        for (int y = mdps_; y < bracket_size(); ++y)
            if (!is_used(y))
                residents.push_back(y);
        const int s1 = pairs_left;
        const int s2 = static_cast<int>(residents.size()) - s1;
        for (int size = 0; size <= std::min(s1, s2); ++size) {
            const auto exchanges = resident_exchanges({s1, s2}, size);
            if (!exchanges) // past resident_exchange_limit: the best found so far stands
                return false;
            for (const ResidentExchange& exchange : *exchanges)
                if (transpose(subgroups(residents, s1, exchange), 0))
                    return true;
        }
        return false;
    }

    // S1 and S2 (positions, rank order) after `exchange` of the original ones.
    struct Subgroups {
        std::vector<int> s1;
        std::vector<int> s2;
    };
    static Subgroups subgroups(const std::vector<int>& residents, int s1,
                               const ResidentExchange& exchange) {
        Subgroups g;
        for (int bsn = 0; bsn < static_cast<int>(residents.size()); ++bsn) {
            const auto has = [bsn](const std::vector<int>& v) {
                return std::find(v.begin(), v.end(), bsn) != v.end();
            };
            const bool in_s1 = bsn < s1 ? !has(exchange.out_of_s1) : has(exchange.into_s1);
            (in_s1 ? g.s1 : g.s2).push_back(residents[pairing_slot(bsn)]);
        }
        return g;
    }

    // 4.2: S1's players from the top, each with the S2 players in order, so that the pairings
    // come in the lexicographic order of S2. Returns true once the search is over.
    bool transpose(const Subgroups& g, std::size_t next) {
        if (search_over())
            return true;
        if (next == g.s1.size())
            return float_the_rest(mdps_);
        if (hopeless(mdps_, static_cast<int>(g.s2.size() - g.s1.size())) || !partners_left(g, next))
            return false;
        const int x = g.s1[next];
        used_[pairing_slot(x)] = 1;
        bool over = false;
        for (const int y : g.s2) {
            if (is_used(y) || !pairer_.allowed(at(x), at(y)))
                continue;
            const auto [higher, lower] = std::minmax(x, y);
            const std::array<int, 8> c = pair_counts(higher, lower);
            used_[pairing_slot(y)] = 1;
            pairs_.emplace_back(higher, lower);
            add(c, 1);
            over = transpose(g, next + 1);
            add(c, -1);
            pairs_.pop_back();
            used_[pairing_slot(y)] = 0;
            if (over)
                break;
        }
        used_[pairing_slot(x)] = 0;
        return over;
    }

    // Whether every S1 player from `next` on still has an S2 player it may meet (a branch
    // without is cut before its transpositions are tried one by one).
    bool partners_left(const Subgroups& g, std::size_t next) const {
        for (std::size_t i = next; i < g.s1.size(); ++i) {
            const int x = g.s1[i];
            if (std::none_of(g.s2.begin(), g.s2.end(),
                             [&](int y) { return !is_used(y) && pairer_.allowed(at(x), at(y)); }))
                return false;
        }
        return true;
    }

    // Returns true once the search is over (a perfect candidate, or a bound reached).
    bool search(int pos, int pairs_left, int floats_left) {
        while (pos < bracket_size() && is_used(pos))
            ++pos;
        if (pos == bracket_size()) {
            leaf();
            return stop_;
        }
        if (search_over())
            return true;
        if (hopeless(pos, floats_left))
            return false;
        if (pairs_left == 0)
            return float_the_rest(pos);
        if (!is_mdp(pos))
            return pair_remainder(pairs_left);
        used_[pairing_slot(pos)] = 1;
        const bool over = branch(pos, pairs_left, floats_left);
        used_[pairing_slot(pos)] = 0;
        return over;
    }

    const DutchPairer& pairer_;
    const std::vector<int>& bracket_;
    int mdps_;
    const std::vector<int>& below_;
    bool last_;
    const std::vector<int>& next_group_;
    std::vector<char> used_;
    long nodes_ = 0;
    int leaves_ = 0;
    bool stop_ = false;
    std::vector<std::pair<int, int>> pairs_;
    std::vector<int> floaters_;
    std::array<int, 8> counts_{};
    Quality ideal_;
    bool found_ = false;
    Quality best_;
    std::vector<std::pair<int, int>> best_pairs_;
    std::vector<int> best_floaters_;
};

} // namespace

std::optional<BracketPairing> pair_bracket(const DutchPairer& pairer, const BracketInput& input,
                                           int pairs) {
    BracketSearch search(pairer, input);
    if (!search.run(pairs))
        return std::nullopt;
    return BracketPairing{search.pairs, search.floaters};
}

} // namespace lobby::tournament
