#include "engine/draughts_evaluation.h"

namespace engine {
namespace {

namespace d = rules::draughts;
using d::Bits;

struct Side {
    Bits men = 0;
    Bits kings = 0;
    Bits enemies = 0;
    bool black = false;
};

template <int N> class Evaluator {
    using G = d::Geometry<N>;

public:
    explicit Evaluator(const d::Rules& rules) : rules_(rules) {}

    // White's view.
    int operator()(const d::Position& p) const {
        const Side white{p.white & ~p.kings, p.white & p.kings, p.black, false};
        const Side black{p.black & ~p.kings, p.black & p.kings, p.white, true};
        const int pieces = d::count(p.white | p.black);
        if (rules_.giveaway)
            return giveaway(white) - giveaway(black);
        int score = side(white, p, pieces) - side(black, p, pieces);
        if (rules_.orthogonal_captures)
            score += orthogonal_exposure(black, p) - orthogonal_exposure(white, p);
        return score;
    }

private:
    // Rows a man has advanced from its own back row: 0 .. N - 1 (crowned).
    static int advance(int bit, bool black) {
        const int row = G::row_of_square(G::square_of(bit));
        return black ? row : N - 1 - row;
    }

    static int column(int square) {
        const int row = G::row_of_square(square);
        const int k = square % G::half;
        return row % 2 == 0 ? 2 * k + 1 : 2 * k;
    }

    // The squares a man could reach in `rows` forward steps.
    static Bits forward_cone(int bit, bool black, int rows) {
        Bits cone = d::bit(bit);
        Bits all = 0;
        const int left = black ? d::DownLeft : d::UpLeft;
        const int right = black ? d::DownRight : d::UpRight;
        for (int r = 0; r < rows; ++r) {
            cone = G::step(cone, left) | G::step(cone, right);
            all |= cone;
        }
        return all;
    }

    int side(const Side& s, const d::Position& p, int pieces) const {
        const bool endgame = pieces <= (N == 10 ? 16 : 10);
        const int king_value = draughts_king_value(rules_);
        // Breakthrough: a man with a clear road crowns, and crowning wins the game.
        const int runaway_weight = rules_.crowning_wins ? 5 : 1;
        int score = 100 * d::count(s.men) + king_value * d::count(s.kings);
        const Bits occupied = p.white | p.black;
        for (Bits m = s.men; m != 0; m &= m - 1) {
            const int b = d::lowest_bit(m);
            const int adv = advance(b, s.black);
            score += adv * (endgame ? 6 : 2); // tempo
            if (adv == 0 && !endgame)
                score += 8; // back rank guard
            const int col = column(G::square_of(b));
            if (col >= 2 && col <= N - 3 && adv >= N / 2 - 2 && adv <= N / 2 + 1)
                score += 5; // centre
            const int to_go = N - 1 - adv;
            if (to_go <= 3) {
                const Bits cone = forward_cone(b, s.black, to_go);
                if ((cone & s.enemies) == 0 && (cone & occupied & ~s.enemies) == 0)
                    score += runaway_weight * (60 - 15 * to_go); // a runaway man
            }
        }
        return score;
    }

    // Frisian: pieces of `s` that an enemy piece beside them in a row or column could jump
    // over orthogonally (the square beyond free), a threat the diagonal terms do not see.
    static int orthogonal_exposure(const Side& s, const d::Position& p) {
        const Bits empty = G::valid & ~(p.white | p.black);
        int exposed = 0;
        for (Bits own = s.men | s.kings; own != 0; own &= own - 1) {
            const int b = d::lowest_bit(own);
            for (int dir = d::Up; dir <= d::Down; ++dir) {
                const int attacker = G::next[static_cast<std::size_t>(b)]
                                            [static_cast<std::size_t>(d::opposite_direction(dir))];
                const int landing =
                    G::next[static_cast<std::size_t>(b)][static_cast<std::size_t>(dir)];
                if (attacker >= 0 && landing >= 0 && (s.enemies & d::bit(attacker)) != 0 &&
                    (empty & d::bit(landing)) != 0) {
                    ++exposed;
                    break;
                }
            }
        }
        return 12 * exposed;
    }

    // Giveaway: fewer pieces is better; a king, hard to lose, is a burden.
    int giveaway(const Side& s) const { return -100 * d::count(s.men) - 150 * d::count(s.kings); }

    const d::Rules& rules_;
};

} // namespace

int draughts_king_value(const d::Rules& rules) {
    // Frisian: a king counts a little under two men in the capture rule (variants.h), and its
    // three-move limit keeps it from the freedom of an international king.
    if (rules.orthogonal_captures)
        return 190;
    return rules.flying_kings ? 300 : 160;
}

int evaluate_draughts(const d::Rules& rules, const d::Position& position) {
    const int white_view =
        rules.board_size == 10 ? Evaluator<10>(rules)(position) : Evaluator<8>(rules)(position);
    return position.black_to_move ? -white_view : white_view;
}

} // namespace engine
