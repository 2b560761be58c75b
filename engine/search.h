#pragma once
// The one search of every game family: iterative-deepening negamax alpha-beta with principal
// variation search, a transposition table, move ordering (hash move, captures by value,
// killers, history) and a quiescence search. A Family (families.h) brings the rules core,
// its evaluation and what pruning is sound in its game.

#include "engine/score.h"
#include "engine/transposition_table.h"
#include "rules/search.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace engine {

class Clock;

struct SearchLimits {
    int max_depth = 1;
    std::uint64_t node_limit = 0;           // 0: none
    std::chrono::milliseconds soft_time{0}; // 0: none; no new iteration after it
    std::chrono::milliseconds hard_time{0}; // 0: none; stop at once
    int margin = 0; // root moves scoring within `margin` of the best get exact scores
};

struct RootScore {
    int index = 0; // into the root move list
    int score = -infinity;
    bool exact = false; // false: at most `score`
};

struct SearchReport {
    std::vector<RootScore> scores; // of the last completed iteration, best first
    int depth = 0;
    std::uint64_t nodes = 0;
    bool cancelled = false;
};

template <class F> class Search {
public:
    using Core = typename F::Core;
    using State = typename Core::State;
    using Move = typename Core::Move;

    // `history` holds the position keys of the game before the root, oldest first.
    Search(const F& family, TranspositionTable& table, const SearchLimits& limits,
           const std::atomic<bool>* stop, const Clock* clock, std::vector<std::uint64_t> history);

    SearchReport run(const State& root, const std::vector<Move>& root_moves);

private:
    int negamax(const State& state, int depth, int alpha, int beta, int ply, bool allow_null);
    std::optional<int> null_move(const State& state, int depth, int beta, int ply);
    int search_moves(const State& state, int depth, int alpha, int beta, int ply, bool in_check,
                     int hash_index);
    int late_move_reduction(const State& state, const Move& move, int depth, int ply, int n,
                            bool in_check) const;
    int quiesce(const State& state, int alpha, int beta, int ply);
    bool repeated(const State& state) const;
    int verdict_score(rules::search::Verdict verdict, int ply) const;
    void order(const State& state, int ply, int hash_index);
    int pick_next(int ply, int from); // selection sort step; returns the move's index
    void note_cutoff(const State& state, const Move& move, int ply, int depth);
    bool should_stop();
    bool iteration_root(const State& root, const std::vector<Move>& moves, int depth,
                        std::vector<RootScore>& scores);

    const F& family_;
    TranspositionTable& table_;
    SearchLimits limits_;
    const std::atomic<bool>* stop_;
    const Clock* clock_;
    std::vector<std::uint64_t> path_; // position keys before the current node
    std::vector<std::vector<Move>> moves_;
    std::vector<std::vector<int>> order_scores_;
    std::vector<std::vector<int>> order_index_;
    int killers_[max_ply][2] = {};
    int history_[2][4096] = {};
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
    bool hard_limits_ = false; // the node and time caps apply (not before depth 1 is done)
};

} // namespace engine

#include "engine/search_impl.h"
