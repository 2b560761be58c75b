#pragma once
// Legal move generation for every diagonal variant, compiled once per Rules row so the
// variant switches cost nothing at run time.
//
// Common rules (FMJD Official Rules, Annex 1 of 2015, and their equivalents elsewhere):
// capturing is compulsory (art. 4.2, 4.3); a capture goes on while the capturing piece can
// take more (4.5, 4.6); a piece may not be jumped twice (4.8), and taken pieces stay on the
// board (blocking) until the move is complete (4.11; the "Turkish strike"). Which complete
// sequences are legal then depends on Rules::capture; see precedence().

#include "rules/draughts/board.h"
#include "rules/draughts/variants.h"

#include <array>
#include <cassert>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace rules::draughts {

// The most pieces one capture can take, and so the longest path: one capture takes each enemy
// piece at most once (art. 4.8), and a side has at most max_pieces_per_side (20 on 10 x 10).
inline constexpr int max_path = max_pieces_per_side(10);

// One legal move in internal bit indices: all perft needs.
struct Move {
    Bits captured = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t taken_count = 0;
    bool crowns = false; // ends the move as a new king

    bool is_capture() const { return taken_count != 0; }
    // Same origin, destination, captured set and result: the "drop duplicates" identity.
    bool same_result(const Move& o) const {
        return from == o.from && to == o.to && captured == o.captured && crowns == o.crowns;
    }
};

// A move with its capture path, for notation and display: `path` holds every landing square
// in order (the last one is `to`), `taken` the captured pieces in the order they were jumped.
struct TracedMove : Move {
    std::array<std::uint8_t, max_path> path{};
    std::array<std::uint8_t, max_path> taken{};
};

struct GenerateOptions {
    bool keep_duplicates = false; // keep every capture path, not one per distinct result
};

// MoveT is Move (perft) or TracedMove (the game, which shows paths).
template <const Rules& R, class MoveT = Move> class Generator {
    using G = Geometry<R.board_size>;
    static constexpr bool traced = std::is_same_v<MoveT, TracedMove>;
    // Captures go along the four diagonals, or in Frisian along the rows and columns too.
    static constexpr int capture_directions = R.orthogonal_captures ? 8 : 4;
    static_assert(max_pieces_per_side(R.board_size) <= max_path,
                  "a capture path could outgrow the path arrays");

public:
    // Fills `out` (cleared first) with the legal moves of `pos`.
    static void generate(const Position& pos, std::vector<MoveT>& out, GenerateOptions options) {
        out.clear();
        if (game_won_by_crowning(pos))
            return;
        Generator gen(pos, out, options);
        gen.captures();
        if (out.empty())
            gen.quiet_moves();
    }

    // The number of legal moves, counted without listing quiet moves one by one.
    static std::uint64_t count_moves(const Position& pos, std::vector<MoveT>& scratch,
                                     GenerateOptions options) {
        scratch.clear();
        if (game_won_by_crowning(pos))
            return 0;
        Generator gen(pos, scratch, options);
        gen.captures();
        if (!scratch.empty())
            return scratch.size();
        return gen.count_quiet_moves();
    }

    static Position apply(const Position& pos, const Move& m) {
        Position next = pos;
        Bits& mine = pos.black_to_move ? next.black : next.white;
        Bits& theirs = pos.black_to_move ? next.white : next.black;
        const Bits from = bit(m.from);
        const Bits to = bit(m.to);
        const bool was_king = (pos.kings & from) != 0;
        mine = (mine & ~from) | to;
        theirs &= ~m.captured;
        next.kings &= ~(m.captured | from);
        if (was_king || m.crowns)
            next.kings |= to;
        next.black_to_move = !pos.black_to_move;
        if constexpr (R.same_king_moves > 0)
            count_king_moves(pos, next, m, was_king);
        return next;
    }

private:
    // Frisian: the king-move counters of the position after `m`. The mover's counts a
    // non-capturing king move (a different king starts again at 1) while the mover has men;
    // anything else clears it. The opponent's is cleared when its counted king is taken or its
    // last man is gone, so that equal positions have equal counters.
    static void count_king_moves(const Position& pos, Position& next, const Move& m,
                                 bool was_king) {
        const bool black = pos.black_to_move;
        std::uint8_t& my_moves = black ? next.black_king_moves : next.white_king_moves;
        std::uint8_t& my_king = black ? next.black_king : next.white_king;
        std::uint8_t& their_moves = black ? next.white_king_moves : next.black_king_moves;
        std::uint8_t& their_king = black ? next.white_king : next.black_king;
        const Bits my_men = (black ? next.black : next.white) & ~next.kings;
        const Bits their_men = (black ? next.white : next.black) & ~next.kings;
        if (was_king && !m.is_capture() && my_men != 0) {
            my_moves = my_moves != 0 && my_king == m.from ? my_moves + 1 : 1;
            my_king = m.to;
        } else {
            my_moves = 0;
            my_king = 0;
        }
        if (their_moves != 0 && ((m.captured & bit(their_king)) != 0 || their_men == 0)) {
            their_moves = 0;
            their_king = 0;
        }
    }

    // Frisian: the king that may not make another non-capturing move (its side has men and it
    // has made same_king_moves of them in a row), as a bit; 0 when none.
    static Bits held_king(const Position& pos) {
        if constexpr (R.same_king_moves > 0) {
            const bool black = pos.black_to_move;
            const int moves = black ? pos.black_king_moves : pos.white_king_moves;
            const Bits men = (black ? pos.black : pos.white) & ~pos.kings;
            if (moves >= R.same_king_moves && men != 0)
                return bit(black ? pos.black_king : pos.white_king);
        }
        return 0;
    }

    // Breakthrough: a king on the board means its side has won; nobody moves any more.
    static bool game_won_by_crowning(const Position& pos) {
        return R.crowning_wins && pos.kings != 0;
    }

    Generator(const Position& pos, std::vector<MoveT>& out, GenerateOptions options)
        : out_(out), options_(options), black_(pos.black_to_move),
          mine_(pos.black_to_move ? pos.black : pos.white),
          enemy_(pos.black_to_move ? pos.white : pos.black), kings_(pos.kings),
          empty_(G::valid & ~(pos.white | pos.black)),
          crown_row_(pos.black_to_move ? G::black_crown_row : G::white_crown_row),
          held_king_(held_king(pos)) {}

    // Men step forward: up for White, down for Black.
    int forward(int i) const { return black_ ? DownLeft + i : UpLeft + i; }

    // --- captures -------------------------------------------------------------------------

    void captures() {
        Bits targets = enemy_;
        const Bits men = mine_ & ~kings_;
        const Bits man_targets = R.men_capture_kings ? targets : (targets & ~kings_);
        Bits capturing_men = 0;
        for (int d = 0; d < 4; ++d) {
            if (!R.men_capture_backward && d != forward(0) && d != forward(1))
                continue;
            const int back = opposite_direction(d);
            // a man on x can capture toward d if x+d is a target and x+2d is empty
            const Bits landing_ok = G::step(empty_, back) & man_targets;
            capturing_men |= G::step(landing_ok, back) & men;
        }
        if (R.orthogonal_captures) // the shifts see only the diagonals: try every man
            capturing_men = men;
        for (Bits k = mine_ & kings_; k != 0; k &= k - 1)
            start_capture(lowest_bit(k), true);
        for (Bits m = capturing_men; m != 0; m &= m - 1)
            start_capture(lowest_bit(m), false);
    }

    void start_capture(int from, bool king) {
        from_ = from;
        mover_is_king_ = king;
        empty_ |= bit(from); // the capturing piece has left its square
        if (king)
            king_capture(from, -1, 0, 0, false);
        else
            man_capture(from, 0, 0);
        empty_ &= ~bit(from);
    }

    void man_capture(int sq, Bits taken, int depth) {
        bool extended = false;
        for (int d = 0; d < capture_directions; ++d) {
            if (!R.men_capture_backward && d != forward(0) && d != forward(1))
                continue;
            const int over = G::next[static_cast<std::size_t>(sq)][static_cast<std::size_t>(d)];
            if (over < 0)
                continue;
            const Bits over_bit = bit(over);
            if ((enemy_ & over_bit) == 0 || (taken & over_bit) != 0)
                continue;
            if (!R.men_capture_kings && (kings_ & over_bit) != 0)
                continue;
            const int land = G::next[static_cast<std::size_t>(over)][static_cast<std::size_t>(d)];
            if (land < 0 || (empty_ & bit(land)) == 0)
                continue;
            extended = true;
            record_step(depth, over, land);
            if (R.crown_mid_capture && (crown_row_ & bit(land)) != 0)
                king_capture(land, d, taken | over_bit, depth + 1, true); // crowned at once
            else
                man_capture(land, taken | over_bit, depth + 1);
        }
        if (!extended && depth > 0)
            emit(sq, taken, depth, (crown_row_ & bit(sq)) != 0);
    }

    void king_capture(int sq, int came_from, Bits taken, int depth, bool crowned) {
        bool extended = false;
        for (int d = 0; d < capture_directions; ++d) {
            if (came_from >= 0 && d == opposite_direction(came_from))
                continue;
            int over = G::next[static_cast<std::size_t>(sq)][static_cast<std::size_t>(d)];
            if (R.flying_kings)
                while (over >= 0 && (empty_ & bit(over)) != 0)
                    over = G::next[static_cast<std::size_t>(over)][static_cast<std::size_t>(d)];
            if (over < 0)
                continue;
            const Bits over_bit = bit(over);
            if ((enemy_ & over_bit) == 0 || (taken & over_bit) != 0)
                continue;
            const int first_land =
                G::next[static_cast<std::size_t>(over)][static_cast<std::size_t>(d)];
            if (first_land < 0 || (empty_ & bit(first_land)) == 0)
                continue;
            extended = true;
            const Bits now_taken = taken | over_bit;
            // A flying king may stop on any empty square behind the piece, but if it can take
            // more from some of them it must stop on one of those (the capture goes on as long
            // as it can: FMJD art. 4.6, FShR, CSDS and APCA rules).
            bool must_continue = false;
            if (R.flying_kings)
                for (int land = first_land;
                     land >= 0 && (empty_ & bit(land)) != 0 && !must_continue;
                     land = G::next[static_cast<std::size_t>(land)][static_cast<std::size_t>(d)])
                    must_continue = king_can_capture(land, d, now_taken);
            // Killer: a king whose capture ends on a king stops on the first square behind it.
            const bool halt = R.king_halts_after_king && !must_continue && (kings_ & over_bit) != 0;
            for (int land = first_land; land >= 0 && (empty_ & bit(land)) != 0;
                 land = G::next[static_cast<std::size_t>(land)][static_cast<std::size_t>(d)]) {
                if (!must_continue || king_can_capture(land, d, now_taken)) {
                    record_step(depth, over, land);
                    king_capture(land, d, now_taken, depth + 1, crowned);
                }
                if (!R.flying_kings || halt)
                    break;
            }
        }
        if (!extended && depth > 0)
            emit(sq, taken, depth, crowned);
    }

    // Whether a king on `sq`, having arrived moving in direction `came_from`, can take again.
    bool king_can_capture(int sq, int came_from, Bits taken) const {
        for (int d = 0; d < capture_directions; ++d) {
            if (d == opposite_direction(came_from))
                continue;
            int over = G::next[static_cast<std::size_t>(sq)][static_cast<std::size_t>(d)];
            while (over >= 0 && (empty_ & bit(over)) != 0)
                over = G::next[static_cast<std::size_t>(over)][static_cast<std::size_t>(d)];
            if (over < 0 || (enemy_ & bit(over)) == 0 || (taken & bit(over)) != 0)
                continue;
            const int land = G::next[static_cast<std::size_t>(over)][static_cast<std::size_t>(d)];
            if (land >= 0 && (empty_ & bit(land)) != 0)
                return true;
        }
        return false;
    }

    void record_step(int depth, int over, int land) {
        if (!traced && R.capture != CaptureChoice::ItalianOrder)
            return;
        // `depth` pieces are already taken, each a different enemy piece, and a side has at
        // most max_pieces_per_side <= max_path of them (the FEN reader's cap, static_assert).
        assert(depth >= 0 && depth < max_path && depth < count(enemy_));
        path_[static_cast<std::size_t>(depth)] = static_cast<std::uint8_t>(land);
        taken_[static_cast<std::size_t>(depth)] = static_cast<std::uint8_t>(over);
    }

    // The order in which complete captures rank; only the highest rank is legal.
    std::uint64_t precedence(Bits taken, int depth) const {
        const auto pieces = static_cast<std::uint64_t>(depth);
        const auto kings_taken = static_cast<std::uint64_t>(count(taken & kings_));
        switch (R.capture) {
        case CaptureChoice::Free:
            return 0;
        case CaptureChoice::Maximum: // FMJD art. 4.13
            return pieces;
        case CaptureChoice::SpanishQuality: // quantity, then quality
            return (pieces << 8) | kings_taken;
        case CaptureChoice::KingPriority: // a king must capture if a king can
            return mover_is_king_ ? 1 : 0;
        case CaptureChoice::FrisianValue: {
            // Frisian rules art. 11 (variants.h): n kings weigh more than 2n - 1 men and less
            // than 2n men, which 199 and 100 order exactly for up to 99 kings (lidraughts'
            // numbers); with equal value a king's capture ranks above a man's.
            const std::uint64_t value = 199 * kings_taken + 100 * (pieces - kings_taken);
            return (value << 1) | std::uint64_t{mover_is_king_};
        }
        case CaptureChoice::ItalianOrder:
            return (pieces << 40) | (std::uint64_t{mover_is_king_} << 39) | (kings_taken << 32) |
                   italian_king_order(depth);
        }
        return 0;
    }

    // Italian rule 4: the capture that meets a king first ranks higher. Bit 31 - j is set when
    // the j-th piece taken is a king, so a larger value means kings taken earlier.
    std::uint64_t italian_king_order(int depth) const {
        std::uint64_t order = 0;
        for (int j = 0; j < depth; ++j)
            if ((kings_ & bit(taken_[static_cast<std::size_t>(j)])) != 0)
                order |= std::uint64_t{1} << (31 - j);
        return order;
    }

    void emit(int to, Bits taken, int depth, bool crowns) {
        const std::uint64_t rank = precedence(taken, depth);
        if (out_.empty() || rank > best_) {
            out_.clear();
            best_ = rank;
        } else if (rank < best_) {
            return;
        }
        MoveT m;
        m.captured = taken;
        m.from = static_cast<std::uint8_t>(from_);
        m.to = static_cast<std::uint8_t>(to);
        m.taken_count = static_cast<std::uint8_t>(depth);
        m.crowns = crowns && !mover_is_king_;
        if (!options_.keep_duplicates)
            for (const MoveT& o : out_)
                if (o.same_result(m))
                    return;
        if constexpr (traced) {
            m.path = path_;
            m.taken = taken_;
        }
        out_.push_back(m);
    }

    // --- quiet moves ----------------------------------------------------------------------

    void quiet_moves() {
        const Bits men = mine_ & ~kings_;
        for (int i = 0; i < 2; ++i) {
            const int d = forward(i);
            const int back = opposite_direction(d);
            for (Bits t = G::step(men, d) & empty_; t != 0; t &= t - 1) {
                const int to = lowest_bit(t);
                add_quiet(G::next[static_cast<std::size_t>(to)][static_cast<std::size_t>(back)], to,
                          (crown_row_ & bit(to)) != 0);
            }
        }
        for (Bits k = mine_ & kings_ & ~held_king_; k != 0; k &= k - 1) {
            const int from = lowest_bit(k);
            for (int d = 0; d < 4; ++d) {
                int to = G::next[static_cast<std::size_t>(from)][static_cast<std::size_t>(d)];
                while (to >= 0 && (empty_ & bit(to)) != 0) {
                    add_quiet(from, to, false);
                    if (!R.flying_kings)
                        break;
                    to = G::next[static_cast<std::size_t>(to)][static_cast<std::size_t>(d)];
                }
            }
        }
    }

    void add_quiet(int from, int to, bool crowns) {
        MoveT m;
        m.from = static_cast<std::uint8_t>(from);
        m.to = static_cast<std::uint8_t>(to);
        m.crowns = crowns;
        out_.push_back(m);
    }

    std::uint64_t count_quiet_moves() const {
        const Bits men = mine_ & ~kings_;
        std::uint64_t n = static_cast<std::uint64_t>(count(G::step(men, forward(0)) & empty_)) +
                          static_cast<std::uint64_t>(count(G::step(men, forward(1)) & empty_));
        for (Bits k = mine_ & kings_ & ~held_king_; k != 0; k &= k - 1) {
            const int from = lowest_bit(k);
            for (int d = 0; d < 4; ++d) {
                int to = G::next[static_cast<std::size_t>(from)][static_cast<std::size_t>(d)];
                while (to >= 0 && (empty_ & bit(to)) != 0) {
                    ++n;
                    if (!R.flying_kings)
                        break;
                    to = G::next[static_cast<std::size_t>(to)][static_cast<std::size_t>(d)];
                }
            }
        }
        return n;
    }

    std::vector<MoveT>& out_;
    GenerateOptions options_;
    bool black_;
    Bits mine_;
    Bits enemy_;
    Bits kings_;
    Bits empty_;
    Bits crown_row_;
    Bits held_king_; // Frisian: a king that may only capture (held_king)
    int from_ = 0;
    bool mover_is_king_ = false;
    std::uint64_t best_ = 0;
    std::array<std::uint8_t, max_path> path_{};
    std::array<std::uint8_t, max_path> taken_{};
};

} // namespace rules::draughts
