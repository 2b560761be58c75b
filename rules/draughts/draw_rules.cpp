#include "rules/draughts/draw_rules.h"

#include "rules/draughts/engine.h"
#include "rules/draughts/squares.h"

#include <algorithm>
#include <vector>

namespace rules::draughts {
namespace {

struct Material {
    int men = 0;
    int kings = 0;
    int total() const { return men + kings; }
    bool lone_king() const { return men == 0 && kings == 1; }
    bool kings_only(int at_least) const { return men == 0 && kings >= at_least; }
};

Material material(Bits side, Bits kings) {
    return Material{count(side & ~kings), count(side & kings)};
}

// Whether any piece of `pieces` stands on the long diagonal (squares.h).
bool any_on_long_diagonal(const Rules& rules, Bits pieces) {
    for (Bits rest = pieces; rest != 0; rest &= rest - 1)
        if (on_long_diagonal(rules, bit_to_square(rules.board_size, lowest_bit(rest))))
            return true;
    return false;
}

// The ending of `strong` (its kings on `strong_kings`) against a lone king on `lone`.
Ending ending_against_lone_king(const Rules& rules, const Material& strong, Bits strong_kings,
                                Bits lone) {
    switch (rules.draws) {
    case DrawFamily::Fmjd:
    case DrawFamily::Brazilian:
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
        if (strong.total() == 3 && any_on_long_diagonal(rules, lone))
            return Ending::LongDiagonal;
        return Ending::None;
    case DrawFamily::Spanish: // FPD 3.8.a: the River is the long diagonal
        if (strong.men != 0 || strong.kings != 3)
            return Ending::None;
        return any_on_long_diagonal(rules, strong_kings) ? Ending::RiverHeld : Ending::ThreeKings;
    case DrawFamily::Pool:
        return strong.men == 0 && strong.kings == 3 ? Ending::ThreeKings : Ending::None;
    case DrawFamily::Frisian:
        return strong.men == 0 && strong.kings == 2 ? Ending::TwoKings : Ending::None;
    case DrawFamily::English:
    case DrawFamily::Czech:
    case DrawFamily::Threefold:
    case DrawFamily::Agreement:
        break;
    }
    return Ending::None;
}

// The ending the counters follow after a move into a position whose own ending is `after`.
// The Forçada count, once begun, runs on while the three kings face the lone king, on the
// River or off it (FPD 3.8.a says only when the count begins).
Ending continued_ending(Ending before, Ending after) {
    if (before == Ending::RiverHeld && after == Ending::ThreeKings)
        return Ending::RiverHeld;
    return after;
}

// FMJD Official Rules, article 6.2 to 6.4; `kings_only_moves` is 6.2's count (25, or the CBD's
// 20 for Brazilian), named in the reason ("25-move", "20-move").
std::optional<std::string> fmjd_rules(const DrawCounters& c, int kings_only_moves) {
    if (c.kings_only_plies >= 2 * kings_only_moves)
        return std::to_string(kings_only_moves) + "-move";
    if (c.ending == Ending::ThreeAgainstKing && c.ending_plies >= 32)
        return "16-move";
    if (c.ending == Ending::TwoAgainstKing && c.ending_plies >= 10)
        return "5-move";
    return std::nullopt;
}

// Whether the side to move has a capture.
bool can_capture(const Engine& engine, const Position& position, std::vector<Move>& moves) {
    engine.generate_moves(position, moves, GenerateOptions{});
    return !moves.empty() && moves.front().is_capture();
}

// Frisian king against king (draw_rules.h, "king-v-king"): whether a king can be taken now or
// is bound to be next move, which keeps the game going.
bool king_can_be_taken(const Rules& rules, const Position& position) {
    const Engine& engine = *engine_of(rules.id);
    std::vector<Move> mine;
    if (can_capture(engine, position, mine))
        return true; // the side to move takes the other king now
    std::vector<Move> theirs;
    std::vector<Move> again;
    bool every_move_loses = !mine.empty();
    for (const Move& m : mine) {
        const Position after = engine.apply(position, m);
        if (can_capture(engine, after, theirs))
            continue;
        every_move_loses = false;
        // A move after which every reply of the opponent lets the side to move capture.
        const bool forced =
            !theirs.empty() && std::all_of(theirs.begin(), theirs.end(), [&](const Move& reply) {
                return can_capture(engine, engine.apply(after, reply), again);
            });
        if (forced)
            return true;
    }
    return every_move_loses;
}

// The Frisian federation's rules as draw_rules.h quotes them.
std::optional<std::string> frisian_rules(const Rules& rules, const Position& position,
                                         const Material& white, const Material& black,
                                         const DrawCounters& c) {
    if (c.ending == Ending::TwoKings && c.ending_plies >= 14)
        return "7-move";
    if (white.lone_king() && black.lone_king() && !king_can_be_taken(rules, position))
        return "king-v-king";
    return std::nullopt;
}

// FMJD-64 rules of the game, article 7.2.4 to 7.2.8.
std::optional<std::string> russian_rules(const Material& white, const Material& black,
                                         const DrawCounters& c) {
    if (c.kings_only_plies >= 30)
        return "15-move";
    // 7.2.4 "three kings (or more) against a single enemy king": kings only. The lidraughts
    // implementation of this article counts only a side whose pieces are all kings, and the
    // Ukrainian federation's wording of the same rule (shashky.in.ua, "Різноманітні види
    // нічиєї", item 4) reads "three kings against one king of the opponent". A side with
    // three kings and a man falls under 7.2.5 and 7.2.6 instead.
    if (((white.kings_only(3) && black.lone_king()) ||
         (black.kings_only(3) && white.lone_king())) &&
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

// Federação Portuguesa de Damas, Rules of Portuguese (Spanish) Draughts, article 3.8.
std::optional<std::string> spanish_rules(const Material& white, const Material& black,
                                         const DrawCounters& c) {
    if (c.ending == Ending::RiverHeld) // 3.8.a, the Forçada; 3.8.b does not apply to it
        return c.ending_plies >= 24 ? std::optional<std::string>{"12-move"} : std::nullopt;
    // 3.8.b: the count begins when the ending (at most four pieces a side, a king on each
    // side) arises, which takes a capture or a crowning, so the plies since the last capture
    // or man move are the plies of the count.
    const bool ending =
        white.total() <= 4 && black.total() <= 4 && white.kings > 0 && black.kings > 0;
    if (ending && c.kings_only_plies >= 40)
        return "20-move";
    return std::nullopt;
}

} // namespace

Ending ending_of(const Rules& rules, const Position& position) {
    const Material white = material(position.white, position.kings);
    const Material black = material(position.black, position.kings);
    if (black.lone_king())
        if (const Ending e = ending_against_lone_king(rules, white, position.white & position.kings,
                                                      position.black);
            e != Ending::None)
            return e;
    if (white.lone_king())
        return ending_against_lone_king(rules, black, position.black & position.kings,
                                        position.white);
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
    const Ending next = continued_ending(counters.ending, ending_after);
    counters.ending_plies = next == counters.ending ? counters.ending_plies + 1 : 0;
    counters.ending = next;
    return counters;
}

std::optional<std::string> draw_rule_holding(const Rules& rules, const Position& position,
                                             const DrawCounters& counters, int repetitions) {
    if (rules.draws == DrawFamily::Agreement) // Breakthrough: no rule ends a game in a draw
        return std::nullopt;
    const Material white = material(position.white, position.kings);
    const Material black = material(position.black, position.kings);
    if (rules.draws == DrawFamily::Frisian) // no repetition rule
        return frisian_rules(rules, position, white, black, counters);
    if (repetitions >= 3)
        return "threefold";
    switch (rules.draws) {
    case DrawFamily::Fmjd:
        return fmjd_rules(counters, 25);
    case DrawFamily::Brazilian: // CBD rules, item 16
        return fmjd_rules(counters, 20);
    case DrawFamily::Russian:
        return russian_rules(white, black, counters);
    case DrawFamily::English: // WCDF Rules of Draughts 1.32.2, the 40-move rule
        if (counters.kings_only_plies >= 80)
            return "40-move";
        return std::nullopt;
    case DrawFamily::Czech: // Czech federation rules as FMJD summarises them: 15 moves
        if (counters.kings_only_plies >= 30)
            return "15-move";
        return std::nullopt;
    case DrawFamily::Spanish:
        return spanish_rules(white, black, counters);
    case DrawFamily::Pool: // APCA rules as secondary sources give them: 3 kings v 1, 13 moves
        if (counters.ending == Ending::ThreeKings && counters.ending_plies >= 26)
            return "13-move";
        return std::nullopt;
    case DrawFamily::Threefold:
    case DrawFamily::Agreement:
    case DrawFamily::Frisian:
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace rules::draughts
