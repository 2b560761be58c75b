#include "rules/cells.h"

#include <doctest/doctest.h>

#include <utility>
#include <vector>

using rules::Cells;

namespace {

Cells counting(int n) {
    Cells cells;
    for (int i = 0; i < n; ++i)
        cells.push_back(i);
    return cells;
}

std::vector<int> counted(int n) {
    std::vector<int> out;
    for (int i = 0; i < n; ++i)
        out.push_back(i);
    return out;
}

} // namespace

TEST_CASE("cells keep their order and values in place and past it on the heap") {
    for (const int n : {0, 1, 2, 5, 6, 7, 12, 13, 40}) {
        CAPTURE(n);
        const Cells cells = counting(n);
        CHECK(cells.size() == static_cast<std::size_t>(n));
        CHECK(cells.empty() == (n == 0));
        CHECK(cells == counted(n));
        if (n > 0) {
            CHECK(cells.front() == 0);
            CHECK(cells.back() == n - 1);
            CHECK(cells[static_cast<std::size_t>(n / 2)] == n / 2);
        }
    }
    CHECK(Cells{52, 34, 20} == std::vector<int>{52, 34, 20});
    CHECK_FALSE(Cells{52, 34} == std::vector<int>{52, 34, 20});
    CHECK_FALSE(Cells{52, 34} == Cells{52, 35});
}

TEST_CASE("cells copied and moved, in place and on the heap, stay equal and independent") {
    for (const int n : {3, 6, 7, 20}) {
        CAPTURE(n);
        Cells original = counting(n);
        Cells copy = original;
        CHECK(copy == original);
        copy.push_back(99);
        CHECK(original == counted(n)); // the copy has its own cells
        CHECK(copy.size() == original.size() + 1);

        Cells moved = std::move(copy);
        CHECK(moved.size() == static_cast<std::size_t>(n) + 1);
        CHECK(moved.back() == 99);

        Cells assigned = counting(9); // on the heap before, in place or on the heap after
        assigned = original;
        CHECK(assigned == original);
        assigned = std::move(moved);
        CHECK(assigned.back() == 99);
        Cells& same = assigned;
        assigned = same; // self-assignment keeps the cells
        CHECK(assigned.size() == static_cast<std::size_t>(n) + 1);
        assigned.clear();
        CHECK(assigned.empty());
        assigned.push_back(7);
        CHECK(assigned == std::vector<int>{7});
    }
}
