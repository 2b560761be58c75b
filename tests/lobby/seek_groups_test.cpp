// GroupSearch: the first group of mutually fitting seekers in seek order, on bit rows.
#include "lobby/seek_groups.h"

#include <set>
#include <utility>

#include <doctest/doctest.h>

using namespace lobby;

namespace {
using Pairs = std::set<std::pair<std::size_t, std::size_t>>;

// Everyone fits everyone except the listed pairs.
auto all_but(Pairs apart) {
    return [apart = std::move(apart)](std::size_t i, std::size_t j) {
        return !apart.contains({i, j}) && !apart.contains({j, i});
    };
}
} // namespace

TEST_CASE("the oldest seeker with a group is seated with the earliest others who fit") {
    GroupSearch search(6, all_but({}));
    CHECK(search.take_group(3, 100) == std::vector<std::size_t>{0, 1, 2});
    CHECK(search.take_group(3, 100) == std::vector<std::size_t>{3, 4, 5});
    CHECK(search.take_group(3, 100).empty());
    for (std::size_t i = 0; i < 6; ++i)
        CHECK(search.taken(i));
}

TEST_CASE("the search goes back when an early choice leaves the table unfillable") {
    // 0 and 1 fit, but 1 fits neither 2 nor 3: 0, 2, 3 is the table (1 is left).
    GroupSearch search(4, all_but({{1, 2}, {1, 3}}));
    CHECK(search.take_group(3, 100) == std::vector<std::size_t>{0, 2, 3});
    CHECK_FALSE(search.taken(1));
    CHECK(search.take_group(3, 100).empty());
}

TEST_CASE("a seeker who fits nobody is passed over, and later seekers still meet") {
    GroupSearch search(5, all_but({{0, 1}, {0, 2}, {0, 3}, {0, 4}}));
    CHECK(search.take_group(4, 100) == std::vector<std::size_t>{1, 2, 3, 4});
    CHECK_FALSE(search.taken(0));
}

TEST_CASE("rows longer than one word: seekers 0, 63, 64, 127 and 128 of 130") {
    const std::set<std::size_t> friends{0, 63, 64, 127, 128};
    GroupSearch search(130, [&](std::size_t i, std::size_t j) {
        return friends.contains(i) && friends.contains(j);
    });
    CHECK(search.take_group(5, 1000) == std::vector<std::size_t>{0, 63, 64, 127, 128});
    CHECK(search.take_group(2, 1000).empty());
}

TEST_CASE("a search that tries too many candidates gives that seeker up") {
    GroupSearch tight(4, all_but({{1, 2}, {1, 3}}));
    // Seeker 0 tries 1 (nobody left fits both), then 2, then 3: three steps; two are not
    // enough, and no later seeker has a table.
    CHECK(tight.take_group(3, 2).empty());
    GroupSearch enough(4, all_but({{1, 2}, {1, 3}}));
    CHECK(enough.take_group(3, 3) == std::vector<std::size_t>{0, 2, 3});
    // Six classes of seekers who block their own class never fill a table of seven, and the
    // bound keeps the search short.
    GroupSearch blocked(60, [](std::size_t i, std::size_t j) { return i % 6 != j % 6; });
    CHECK(blocked.take_group(7, 10000).empty());
    GroupSearch six(60, [](std::size_t i, std::size_t j) { return i % 6 != j % 6; });
    CHECK(six.take_group(6, 10000) == std::vector<std::size_t>{0, 1, 2, 3, 4, 5});
}
