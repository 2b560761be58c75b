#include "rules/draughts/draw_rules.h"

#include "rules/draughts/squares.h"

namespace rules::draughts {
namespace {

struct Material {
    int men = 0;
    int kings = 0;
    int total() const { return men + kings; }
    bool lone_king() const { return men == 0 && kings == 1; }
};

Material material(Bits side, Bits kings) {
    return Material{count(side & ~kings), count(side & kings)};
}

// The long diagonal (a1-h8 on a standard board; a8-h1 on the mirrored Italian/Spanish
// boards): the squares whose standard column is N - 1 - row.
bool on_long_diagonal(const Rules& rules, Bits b) {
    const int n = rules.board_size;
    const int square = bit_to_square(n, lowest_bit(b));
    const int row = square / (n / 2);
    const int standard = 2 * (square % (n / 2)) + (row % 2 == 0 ? 1 : 0);
    return standard == n - 1 - row;
}

std::optional<std::string> fmjd_rules(const Material& strong, const Material& weak,
                                      const DrawCounters& c) {
    if (c.kings_only_plies >= 50)
        return "25-move";
    if (!weak.lone_king() || strong.kings == 0)
        return std::nullopt;
    if (strong.total() == 3 && c.balance_plies >= 32)
        return "16-move";
    if (strong.total() <= 2 && c.balance_plies >= 10)
        return "5-move";
    return std::nullopt;
}

std::optional<std::string> russian_rules(const Rules& rules, const Position& p,
                                         const Material& white, const Material& black,
                                         const DrawCounters& c) {
    if (c.kings_only_plies >= 30)
        return "15-move";
    for (const bool white_is_strong : {true, false}) {
        const Material& strong = white_is_strong ? white : black;
        const Material& weak = white_is_strong ? black : white;
        if (!weak.lone_king())
            continue;
        if (strong.kings >= 3 && c.balance_plies >= 30)
            return "3-kings";
        const Bits lone = (white_is_strong ? p.black : p.white) & p.kings;
        if (strong.total() == 3 && strong.kings >= 1 && on_long_diagonal(rules, lone) &&
            c.balance_plies >= 10)
            return "long-diagonal";
    }
    if (white.kings > 0 && black.kings > 0) {
        const int pieces = white.total() + black.total();
        if ((pieces == 4 || pieces == 5) && c.balance_plies >= 60)
            return "30-move";
        if ((pieces == 6 || pieces == 7) && c.balance_plies >= 120)
            return "60-move";
    }
    return std::nullopt;
}

} // namespace

DrawCounters advance(DrawCounters counters, bool captured, bool man_moved, bool crowned) {
    counters.kings_only_plies = captured || man_moved ? 0 : counters.kings_only_plies + 1;
    counters.balance_plies = captured || crowned ? 0 : counters.balance_plies + 1;
    return counters;
}

std::optional<std::string> draw_rule_holding(const Rules& rules, const Position& position,
                                             const DrawCounters& counters, int repetitions) {
    if (repetitions >= 3)
        return "threefold";
    const Material white = material(position.white, position.kings);
    const Material black = material(position.black, position.kings);
    switch (rules.draws) {
    case DrawFamily::Fmjd:
        if (auto r = fmjd_rules(white, black, counters))
            return r;
        return fmjd_rules(black, white, counters);
    case DrawFamily::Russian:
        return russian_rules(rules, position, white, black, counters);
    case DrawFamily::English:
        if (counters.kings_only_plies >= 80)
            return "40-move";
        return std::nullopt;
    case DrawFamily::Spanish:
        if (((white.kings == 3 && white.men == 0 && black.lone_king()) ||
             (black.kings == 3 && black.men == 0 && white.lone_king())) &&
            counters.balance_plies >= 24)
            return "12-move";
        return std::nullopt;
    case DrawFamily::Threefold:
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace rules::draughts
