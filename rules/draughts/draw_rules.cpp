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

// The ending of `strong` against a lone king (`lone`, its square), for each draw family.
Ending ending_against_lone_king(const Rules& rules, const Material& strong, Bits lone) {
    switch (rules.draws) {
    case DrawFamily::Fmjd:
        if (strong.kings == 0)
            return Ending::None;
        if (strong.total() == 3)
            return Ending::ThreeAgainstKing;
        return strong.total() <= 2 ? Ending::TwoAgainstKing : Ending::None;
    case DrawFamily::Russian:
        if (strong.kings == 0)
            return Ending::None;
        if (strong.total() <= 2)
            return Ending::TwoAgainstKing;
        if (strong.total() == 3 && on_long_diagonal(rules, lone))
            return Ending::LongDiagonal;
        return Ending::None;
    case DrawFamily::Spanish:
        return strong.kings == 3 && strong.men == 0 ? Ending::ThreeKings : Ending::None;
    case DrawFamily::English:
    case DrawFamily::Czech:
    case DrawFamily::Threefold:
        break;
    }
    return Ending::None;
}

// FMJD Official Rules, article 6.2 to 6.4.
std::optional<std::string> fmjd_rules(const DrawCounters& c) {
    if (c.kings_only_plies >= 50)
        return "25-move";
    if (c.ending == Ending::ThreeAgainstKing && c.ending_plies >= 32)
        return "16-move";
    if (c.ending == Ending::TwoAgainstKing && c.ending_plies >= 10)
        return "5-move";
    return std::nullopt;
}

// FMJD-64 rules of the game, article 7.2.4 to 7.2.8.
std::optional<std::string> russian_rules(const Material& white, const Material& black,
                                         const DrawCounters& c) {
    if (c.kings_only_plies >= 30)
        return "15-move";
    if (((white.kings >= 3 && black.lone_king()) || (black.kings >= 3 && white.lone_king())) &&
        c.balance_plies >= 30)
        return "3-kings";
    if (c.ending == Ending::LongDiagonal && c.ending_plies >= 10)
        return "long-diagonal";
    if (c.ending == Ending::TwoAgainstKing && c.ending_plies >= 10)
        return "5-move";
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

Ending ending_of(const Rules& rules, const Position& position) {
    const Material white = material(position.white, position.kings);
    const Material black = material(position.black, position.kings);
    if (black.lone_king())
        if (const Ending e = ending_against_lone_king(rules, white, position.black);
            e != Ending::None)
            return e;
    if (white.lone_king())
        return ending_against_lone_king(rules, black, position.white);
    return Ending::None;
}

DrawCounters start_counters(const Rules& rules, const Position& position) {
    DrawCounters counters;
    counters.ending = ending_of(rules, position);
    return counters;
}

DrawCounters advance(DrawCounters counters, bool captured, bool man_moved, bool crowned,
                     Ending ending_after) {
    counters.kings_only_plies = captured || man_moved ? 0 : counters.kings_only_plies + 1;
    counters.balance_plies = captured || crowned ? 0 : counters.balance_plies + 1;
    counters.ending_plies = ending_after == counters.ending ? counters.ending_plies + 1 : 0;
    counters.ending = ending_after;
    return counters;
}

std::optional<std::string> draw_rule_holding(const Rules& rules, const Position& position,
                                             const DrawCounters& counters, int repetitions) {
    if (repetitions >= 3)
        return "threefold";
    switch (rules.draws) {
    case DrawFamily::Fmjd:
        return fmjd_rules(counters);
    case DrawFamily::Russian:
        return russian_rules(material(position.white, position.kings),
                             material(position.black, position.kings), counters);
    case DrawFamily::English: // WCDF Rules of Draughts, the 40-move rule
        if (counters.kings_only_plies >= 80)
            return "40-move";
        return std::nullopt;
    case DrawFamily::Czech: // Czech federation rules as FMJD summarises them: 15 moves
        if (counters.kings_only_plies >= 30)
            return "15-move";
        return std::nullopt;
    case DrawFamily::Spanish: // our references: three kings against one, 12 moves
        if (counters.ending == Ending::ThreeKings && counters.ending_plies >= 24)
            return "12-move";
        return std::nullopt;
    case DrawFamily::Threefold:
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace rules::draughts
