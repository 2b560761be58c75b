#include "lobby/tournament/matching.h"

#include <cstddef>
#include <deque>

namespace lobby::tournament {

namespace {

// One blossom search state, reused for every augmentation (Edmonds 1965; the usual
// queue-based formulation with bases and blossom contraction by relabelling).
class BlossomSearch {
public:
    BlossomSearch(int n, const std::function<bool(int, int)>& allowed)
        : n_(n), adjacency_(static_cast<std::size_t>(n)), mate_(static_cast<std::size_t>(n), -1),
          parent_(static_cast<std::size_t>(n)), base_(static_cast<std::size_t>(n)),
          in_tree_(static_cast<std::size_t>(n)), in_blossom_(static_cast<std::size_t>(n)),
          on_path_(static_cast<std::size_t>(n)) {
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b)
                if (allowed(a, b)) {
                    at(adjacency_, a).push_back(b);
                    at(adjacency_, b).push_back(a);
                }
        for (int a = 0; a < n; ++a) // greedy start
            if (at(mate_, a) < 0)
                for (const int b : at(adjacency_, a))
                    if (at(mate_, b) < 0) {
                        at(mate_, a) = b;
                        at(mate_, b) = a;
                        break;
                    }
    }

    // Augments from a free root; false when no augmenting path starts there.
    bool augment(int root) {
        int v = find_path(root);
        if (v < 0)
            return false;
        while (v >= 0) {
            const int pv = at(parent_, v);
            const int next = at(mate_, pv);
            at(mate_, v) = pv;
            at(mate_, pv) = v;
            v = next;
        }
        return true;
    }

    const std::vector<int>& mate() const { return mate_; }

private:
    template <class T> static T& at(std::vector<T>& v, int i) {
        return v[static_cast<std::size_t>(i)];
    }
    static bool flag(const std::vector<char>& v, int i) {
        return v[static_cast<std::size_t>(i)] != 0;
    }

    int common_base(int a, int b) {
        on_path_.assign(static_cast<std::size_t>(n_), 0);
        for (;;) {
            a = at(base_, a);
            at(on_path_, a) = 1;
            if (at(mate_, a) < 0)
                break;
            a = at(parent_, at(mate_, a));
        }
        for (;;) {
            b = at(base_, b);
            if (flag(on_path_, b))
                return b;
            b = at(parent_, at(mate_, b));
        }
    }

    void mark_path(int v, int b, int child) {
        while (at(base_, v) != b) {
            at(in_blossom_, at(base_, v)) = 1;
            at(in_blossom_, at(base_, at(mate_, v))) = 1;
            at(parent_, v) = child;
            child = at(mate_, v);
            v = at(parent_, at(mate_, v));
        }
    }

    int find_path(int root) {
        in_tree_.assign(static_cast<std::size_t>(n_), 0);
        parent_.assign(static_cast<std::size_t>(n_), -1);
        for (int i = 0; i < n_; ++i)
            at(base_, i) = i;
        at(in_tree_, root) = 1;
        std::deque<int> queue{root};
        while (!queue.empty()) {
            const int v = queue.front();
            queue.pop_front();
            for (const int to : at(adjacency_, v)) {
                if (at(base_, v) == at(base_, to) || at(mate_, v) == to)
                    continue;
                if (to == root || (at(mate_, to) >= 0 && at(parent_, at(mate_, to)) >= 0)) {
                    const int b = common_base(v, to);
                    in_blossom_.assign(static_cast<std::size_t>(n_), 0);
                    mark_path(v, b, to);
                    mark_path(to, b, v);
                    for (int i = 0; i < n_; ++i)
                        if (flag(in_blossom_, at(base_, i))) {
                            at(base_, i) = b;
                            if (!flag(in_tree_, i)) {
                                at(in_tree_, i) = 1;
                                queue.push_back(i);
                            }
                        }
                } else if (at(parent_, to) < 0) {
                    at(parent_, to) = v;
                    if (at(mate_, to) < 0)
                        return to;
                    const int next = at(mate_, to);
                    at(in_tree_, next) = 1;
                    queue.push_back(next);
                }
            }
        }
        return -1;
    }

    int n_;
    std::vector<std::vector<int>> adjacency_;
    std::vector<int> mate_;
    std::vector<int> parent_;
    std::vector<int> base_;
    std::vector<char> in_tree_;
    std::vector<char> in_blossom_;
    std::vector<char> on_path_;
};

} // namespace

std::vector<int> maximum_matching(int n, const std::function<bool(int, int)>& allowed,
                                  bool stop_at_first_failure) {
    BlossomSearch search(n, allowed);
    for (int v = 0; v < n; ++v)
        if (search.mate()[static_cast<std::size_t>(v)] < 0 && !search.augment(v) &&
            stop_at_first_failure)
            break;
    return search.mate();
}

bool has_perfect_matching(int n, const std::function<bool(int, int)>& allowed) {
    if (n % 2 != 0)
        return false;
    const std::vector<int> mate = maximum_matching(n, allowed, true);
    for (const int m : mate)
        if (m < 0)
            return false;
    return true;
}

} // namespace lobby::tournament
