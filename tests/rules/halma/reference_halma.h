#pragma once
// A second, independent move generator for the halma family, simple and slow, for checking
// the counts of rules/halma, and of the places after players leave. It knows nothing of
// rules/halma's tables: it works on the grid of
// BoardView (rules/game.h), finds each seat's home as the cells the seat holds in the standard
// start, and its goal as the home reflected through the centre of the grid. Hops are found by
// depth-first search, every restriction is checked here again from its description in
// rules/halma/README.md.

#include "rules/game.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace halma_reference {

struct Options {
    bool goal_lock = true;
    bool home_before_goal = true;
    bool filled_goal = true;
    int move_limit = 0; // moves in all
};

struct State {
    std::string cells; // BoardView cells: '.' empty, '1'..'6' a seat's piece, ' ' no cell
    int to_move = 0;
    int ply = 0;
    std::vector<int> finished;
    std::vector<int> left; // seats that left (Game::retire), in order
};

class Reference {
public:
    // `start` is the variant's standard start; `options` its rules.
    Reference(const rules::BoardView& start, int players, Options options);

    std::set<std::pair<int, int>> moves(const State& state) const; // (from, to) grid cells
    State play(const State& state, std::pair<int, int> move) const;
    bool over(const State& state) const;
    std::uint64_t perft(const State& state, int depth) const;
    // `seat` leaves: its pieces stay, it is skipped, the turn passes on if it was to move.
    State leave(const State& state, int seat) const;
    // Once over: the reason and the place of each seat (README "Finishing order" and "A
    // player who leaves"), goal distances measured here by a search of the grid.
    std::string reason(const State& state) const;
    std::vector<int> places(const State& state) const;

private:
    std::vector<int> neighbours(int cell) const;
    bool reached(const State& state, int seat) const;
    bool has_finished(const State& state, int seat) const;
    bool stopped(const State& state, int seat) const; // finished or left
    int distance(const State& state, int seat) const;
    void pass_turn(State& state, int from) const;

    int rows_;
    int cols_;
    bool star_;
    int players_;
    Options options_;
    std::vector<std::set<int>> home_;
    std::vector<std::set<int>> goal_;
};

} // namespace halma_reference
