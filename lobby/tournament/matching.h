#pragma once
// Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm): the fallback
// that makes the Swiss pairing find a legal pairing whenever one exists (swiss_pairing.h).
// Vertices are 0..n-1; `allowed(a, b)` must be symmetric. Pure and deterministic: a greedy
// start in vertex order, then one augmenting-path search per vertex left free.

#include <functional>
#include <vector>

namespace lobby::tournament {

// mate[v] = the vertex matched with v, or -1. Stops early, with a matching that is not
// maximum, once `stop_at_first_failure` is set and a free vertex has no augmenting path (what
// a test for a perfect matching needs: such a vertex stays free in every maximum matching).
std::vector<int> maximum_matching(int n, const std::function<bool(int, int)>& allowed,
                                  bool stop_at_first_failure = false);

// True when every vertex can be matched.
bool has_perfect_matching(int n, const std::function<bool(int, int)>& allowed);

} // namespace lobby::tournament
