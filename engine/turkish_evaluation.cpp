#include "engine/turkish_evaluation.h"

#include <bit>

namespace engine {
namespace {

namespace t = rules::turkish;

int side(const t::Position& p, rules::Color color) {
    const t::Bitboard own = p.pieces(color);
    const t::Bitboard men = own & ~p.kings;
    int score = 100 * std::popcount(men) + turkish_king_value * std::popcount(own & p.kings);
    const bool endgame = std::popcount(p.occupied()) <= 12;
    for (t::Bitboard m = men; m != 0;) {
        const int sq = t::pop_lowest(m);
        const int adv = color == rules::Color::White ? t::rank_of(sq) - 1 : 6 - t::rank_of(sq);
        score += adv * (endgame ? 8 : 3);
        if (adv == 5) { // one step from crowning
            const int ahead = t::step(sq, t::forward(color));
            if (ahead >= 0 && (p.occupied() & t::bit(ahead)) == 0)
                score += 40;
        }
        const int f = t::file_of(sq);
        if (f >= 2 && f <= 5)
            score += 3;
    }
    return score;
}

} // namespace

int evaluate_turkish(const t::Position& position) {
    const int white_view =
        side(position, rules::Color::White) - side(position, rules::Color::Black);
    return position.side == rules::Color::White ? white_view : -white_view;
}

} // namespace engine
