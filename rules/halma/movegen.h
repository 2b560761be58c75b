#pragma once
// Moves of the halma family. A move is a step to an adjacent empty cell, or a chain of hops,
// each over one adjacent piece of any colour into the empty cell straight beyond; nothing is
// taken and steps and hops do not mix. A move is its origin and destination: every chain of
// hops to the same cell is the same move.
//
// Restrictions (fields of Rules, rules/halma/variants.h):
//   goal_lock         a piece in its goal lands only on goal cells, at every hop
//   home_before_goal  a move may not end in the goal from outside it while, after the move,
//                     one of the player's pieces still stands in its home; a chain may pass
//                     through the goal
#include "rules/halma/layout.h"
#include "rules/halma/position.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rules::halma {

struct Move {
    std::int16_t from = 0;
    std::int16_t to = 0;
    friend bool operator==(const Move&, const Move&) = default;
};

// One hop of a chain: from a landing cell over a piece into the next.
struct Hop {
    std::int16_t from = 0;
    std::int16_t to = 0;
};

// The legal moves of `seat`, by origin then destination, each once. `out` is cleared first.
void generate_moves(const Layout& layout, const Position& position, int seat,
                    std::vector<Move>& out);

bool has_move(const Layout& layout, const Position& position, int seat);

// Every hop the piece on `from` may make in a chain (goal lock applied), from any cell the
// chain can reach. For checking a path a player wrote and for drawing one.
std::vector<Hop> hop_graph(const Layout& layout, const Position& position, int from);

// The path of a move as the hop graph or a step gives it, shortest first: {from, …, to}.
std::vector<int> move_path(const Layout& layout, const Position& position, Move move);

// The position after `move`: the piece moved, the move counted, every seat still playing that
// now meets its goal condition added to the finishing order (the mover first, then in turn
// order), and the turn passed to the next seat still playing that has a move.
Position apply_move(const Layout& layout, const Position& position, Move move);

// The position after `seat` (still playing) leaves the game: its pieces stay where they stand,
// it joins the leaving order, and it is skipped from now on. It is not a move (ply unchanged).
// Its pieces are settled now, which can complete another seat's goal (reached_goal): such
// seats finish, in turn order after the leaver. If the leaver was to move, the turn passes to
// the next seat still playing that has a move.
Position apply_leave(const Layout& layout, const Position& position, int seat);

// Whether `seat` meets its goal condition: all its pieces in its goal, or under
// AntiSpoiling::FilledGoal every goal cell taken with at least one of its pieces among them,
// or every goal cell taken by settled pieces (of seats that have left or finished, which never
// move again) and one of its pieces next to the goal, none at home (under home_before_goal,
// as for entering). Seats that have left never finish.
bool reached_goal(const Layout& layout, const Position& position, int seat);

} // namespace rules::halma
