#pragma once
// How far each seat of a halma-family game (Chinese checkers, Halma) still has to go, the
// measure every level of the computer player plays by. Pure: a table built from the layout,
// then arithmetic over a position.
//
// The cost of a seat still racing, in tenths of a step:
//   10 x the sum over its pieces of the steps (on an empty board) to its goal's apex, the goal
//        cell farthest from its home: a piece in the goal still gains by moving deeper, which
//        leaves room at the goal's mouth for the pieces that come last;
//   + 8 x every step by which its rearmost piece trails its foremost by more than 5 (a
//        straggler left behind costs a finish);
//   + 25 for every piece still at home: under home_before_goal it bars the whole goal, and a
//        piece left there late gets walled in by the opponent's pieces waiting outside that
//        same region (their goal), which they cannot enter either while it stands there;
//   - 3 for every piece already in the goal.
// A seat that has finished costs finished_cost (far below any race) plus 1000 per seat that
// finished before it, so finishing, and finishing first, outweighs any race.

#include "rules/halma/layout.h"
#include "rules/halma/movegen.h"
#include "rules/halma/position.h"

#include <array>
#include <cstdint>

namespace engine::halma {

inline constexpr int finished_cost = -20'000;

class Race {
public:
    explicit Race(const rules::halma::Layout& layout);

    const rules::halma::Layout& layout() const { return *layout_; }
    // Steps from `cell` to the apex of `seat`'s goal on an empty board.
    int apex_distance(int seat, int cell) const {
        return apex_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(cell)];
    }
    // The cost of `seat` in `position` (above); lower is better.
    int cost(const rules::halma::Position& position, int seat) const;
    // The steps a move gains towards its mover's apex (negative: it goes back).
    int progress(int seat, rules::halma::Move move) const {
        return apex_distance(seat, move.from) - apex_distance(seat, move.to);
    }

private:
    const rules::halma::Layout* layout_;
    std::array<std::array<std::uint8_t, rules::halma::max_cells>, rules::halma::max_seats> apex_{};
};

} // namespace engine::halma
