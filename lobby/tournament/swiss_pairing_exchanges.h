#pragma once
// The resident exchanges of the Dutch system (FIDE Handbook C.04.3 effective from 1 February
// 2026, Article 4.3) in the order the text gives them, for the bracket search
// (swiss_pairing_bracket.h): a homogeneous bracket or remainder whose original S1 holds the
// BSNs 0 to s1 - 1 and whose original S2 the next s2 (BSNs counted from 0 here, from 1 in the
// text; the order is the same). Pure.

#include <optional>
#include <vector>

namespace lobby::tournament {

// One exchange: equally many BSNs moved from the original S1 to S2 and from S2 to S1.
struct ResidentExchange {
    std::vector<int> out_of_s1; // highest first
    std::vector<int> into_s1;   // lowest first
};

// The original subgroups of a remainder: how many BSNs each holds.
struct RemainderSplit {
    int s1 = 0;
    int s2 = 0;
};

// The most exchanges of one size that are listed (a bound on the work, not a rule).
inline constexpr long resident_exchange_limit = 20000;

// The exchanges of exactly `size` players each way, sorted as 4.3 sorts them: the smaller
// difference between the sum moved into S1 and the sum moved out of it first, then the one
// moving the higher differing BSN out of S1, then the one moving the lower differing BSN into
// S1. Size 0 is the original S1 and S2 alone. Nothing when there are more than
// resident_exchange_limit of them.
std::optional<std::vector<ResidentExchange>> resident_exchanges(RemainderSplit split, int size);

} // namespace lobby::tournament
