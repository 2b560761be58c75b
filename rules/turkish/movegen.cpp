#include "rules/turkish/movegen.h"

#include <algorithm>
#include <array>

namespace rules::turkish {
namespace {

Bitboard shift(Bitboard b, Direction d) {
    switch (d) {
    case Direction::North:
        return b << 8;
    case Direction::South:
        return b >> 8;
    case Direction::East:
        return (b & ~file_h) << 1;
    case Direction::West:
        return (b & ~file_a) >> 1;
    }
    return 0;
}

// The men of the side to move that can make a first jump (the origins worth searching).
Bitboard men_that_can_capture(const Position& position) {
    const Bitboard men = position.own() & ~position.kings;
    const Bitboard enemy = position.enemy();
    const Bitboard empty = position.empty();
    Bitboard origins = 0;
    for (const Direction d : man_directions(position.side)) {
        const Direction back = reverse(d);
        origins |= shift(shift(empty, back) & enemy, back) & men;
    }
    return origins;
}

// Walks every capture sequence of the side to move and hands those taking the most pieces
// to `sink`: sink.reset() when a longer sequence turns up, sink.add(...) for each of the
// longest. Taken pieces are removed as they are jumped (rule 5), the mover counts as absent
// from its origin, and a king never turns back between two jumps (rule 6).
template <class Sink> class CaptureSearch {
public:
    CaptureSearch(const Position& position, Sink& sink)
        : sink_(sink), enemy_(position.enemy()), board_empty_(position.empty()),
          man_directions_(man_directions(position.side)),
          crowning_row_(crowning_row(position.side)) {}

    void run(const Position& position) {
        Bitboard men = men_that_can_capture(position);
        while (men)
            start(pop_lowest(men), false);
        Bitboard kings = position.own() & position.kings;
        while (kings)
            start(pop_lowest(kings), true);
    }

private:
    void start(int origin, bool king) {
        origin_ = origin;
        king_ = king;
        empty_ = board_empty_ | bit(origin);
        squares_[0] = static_cast<std::uint8_t>(origin);
        if (king)
            search_king(origin, 0, -1);
        else
            search_man(origin, 0);
    }

    // Rule 3: a man jumps an adjacent enemy forward or sideways (rule 1's directions).
    void search_man(int square, int taken) {
        bool jumped = false;
        for (const Direction d : man_directions_) {
            const int over = step(square, d);
            if (over < 0 || !(enemy_ & bit(over)))
                continue;
            const int landing = step(over, d);
            if (landing < 0 || !(empty_ & bit(landing)))
                continue;
            jumped = true;
            take(over, landing, taken);
            search_man(landing, taken + 1);
            untake(over);
        }
        if (!jumped && taken > 0)
            complete(square, taken);
    }

    // Rule 3: a king takes the first piece along a line if it is an enemy with an empty
    // square beyond, and may land on any empty square before the next piece. Each landing
    // square is its own path, also when the king then goes on straight ahead.
    void search_king(int square, int taken, int arrived) {
        bool jumped = false;
        for (const Direction d : all_directions) {
            if (arrived >= 0 && d == reverse(static_cast<Direction>(arrived)))
                continue;
            int over = step(square, d);
            while (over >= 0 && (empty_ & bit(over)))
                over = step(over, d);
            if (over < 0 || !(enemy_ & bit(over)))
                continue;
            int landing = step(over, d);
            if (landing < 0 || !(empty_ & bit(landing)))
                continue;
            jumped = true;
            take(over, landing, taken);
            for (; landing >= 0 && (empty_ & bit(landing)); landing = step(landing, d)) {
                squares_[static_cast<std::size_t>(taken) + 1] = static_cast<std::uint8_t>(landing);
                search_king(landing, taken + 1, static_cast<int>(d));
            }
            untake(over);
        }
        if (!jumped && taken > 0)
            complete(square, taken);
    }

    void take(int over, int landing, int taken) {
        enemy_ ^= bit(over);
        empty_ |= bit(over);
        captured_ |= bit(over);
        taken_[static_cast<std::size_t>(taken)] = static_cast<std::uint8_t>(over);
        squares_[static_cast<std::size_t>(taken) + 1] = static_cast<std::uint8_t>(landing);
    }

    void untake(int over) {
        enemy_ |= bit(over);
        empty_ &= ~bit(over);
        captured_ &= ~bit(over);
    }

    // Rule 4: only the sequences taking the most pieces are legal. Rule 7: a man is crowned
    // if the move ends on its crowning row.
    void complete(int square, int taken) {
        if (taken < best_)
            return;
        if (taken > best_) {
            best_ = taken;
            sink_.reset();
        }
        Move move;
        move.captured = captured_;
        move.from = static_cast<std::uint8_t>(origin_);
        move.to = static_cast<std::uint8_t>(square);
        move.crowns = !king_ && (crowning_row_ & bit(square)) != 0;
        sink_.add(move, squares_.data(), taken + 1, taken_.data(), taken);
    }

    Sink& sink_;
    Bitboard enemy_;
    const Bitboard board_empty_;
    Bitboard empty_ = 0;
    Bitboard captured_ = 0;
    const std::array<Direction, 3> man_directions_;
    const Bitboard crowning_row_;
    int origin_ = 0;
    bool king_ = false;
    int best_ = 0;
    std::array<std::uint8_t, 34> squares_{}; // at most 32 pieces on the board
    std::array<std::uint8_t, 33> taken_{};
};

// Merges paths with the same origin, destination and taken set into one Move.
struct ListSink {
    std::vector<Move>& out;
    void reset() { out.clear(); }
    void add(const Move& move, const std::uint8_t*, int, const std::uint8_t*, int) {
        for (Move& known : out) {
            if (known.captured == move.captured && known.from == move.from && known.to == move.to) {
                ++known.paths;
                return;
            }
        }
        out.push_back(move);
    }
};

// Counts every path (perft with duplicates kept).
struct CountSink {
    std::uint64_t count = 0;
    void reset() { count = 0; }
    void add(const Move&, const std::uint8_t*, int, const std::uint8_t*, int) { ++count; }
};

// Keeps the paths with their squares, grouped into moves (the game face).
struct PathSink {
    std::vector<MoveWithPaths>& out;
    std::size_t paths_kept = max_paths_kept;
    void reset() { out.clear(); }
    void add(const Move& move, const std::uint8_t* squares, int square_count,
             const std::uint8_t* taken, int taken_count) {
        auto known = std::find_if(out.begin(), out.end(), [&](const MoveWithPaths& m) {
            return m.move.captured == move.captured && m.move.from == move.from &&
                   m.move.to == move.to;
        });
        if (known == out.end()) {
            out.push_back(MoveWithPaths{move, {}});
            known = out.end() - 1;
        } else {
            ++known->move.paths;
        }
        if (known->paths.size() < paths_kept)
            known->paths.push_back(
                MovePath{{squares, squares + square_count}, {taken, taken + taken_count}});
    }
};

// Finds the capture whose path is `wanted` (origin and every landing square). A longer
// capture found later resets the sink, so only a path of a legal capture is kept.
struct MatchSink {
    std::span<const int> wanted;
    std::optional<Move> found;
    void reset() { found.reset(); }
    void add(const Move& move, const std::uint8_t* squares, int square_count, const std::uint8_t*,
             int) {
        if (found || static_cast<std::size_t>(square_count) != wanted.size())
            return;
        if (std::equal(wanted.begin(), wanted.end(), squares,
                       [](int written, std::uint8_t square) { return written == square; }))
            found = move;
    }
};

// Whether any capture exists, by whole-board shifts for men and a ray walk per king.
bool any_capture(const Position& position) {
    const Bitboard enemy = position.enemy();
    const Bitboard empty = position.empty();
    const Bitboard men = position.own() & ~position.kings;
    for (const Direction d : man_directions(position.side))
        if (shift(shift(men, d) & enemy, d) & empty)
            return true;
    Bitboard kings = position.own() & position.kings;
    while (kings) {
        const int square = pop_lowest(kings);
        for (const Direction d : all_directions) {
            int over = step(square, d);
            while (over >= 0 && (empty & bit(over)))
                over = step(over, d);
            if (over < 0 || !(enemy & bit(over)))
                continue;
            const int landing = step(over, d);
            if (landing >= 0 && (empty & bit(landing)))
                return true;
        }
    }
    return false;
}

// Rule 1: quiet man moves, one square forward or sideways onto an empty square.
void add_man_moves(const Position& position, std::vector<Move>& out) {
    const Bitboard men = position.own() & ~position.kings;
    const Bitboard empty = position.empty();
    const Bitboard crown = crowning_row(position.side);
    for (const Direction d : man_directions(position.side)) {
        Bitboard targets = shift(men, d) & empty;
        while (targets) {
            const int to = pop_lowest(targets);
            Move move;
            move.from = static_cast<std::uint8_t>(step(to, reverse(d)));
            move.to = static_cast<std::uint8_t>(to);
            move.crowns = (crown & bit(to)) != 0;
            out.push_back(move);
        }
    }
}

// Rule 2: quiet king moves, any distance along an open rank or file.
template <class Visit> void for_each_king_move(const Position& position, Visit&& visit) {
    const Bitboard empty = position.empty();
    Bitboard kings = position.own() & position.kings;
    while (kings) {
        const int from = pop_lowest(kings);
        for (const Direction d : all_directions)
            for (int to = step(from, d); to >= 0 && (empty & bit(to)); to = step(to, d))
                visit(from, to);
    }
}

std::uint64_t count_quiet_moves(const Position& position) {
    const Bitboard men = position.own() & ~position.kings;
    const Bitboard empty = position.empty();
    std::uint64_t count = 0;
    for (const Direction d : man_directions(position.side))
        count += static_cast<std::uint64_t>(std::popcount(shift(men, d) & empty));
    for_each_king_move(position, [&](int, int) { ++count; });
    return count;
}

} // namespace

void generate_moves(const Position& position, std::vector<Move>& out) {
    out.clear();
    if (any_capture(position)) {
        ListSink sink{out};
        CaptureSearch<ListSink>(position, sink).run(position);
        return;
    }
    add_man_moves(position, out);
    for_each_king_move(position, [&](int from, int to) {
        Move move;
        move.from = static_cast<std::uint8_t>(from);
        move.to = static_cast<std::uint8_t>(to);
        out.push_back(move);
    });
}

std::vector<MoveWithPaths> generate_move_paths(const Position& position, std::size_t paths_kept) {
    std::vector<MoveWithPaths> moves;
    if (any_capture(position)) {
        PathSink sink{moves, paths_kept};
        CaptureSearch<PathSink>(position, sink).run(position);
        return moves;
    }
    std::vector<Move> quiet;
    generate_moves(position, quiet);
    for (const Move& move : quiet)
        moves.push_back(MoveWithPaths{move, {MovePath{{move.from, move.to}, {}}}});
    return moves;
}

std::optional<Move> find_capture_path(const Position& position, std::span<const int> squares) {
    if (squares.size() < 2 || !any_capture(position))
        return std::nullopt;
    MatchSink sink{squares, std::nullopt};
    CaptureSearch<MatchSink>(position, sink).run(position);
    return sink.found;
}

std::uint64_t count_moves(const Position& position, bool keep_duplicates,
                          std::vector<Move>& scratch) {
    if (!any_capture(position))
        return count_quiet_moves(position);
    if (keep_duplicates) {
        CountSink sink;
        CaptureSearch<CountSink>(position, sink).run(position);
        return sink.count;
    }
    scratch.clear();
    ListSink sink{scratch};
    CaptureSearch<ListSink>(position, sink).run(position);
    return scratch.size();
}

Position apply_move(const Position& position, const Move& move) {
    Position next = position;
    Bitboard& own = position.side == Color::White ? next.white : next.black;
    Bitboard& enemy = position.side == Color::White ? next.black : next.white;
    const bool king = (position.kings & bit(move.from)) != 0;
    own = (own & ~bit(move.from)) | bit(move.to); // from == to: a king's closed circuit
    enemy &= ~move.captured;
    next.kings &= ~(move.captured | bit(move.from));
    if (king || move.crowns)
        next.kings |= bit(move.to);
    next.side = opposite(position.side);
    return next;
}

} // namespace rules::turkish
