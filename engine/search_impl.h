#pragma once
// The body of Search<F> (search.h), included at its end.

#include "engine/engine.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace engine {

template <class F>
Search<F>::Search(const F& family, TranspositionTable& table, const SearchLimits& limits,
                  const std::atomic<bool>* stop, const Clock* clock,
                  std::vector<std::uint64_t> history)
    : family_(family), table_(table), limits_(limits), stop_(stop), clock_(clock),
      path_(std::move(history)), moves_(max_ply + 1), order_scores_(max_ply + 1),
      order_index_(max_ply + 1) {
    for (auto& list : moves_)
        list.reserve(64);
}

template <class F> bool Search<F>::should_stop() {
    if (aborted_)
        return true;
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed))
        return aborted_ = true;
    if (!hard_limits_)
        return false;
    if (limits_.node_limit != 0 && nodes_ >= limits_.node_limit)
        return aborted_ = true;
    if ((nodes_ & 1023) == 0 && clock_ != nullptr && limits_.hard_time.count() > 0 &&
        clock_->elapsed() >= limits_.hard_time)
        return aborted_ = true;
    return false;
}

// Iterative deepening. Each iteration scores every root move: the first with a full window,
// the others with a null window at (best - margin), searched again with an open window when
// they beat it, so every move within the margin ends with an exact score.
template <class F>
SearchReport Search<F>::run(const State& root, const std::vector<Move>& root_moves) {
    SearchReport report;
    std::vector<RootScore> scores;
    for (int i = 0; i < static_cast<int>(root_moves.size()); ++i)
        scores.push_back({i, -infinity, false});
    report.scores = scores;
    for (int depth = 1; depth <= limits_.max_depth && depth < max_ply; ++depth) {
        if (!iteration_root(root, root_moves, depth, scores))
            break;
        report.scores = scores;
        report.depth = depth;
        hard_limits_ = true;
        if (is_mate_score(scores.front().score) && scores.front().score > 0 &&
            mate - scores.front().score <= depth)
            break; // a forced win found within the horizon cannot get shorter
        if (clock_ != nullptr && limits_.soft_time.count() > 0 &&
            clock_->elapsed() >= limits_.soft_time)
            break;
        if (limits_.node_limit != 0 && nodes_ >= limits_.node_limit)
            break;
    }
    report.scores = scores;
    report.nodes = nodes_;
    report.cancelled = stop_ != nullptr && stop_->load();
    return report;
}

template <class F>
bool Search<F>::iteration_root(const State& root, const std::vector<Move>& moves, int depth,
                               std::vector<RootScore>& scores) {
    const auto& core = family_.core();
    std::vector<RootScore> next;
    int best = -infinity;
    path_.push_back(root.keys.position_key);
    for (const RootScore& previous : scores) {
        const State child = core.make(root, moves[static_cast<std::size_t>(previous.index)]);
        int score = 0;
        bool exact = true;
        if (next.empty()) {
            score = -negamax(child, depth - 1, -infinity, infinity, 1, true);
        } else {
            const int floor = std::max(best - limits_.margin, -infinity + 1);
            score = -negamax(child, depth - 1, -floor - 1, -floor, 1, true);
            if (score > floor && !aborted_)
                score = -negamax(child, depth - 1, -infinity, -floor, 1, true);
            exact = score > floor;
        }
        if (aborted_)
            break;
        next.push_back({previous.index, score, exact});
        best = std::max(best, score);
    }
    path_.pop_back();
    if (next.size() != scores.size()) {
        // Stopped inside the iteration: a move already searched that beats the previous
        // iteration's best is kept in front; the rest keeps the previous order and scores.
        if (next.empty())
            return false;
        const auto best_found =
            std::max_element(next.begin(), next.end(), [](const RootScore& a, const RootScore& b) {
                return a.exact != b.exact ? b.exact : a.score < b.score;
            });
        const RootScore found = *best_found;
        std::erase_if(scores, [&](const RootScore& s) { return s.index == found.index; });
        scores.insert(scores.begin(), found);
        return false;
    }
    std::stable_sort(next.begin(), next.end(), [](const RootScore& a, const RootScore& b) {
        return a.exact != b.exact ? a.exact : a.score > b.score;
    });
    scores = std::move(next);
    return true;
}

template <class F> bool Search<F>::repeated(const State& state) const {
    const int reach =
        std::min(family_.core().reversible_plies(state), static_cast<int>(path_.size()));
    const std::size_t size = path_.size();
    for (int back = 2; back <= reach; back += 2)
        if (path_[size - static_cast<std::size_t>(back)] == state.keys.position_key)
            return true;
    return false;
}

template <class F> int Search<F>::verdict_score(rules::search::Verdict verdict, int ply) const {
    switch (verdict) {
    case rules::search::Verdict::Loss:
        return -mate + ply;
    case rules::search::Verdict::Win:
        return mate - ply;
    case rules::search::Verdict::Draw:
    case rules::search::Verdict::Ongoing:
        break;
    }
    return 0;
}

// Hash move first, then captures and promotions by the family's value (most valuable victim,
// least valuable attacker), then the two killers of this ply, then by history.
template <class F> void Search<F>::order(const State& state, int ply, int hash_index) {
    const auto& moves = moves_[static_cast<std::size_t>(ply)];
    auto& scores = order_scores_[static_cast<std::size_t>(ply)];
    auto& index = order_index_[static_cast<std::size_t>(ply)];
    scores.resize(moves.size());
    index.resize(moves.size());
    const int side = family_.side(state);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        index[i] = static_cast<int>(i);
        const int tactical = family_.tactical_order(state, moves[i]);
        const int id = family_.move_id(moves[i]);
        int s = history_[side][id];
        if (static_cast<int>(i) == hash_index)
            s = 1 << 30;
        else if (tactical >= 0)
            s = (1 << 28) + tactical;
        else if (id == killers_[ply][0])
            s = (1 << 27) + 1;
        else if (id == killers_[ply][1])
            s = 1 << 27;
        scores[i] = s;
    }
}

template <class F> int Search<F>::pick_next(int ply, int from) {
    auto& scores = order_scores_[static_cast<std::size_t>(ply)];
    auto& index = order_index_[static_cast<std::size_t>(ply)];
    std::size_t best = static_cast<std::size_t>(from);
    for (std::size_t i = best + 1; i < scores.size(); ++i)
        if (scores[i] > scores[best])
            best = i;
    std::swap(scores[best], scores[static_cast<std::size_t>(from)]);
    std::swap(index[best], index[static_cast<std::size_t>(from)]);
    return index[static_cast<std::size_t>(from)];
}

template <class F>
void Search<F>::note_cutoff(const State& state, const Move& move, int ply, int depth) {
    if (family_.tactical_order(state, move) >= 0)
        return;
    const int id = family_.move_id(move);
    if (killers_[ply][0] != id) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = id;
    }
    int& h = history_[family_.side(state)][id];
    h = std::min(h + depth * depth, 1 << 26);
}

template <class F>
int Search<F>::negamax(const State& state, int depth, int alpha, int beta, int ply,
                       bool allow_null) {
    ++nodes_;
    if (should_stop() || repeated(state))
        return 0;
    if (ply >= max_ply - 1)
        return family_.evaluate(state);
    const bool in_check = family_.in_check(state);
    if (in_check)
        ++depth; // a check is answered before the horizon
    if (depth <= 0)
        return quiesce(state, alpha, beta, ply);

    auto& moves = moves_[static_cast<std::size_t>(ply)];
    family_.core().generate(state, moves);
    if (const auto v = family_.core().verdict(state, !moves.empty());
        v != rules::search::Verdict::Ongoing)
        return verdict_score(v, ply);

    const bool pv_node = beta - alpha > 1;
    int hash_index = -1;
    if (const TableEntry* e = table_.probe(state.keys.key)) {
        hash_index = e->move_index < static_cast<int>(moves.size()) ? e->move_index : -1;
        const int s = score_from_table(e->score, ply);
        if (!pv_node && e->depth >= depth &&
            (e->bound == Bound::Exact || (e->bound == Bound::Lower && s >= beta) ||
             (e->bound == Bound::Upper && s <= alpha)))
            return s;
    }
    if constexpr (F::use_null_move) {
        if (!pv_node && !in_check && allow_null && depth >= 3 && beta < mate_bound)
            if (const auto cut = null_move(state, depth, beta, ply))
                return *cut;
    }
    return search_moves(state, depth, alpha, beta, ply, in_check, hash_index);
}

// Null move (the side to move passes): if even then the opponent cannot reach beta, a real
// move will not let it either. Unsound in zugzwang, so only with pieces besides pawns and
// king (families.h), never in check, never twice in a row.
template <class F>
std::optional<int> Search<F>::null_move(const State& state, int depth, int beta, int ply) {
    if (!family_.null_move_allowed(state) || family_.evaluate(state) < beta)
        return std::nullopt;
    const int r = 2 + depth / 4;
    path_.push_back(state.keys.position_key);
    const int s =
        -negamax(family_.make_null(state), depth - 1 - r, -beta, -beta + 1, ply + 1, false);
    path_.pop_back();
    if (aborted_)
        return 0;
    if (s >= beta)
        return s >= mate_bound ? beta : s;
    return std::nullopt;
}

// The moves of a node in order, the first with the full window and the rest with a null
// window (re-searched when they beat alpha); late quiet moves shallower first where the
// family allows it. Stores the result in the table.
template <class F>
int Search<F>::search_moves(const State& state, int depth, int alpha, int beta, int ply,
                            bool in_check, int hash_index) {
    const auto& moves = moves_[static_cast<std::size_t>(ply)];
    order(state, ply, hash_index);
    path_.push_back(state.keys.position_key);
    const int original_alpha = alpha;
    int best = -infinity;
    int best_index = -1;
    const int count = static_cast<int>(moves.size());
    for (int n = 0; n < count; ++n) {
        const int i = pick_next(ply, n);
        const Move move = moves[static_cast<std::size_t>(i)];
        const State child = family_.core().make(state, move);
        int score = 0;
        if (n == 0) {
            score = -negamax(child, depth - 1, -beta, -alpha, ply + 1, true);
        } else {
            const int reduction = late_move_reduction(state, move, depth, ply, n, in_check);
            score = -negamax(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
            if (score > alpha && reduction > 0)
                score = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
            if (score > alpha && score < beta)
                score = -negamax(child, depth - 1, -beta, -alpha, ply + 1, true);
        }
        if (aborted_)
            break;
        if (score > best) {
            best = score;
            best_index = i;
            alpha = std::max(alpha, score);
            if (score >= beta) {
                note_cutoff(state, move, ply, depth);
                break;
            }
        }
    }
    path_.pop_back();
    if (aborted_)
        return 0;
    const Bound bound = best >= beta            ? Bound::Lower
                        : best > original_alpha ? Bound::Exact
                                                : Bound::Upper;
    table_.store(state.keys.key, score_to_table(best, ply), best_index, depth, bound);
    return best;
}

// Late quiet moves of a well-ordered list rarely matter: one ply less after the third, two
// after the eighth at depth 5 or more; never captures, killers, or moves out of check.
template <class F>
int Search<F>::late_move_reduction(const State& state, const Move& move, int depth, int ply, int n,
                                   bool in_check) const {
    if constexpr (!F::use_lmr)
        return 0;
    if (depth < 3 || n < 3 || in_check || family_.tactical_order(state, move) >= 0 ||
        order_scores_[static_cast<std::size_t>(ply)][static_cast<std::size_t>(n)] >= (1 << 27))
        return 0;
    return n >= 8 && depth >= 5 ? 2 : 1;
}

// Quiescence: only captures (and chess promotions) until the position is quiet. In chess the
// side to move may stand pat on its evaluation, except in check; in draughts a capture is
// compulsory, so there is no standing pat while one is on the board.
template <class F> int Search<F>::quiesce(const State& state, int alpha, int beta, int ply) {
    ++nodes_;
    if (should_stop())
        return 0;
    if (ply >= max_ply - 1)
        return family_.evaluate(state);
    const auto& core = family_.core();
    auto& moves = moves_[static_cast<std::size_t>(ply)];
    core.generate(state, moves);
    if (const auto v = core.verdict(state, !moves.empty()); v != rules::search::Verdict::Ongoing)
        return verdict_score(v, ply);

    const bool in_check = family_.in_check(state);
    int best = -infinity;
    if constexpr (F::capture_is_compulsory) {
        if (!core.is_capture(state, moves.front()))
            return family_.evaluate(state);
    } else if (!in_check) {
        best = family_.evaluate(state);
        if (best >= beta)
            return best;
        alpha = std::max(alpha, best);
    }
    order(state, ply, -1);
    path_.push_back(state.keys.position_key);
    const int count = static_cast<int>(moves.size());
    for (int n = 0; n < count; ++n) {
        const int i = pick_next(ply, n);
        const Move move = moves[static_cast<std::size_t>(i)];
        if (!F::capture_is_compulsory && !in_check && family_.tactical_order(state, move) < 0)
            break; // ordered: the quiet moves come after every tactical one
        const int score = -quiesce(core.make(state, move), -beta, -alpha, ply + 1);
        if (aborted_)
            break;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta)
                    break;
            }
        }
    }
    path_.pop_back();
    return aborted_ ? 0 : best;
}

} // namespace engine
