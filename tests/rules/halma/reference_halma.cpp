#include "reference_halma.h"

#include <algorithm>
#include <functional>

namespace halma_reference {

Reference::Reference(const rules::BoardView& start, int players, Options options)
    : rows_(start.rows), cols_(start.cols), star_(start.rows == 17), players_(players),
      options_(options), home_(static_cast<std::size_t>(players)),
      goal_(static_cast<std::size_t>(players)) {
    for (int i = 0; i < rows_ * cols_; ++i) {
        const char c = start.cells[static_cast<std::size_t>(i)];
        if (c < '1' || c > '6')
            continue;
        const auto seat = static_cast<std::size_t>(c - '1');
        const int row = i / cols_;
        const int col = i % cols_;
        home_[seat].insert(i);
        goal_[seat].insert((rows_ - 1 - row) * cols_ + (cols_ - 1 - col));
    }
}

// The cell one step from `cell` in each direction, or -1: on the star two columns along a row
// or one column along the next row; on the square the eight king steps.
std::vector<int> Reference::neighbours(int cell) const {
    static const std::vector<std::pair<int, int>> star = {{0, 2},  {0, -2}, {1, 1},
                                                          {1, -1}, {-1, 1}, {-1, -1}};
    static const std::vector<std::pair<int, int>> square = {{0, 1}, {0, -1}, {1, 0},  {-1, 0},
                                                            {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    std::vector<int> out;
    for (const auto& [dr, dc] : star_ ? star : square) {
        const int row = cell / cols_ + dr;
        const int col = cell % cols_ + dc;
        const bool on = row >= 0 && row < rows_ && col >= 0 && col < cols_;
        out.push_back(on ? row * cols_ + col : -1);
    }
    return out;
}

bool Reference::has_finished(const State& state, int seat) const {
    return std::find(state.finished.begin(), state.finished.end(), seat) != state.finished.end();
}

bool Reference::stopped(const State& state, int seat) const {
    return has_finished(state, seat) ||
           std::find(state.left.begin(), state.left.end(), seat) != state.left.end();
}

bool Reference::reached(const State& state, int seat) const {
    const char own = static_cast<char>('1' + seat);
    const auto& goal = goal_[static_cast<std::size_t>(seat)];
    const auto mine = std::count_if(goal.begin(), goal.end(), [&](int c) {
        return state.cells[static_cast<std::size_t>(c)] == own;
    });
    const auto taken = std::count_if(goal.begin(), goal.end(), [&](int c) {
        return state.cells[static_cast<std::size_t>(c)] != '.';
    });
    const auto pieces = std::count(state.cells.begin(), state.cells.end(), own);
    if (mine == pieces)
        return true;
    if (!options_.filled_goal || taken != static_cast<long>(goal.size()))
        return false;
    if (mine > 0)
        return true;
    // Every goal cell held by a piece of a seat that finished or left: one piece next to it.
    for (const int c : goal)
        if (!stopped(state, state.cells[static_cast<std::size_t>(c)] - '1'))
            return false;
    const auto& home = home_[static_cast<std::size_t>(seat)];
    const bool at_home = std::any_of(home.begin(), home.end(), [&](int c) {
        return state.cells[static_cast<std::size_t>(c)] == own;
    });
    if (options_.home_before_goal && at_home)
        return false;
    for (int c = 0; c < rows_ * cols_; ++c) {
        if (state.cells[static_cast<std::size_t>(c)] != own)
            continue;
        for (const int n : neighbours(c))
            if (goal.count(n) > 0)
                return true;
    }
    return false;
}

std::set<std::pair<int, int>> Reference::moves(const State& state) const {
    std::set<std::pair<int, int>> out;
    const int seat = state.to_move;
    const char own = static_cast<char>('1' + seat);
    const auto& home = home_[static_cast<std::size_t>(seat)];
    const auto& goal = goal_[static_cast<std::size_t>(seat)];
    const auto at_home = std::count_if(home.begin(), home.end(), [&](int c) {
        return state.cells[static_cast<std::size_t>(c)] == own;
    });
    for (int from = 0; from < rows_ * cols_; ++from) {
        if (state.cells[static_cast<std::size_t>(from)] != own)
            continue;
        std::string board = state.cells;
        board[static_cast<std::size_t>(from)] = '.';
        const bool locked = options_.goal_lock && goal.count(from) > 0;
        const auto allowed = [&](int cell) { return !locked || goal.count(cell) > 0; };
        const auto open = [&](int cell) {
            return cell >= 0 && board[static_cast<std::size_t>(cell)] == '.';
        };
        std::set<int> to;
        for (const int n : neighbours(from))
            if (open(n) && allowed(n))
                to.insert(n);
        std::set<int> seen{from};
        std::function<void(int)> hop = [&](int at) {
            const auto near = neighbours(at);
            for (std::size_t d = 0; d < near.size(); ++d) {
                const int over = near[d];
                if (over < 0 || board[static_cast<std::size_t>(over)] == ' ' || open(over))
                    continue;
                const int land = neighbours(over)[d];
                if (!open(land) || !allowed(land) || seen.count(land) > 0)
                    continue;
                seen.insert(land);
                to.insert(land);
                hop(land);
            }
        };
        hop(from);
        to.erase(from);
        const auto left = at_home - (home.count(from) > 0 ? 1 : 0);
        for (const int t : to) {
            if (options_.home_before_goal && left > 0 && goal.count(from) == 0 && goal.count(t) > 0)
                continue;
            out.insert({from, t});
        }
    }
    return out;
}

bool Reference::over(const State& state) const {
    const auto out = state.finished.size() + state.left.size();
    if (players_ - static_cast<int>(out) <= 1 || state.ply >= options_.move_limit)
        return true;
    for (int s = 0; s < players_; ++s) {
        State probe = state;
        probe.to_move = s;
        if (!stopped(state, s) && !moves(probe).empty())
            return false;
    }
    return true;
}

// The next seat round the board after `from` that is still in and can move; else the next
// one still in.
void Reference::pass_turn(State& next, int from) const {
    int fallback = -1;
    for (int i = 1; i <= players_; ++i) {
        const int s = (from + i) % players_;
        if (stopped(next, s))
            continue;
        State probe = next;
        probe.to_move = s;
        if (!moves(probe).empty()) {
            next.to_move = s;
            return;
        }
        if (fallback < 0)
            fallback = s;
    }
    next.to_move = fallback < 0 ? from : fallback;
}

State Reference::play(const State& state, std::pair<int, int> move) const {
    State next = state;
    std::swap(next.cells[static_cast<std::size_t>(move.first)],
              next.cells[static_cast<std::size_t>(move.second)]);
    ++next.ply;
    const int mover = state.to_move;
    for (int i = 0; i < players_; ++i) {
        const int s = (mover + i) % players_;
        if (!stopped(next, s) && reached(next, s))
            next.finished.push_back(s);
    }
    pass_turn(next, mover);
    return next;
}

State Reference::leave(const State& state, int seat) const {
    State next = state;
    next.left.push_back(seat);
    for (int i = 1; i <= players_; ++i) {
        const int s = (seat + i) % players_;
        if (!stopped(next, s) && reached(next, s))
            next.finished.push_back(s);
    }
    if (stopped(next, next.to_move))
        pass_turn(next, next.to_move);
    return next;
}

int Reference::distance(const State& state, int seat) const {
    std::vector<int> steps(static_cast<std::size_t>(rows_ * cols_), -1);
    std::vector<int> queue;
    for (const int c : goal_[static_cast<std::size_t>(seat)]) {
        steps[static_cast<std::size_t>(c)] = 0;
        queue.push_back(c);
    }
    for (std::size_t i = 0; i < queue.size(); ++i)
        for (const int n : neighbours(queue[i]))
            if (n >= 0 && state.cells[static_cast<std::size_t>(n)] != ' ' &&
                steps[static_cast<std::size_t>(n)] < 0) {
                steps[static_cast<std::size_t>(n)] = steps[static_cast<std::size_t>(queue[i])] + 1;
                queue.push_back(n);
            }
    int sum = 0;
    for (int c = 0; c < rows_ * cols_; ++c)
        if (state.cells[static_cast<std::size_t>(c)] == '1' + seat)
            sum += steps[static_cast<std::size_t>(c)];
    return sum;
}

std::string Reference::reason(const State& state) const {
    const auto out = state.finished.size() + state.left.size();
    if (players_ - static_cast<int>(out) <= 1)
        return state.finished.empty() ? "retired" : "finished";
    return state.ply >= options_.move_limit ? "move-limit" : "no-moves";
}

std::vector<int> Reference::places(const State& state) const {
    std::vector<int> place(static_cast<std::size_t>(players_), 0);
    int next = 1;
    for (const int s : state.finished)
        place[static_cast<std::size_t>(s)] = next++;
    std::vector<std::pair<int, int>> racing; // (distance, seat) of those still in
    for (int s = 0; s < players_; ++s)
        if (!stopped(state, s))
            racing.push_back({distance(state, s), s});
    std::sort(racing.begin(), racing.end());
    for (std::size_t i = 0; i < racing.size(); ++i) {
        const bool tie = i > 0 && racing[i].first == racing[i - 1].first;
        place[static_cast<std::size_t>(racing[i].second)] =
            tie ? place[static_cast<std::size_t>(racing[i - 1].second)]
                : next + static_cast<int>(i);
    }
    next += static_cast<int>(racing.size());
    for (auto s = state.left.rbegin(); s != state.left.rend(); ++s)
        place[static_cast<std::size_t>(*s)] = next++;
    return place;
}

std::uint64_t Reference::perft(const State& state, int depth) const {
    if (depth == 0)
        return 1;
    if (over(state))
        return 0;
    std::uint64_t nodes = 0;
    for (const auto& move : moves(state))
        nodes += depth == 1 ? 1 : perft(play(state, move), depth - 1);
    return nodes;
}

} // namespace halma_reference
