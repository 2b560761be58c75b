#include "lobby/tournament/swiss_pairing_exchanges.h"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace lobby::tournament {

namespace {

// `size` BSNs chosen out of `count` consecutive ones.
struct Choice {
    int count = 0;
    int size = 0;
};

// How many ways `choice` has, or limit + 1 once there are more than `limit`.
long ways_capped(Choice choice, long limit) {
    long result = 1;
    for (int i = 1; i <= choice.size; ++i) {
        result = result * (choice.count - choice.size + i) / i;
        if (result > limit)
            return limit + 1;
    }
    return result;
}

// Every way of `choice` out of first, first + 1, ..., each ascending.
std::vector<std::vector<int>> subsets(int first, Choice choice) {
    std::vector<std::vector<int>> out;
    std::vector<int> pick(static_cast<std::size_t>(choice.size));
    std::iota(pick.begin(), pick.end(), first);
    const int end = first + choice.count;
    const int size = choice.size;
    while (true) {
        out.push_back(pick);
        int i = size - 1;
        while (i >= 0 && pick[static_cast<std::size_t>(i)] == end - size + i)
            --i;
        if (i < 0)
            return out;
        ++pick[static_cast<std::size_t>(i)];
        for (int j = i + 1; j < size; ++j)
            pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
    }
}

int sum_of(const std::vector<int>& v) {
    return std::accumulate(v.begin(), v.end(), 0);
}

} // namespace

std::optional<std::vector<ResidentExchange>> resident_exchanges(RemainderSplit split, int size) {
    const int s1 = split.s1;
    const int s2 = split.s2;
    const long limit = resident_exchange_limit;
    if (size == 0)
        return std::vector<ResidentExchange>{ResidentExchange{}};
    if (size > s1 || size > s2)
        return std::vector<ResidentExchange>{};
    const Choice leaving_s1{s1, size};
    const Choice entering_s1{s2, size};
    const long outs = ways_capped(leaving_s1, limit);
    const long ins = ways_capped(entering_s1, limit);
    if (outs > limit || ins > limit || outs * ins > limit)
        return std::nullopt;
    std::vector<ResidentExchange> out;
    for (std::vector<int> leaving : subsets(0, leaving_s1)) {
        std::reverse(leaving.begin(), leaving.end());
        for (const std::vector<int>& entering : subsets(s1, entering_s1))
            out.push_back({leaving, entering});
    }
    // 4.3: (a) the number exchanged is `size` for all; (b) the smaller sum difference;
    // (c) the higher differing BSN out of S1, that is the lexicographically greater list
    // from the highest down; (d) the lower differing BSN into S1, the lexicographically
    // smaller list from the lowest up.
    std::stable_sort(out.begin(), out.end(),
                     [](const ResidentExchange& a, const ResidentExchange& b) {
                         const int da = sum_of(a.into_s1) - sum_of(a.out_of_s1);
                         const int db = sum_of(b.into_s1) - sum_of(b.out_of_s1);
                         if (da != db)
                             return da < db;
                         if (a.out_of_s1 != b.out_of_s1)
                             return a.out_of_s1 > b.out_of_s1;
                         return a.into_s1 < b.into_s1;
                     });
    return out;
}

} // namespace lobby::tournament
