#include "rules/halma/movegen.h"

#include <algorithm>

namespace rules::halma {
namespace {

// Breadth-first over the chains of hops of the piece on `from`, lifted off the board (its
// origin counts as empty). Calls on_hop(a, b, first) for every hop a -> b the piece may make
// from a reached cell, `first` when b is reached for the first time.
template <class OnHop>
void explore_hops(const Layout& layout, const Position& position, int from, bool locked, int seat,
                  OnHop&& on_hop) {
    const Board& board = *layout.board;
    const auto open = [&](int c) { return c == from || position.empty(c); };
    std::array<std::int16_t, max_cells> queue{};
    CellSet reached;
    reached.set(static_cast<std::size_t>(from));
    std::size_t head = 0;
    std::size_t tail = 0;
    queue[tail++] = static_cast<std::int16_t>(from);
    while (head < tail) {
        const int at = queue[head++];
        for (int d = 0; d < board.directions; ++d) {
            const int over = board.step(at, d);
            if (over == no_cell || open(over))
                continue;
            const int land = board.step(over, d);
            if (land == no_cell || !open(land) || (locked && !layout.in_goal(seat, land)))
                continue;
            const bool first = !reached.test(static_cast<std::size_t>(land));
            if (first) {
                reached.set(static_cast<std::size_t>(land));
                queue[tail++] = static_cast<std::int16_t>(land);
            }
            on_hop(at, land, first);
        }
    }
}

int seat_on(const Position& position, int cell) {
    return position.cell[static_cast<std::size_t>(cell)] - 1;
}

// The destinations of the piece on `from` (of `seat`), the rules of movegen.h applied.
CellSet destinations(const Layout& layout, const Position& position, int seat, int from,
                     int pieces_at_home) {
    const Board& board = *layout.board;
    const bool locked = layout.rules.goal_lock && layout.in_goal(seat, from);
    CellSet to;
    for (int d = 0; d < board.directions; ++d) {
        const int n = board.step(from, d);
        if (n != no_cell && position.empty(n) && (!locked || layout.in_goal(seat, n)))
            to.set(static_cast<std::size_t>(n));
    }
    explore_hops(layout, position, from, locked, seat, [&](int, int land, bool first) {
        if (first && land != from)
            to.set(static_cast<std::size_t>(land));
    });
    const int left_at_home = pieces_at_home - (layout.in_home(seat, from) ? 1 : 0);
    if (layout.rules.home_before_goal && left_at_home > 0 && !layout.in_goal(seat, from))
        to &= ~layout.goal[static_cast<std::size_t>(seat)];
    return to;
}

int pieces_at_home(const Layout& layout, const Position& position, int seat) {
    int count = 0;
    for (int c = 0; c < layout.board->cells; ++c)
        if (position.holds(c, seat) && layout.in_home(seat, c))
            ++count;
    return count;
}

// The next seat after `seat` in turn order that is still playing and has a move; else the next
// seat still playing; else `seat`.
int next_seat(const Layout& layout, const Position& position, int seat) {
    const int players = layout.players();
    int fallback = -1;
    for (int i = 1; i <= players; ++i) {
        const int s = (seat + i) % players;
        if (!position.playing(s))
            continue;
        if (has_move(layout, position, s))
            return s;
        if (fallback < 0)
            fallback = s;
    }
    return fallback < 0 ? seat : fallback;
}

// Adds to the finishing order every seat still playing that now meets its goal condition,
// in turn order from `first`.
void record_arrivals(const Layout& layout, Position& position, int first) {
    const int players = layout.players();
    for (int i = 0; i < players; ++i) {
        const int s = (first + i) % players;
        if (position.playing(s) && reached_goal(layout, position, s))
            position.finished[position.finished_count++] = static_cast<std::uint8_t>(s);
    }
}

// Whether a piece of `seat` stands next to a cell of its goal.
bool next_to_goal(const Layout& layout, const Position& position, int seat) {
    const Board& board = *layout.board;
    for (int c = 0; c < board.cells; ++c) {
        if (!position.holds(c, seat))
            continue;
        for (int d = 0; d < board.directions; ++d) {
            const int n = board.step(c, d);
            if (n != no_cell && layout.in_goal(seat, n))
                return true;
        }
    }
    return false;
}

// Whether every cell of the goal of `seat` holds a settled piece: one of a seat that has left
// or finished, which will never move again.
bool goal_settled(const Layout& layout, const Position& position, int seat) {
    const CellSet& goal = layout.goal[static_cast<std::size_t>(seat)];
    for (int c = 0; c < layout.board->cells; ++c) {
        if (!goal.test(static_cast<std::size_t>(c)))
            continue;
        if (position.empty(c) || position.playing(seat_on(position, c)))
            return false;
    }
    return true;
}

} // namespace

void generate_moves(const Layout& layout, const Position& position, int seat,
                    std::vector<Move>& out) {
    out.clear();
    const int home = pieces_at_home(layout, position, seat);
    for (int from = 0; from < layout.board->cells; ++from) {
        if (!position.holds(from, seat))
            continue;
        const CellSet to = destinations(layout, position, seat, from, home);
        for (int c = 0; c < layout.board->cells; ++c)
            if (to.test(static_cast<std::size_t>(c)))
                out.push_back({static_cast<std::int16_t>(from), static_cast<std::int16_t>(c)});
    }
}

bool has_move(const Layout& layout, const Position& position, int seat) {
    const int home = pieces_at_home(layout, position, seat);
    for (int from = 0; from < layout.board->cells; ++from)
        if (position.holds(from, seat) && destinations(layout, position, seat, from, home).any())
            return true;
    return false;
}

std::vector<Hop> hop_graph(const Layout& layout, const Position& position, int from) {
    std::vector<Hop> hops;
    const int seat = seat_on(position, from);
    if (seat < 0)
        return hops;
    const bool locked = layout.rules.goal_lock && layout.in_goal(seat, from);
    explore_hops(layout, position, from, locked, seat, [&](int a, int b, bool) {
        hops.push_back({static_cast<std::int16_t>(a), static_cast<std::int16_t>(b)});
    });
    return hops;
}

std::vector<int> move_path(const Layout& layout, const Position& position, Move move) {
    const Board& board = *layout.board;
    for (int d = 0; d < board.directions; ++d)
        if (board.step(move.from, d) == move.to)
            return {move.from, move.to};
    // Breadth-first order reaches each cell first by a shortest chain: follow the parents.
    std::array<std::int16_t, max_cells> parent{};
    parent.fill(static_cast<std::int16_t>(no_cell));
    const int seat = seat_on(position, move.from);
    const bool locked = layout.rules.goal_lock && layout.in_goal(seat, move.from);
    explore_hops(layout, position, move.from, locked, seat, [&](int a, int b, bool first) {
        if (first)
            parent[static_cast<std::size_t>(b)] = static_cast<std::int16_t>(a);
    });
    std::vector<int> path{move.to};
    while (path.back() != move.from && parent[static_cast<std::size_t>(path.back())] != no_cell)
        path.push_back(parent[static_cast<std::size_t>(path.back())]);
    std::reverse(path.begin(), path.end());
    return path;
}

bool reached_goal(const Layout& layout, const Position& position, int seat) {
    const CellSet& goal = layout.goal[static_cast<std::size_t>(seat)];
    int own = 0;
    int taken = 0;
    for (int c = 0; c < layout.board->cells; ++c) {
        if (!goal.test(static_cast<std::size_t>(c)) || position.empty(c))
            continue;
        ++taken;
        if (position.holds(c, seat))
            ++own;
    }
    if (own == layout.rules.pieces)
        return true;
    if (layout.rules.anti_spoiling != AntiSpoiling::FilledGoal ||
        taken != static_cast<int>(goal.count()))
        return false;
    if (own > 0)
        return true;
    // A goal held wholly by settled pieces can never be entered: a piece next to it is enough,
    // once the player could have entered (home_before_goal: nothing left at home).
    const bool could_enter =
        !layout.rules.home_before_goal || pieces_at_home(layout, position, seat) == 0;
    return could_enter && goal_settled(layout, position, seat) &&
           next_to_goal(layout, position, seat);
}

Position apply_move(const Layout& layout, const Position& position, Move move) {
    Position next = position;
    const int mover = seat_on(position, move.from);
    next.cell[static_cast<std::size_t>(move.to)] = next.cell[static_cast<std::size_t>(move.from)];
    next.cell[static_cast<std::size_t>(move.from)] = empty_cell;
    ++next.ply;
    record_arrivals(layout, next, mover);
    next.to_move = static_cast<std::uint8_t>(next_seat(layout, next, mover));
    return next;
}

Position apply_leave(const Layout& layout, const Position& position, int seat) {
    Position next = position;
    next.left_mask = static_cast<std::uint8_t>(next.left_mask | (1U << seat));
    next.left[next.left_count++] = static_cast<std::uint8_t>(seat);
    record_arrivals(layout, next, (seat + 1) % layout.players());
    if (!next.playing(next.to_move))
        next.to_move = static_cast<std::uint8_t>(next_seat(layout, next, next.to_move));
    return next;
}

Position start_position(const Layout& layout) {
    Position position;
    for (int seat = 0; seat < layout.players(); ++seat)
        for (int c = 0; c < layout.board->cells; ++c)
            if (layout.in_home(seat, c))
                position.cell[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(seat + 1);
    return position;
}

} // namespace rules::halma
