#include "rules/turkish/game_end.h"

#include <algorithm>
#include <bit>

namespace rules::turkish {
namespace {

Outcome win_for(Color side, std::string reason) {
    return Outcome::win(seat_of_color(side), std::move(reason));
}

bool lone_man(const Position& position, Color side) {
    const Bitboard pieces = position.pieces(side);
    return std::popcount(pieces) == 1 && !(pieces & position.kings) &&
           (position.pieces(opposite(side)) & position.kings) != 0;
}

} // namespace

std::optional<Outcome> decisive_result(const Position& position, bool has_moves) {
    for (const Color side : {Color::White, Color::Black})
        if (lone_man(position, side))
            return win_for(opposite(side), "lone-man");
    if (!has_moves)
        return win_for(opposite(position.side), "no-moves");
    return std::nullopt;
}

std::optional<std::string_view> draw_rule(const Position& position,
                                          const std::vector<Position>& history) {
    if (std::popcount(position.white) == 1 && std::popcount(position.black) == 1)
        return "one-each";
    if (std::count(history.begin(), history.end(), position) >= 3)
        return "threefold";
    return std::nullopt;
}

bool irreversible(const Position& before, const Position& after) {
    if (std::popcount(after.occupied()) != std::popcount(before.occupied()))
        return true;
    const Bitboard men_before = before.own() & ~before.kings;
    const Bitboard men_after = after.pieces(before.side) & ~after.kings;
    // A sideways man move keeps the man on its rank; any other change of the men is forward
    // or a crowning.
    for (int rank = 0; rank < 8; ++rank) {
        const Bitboard row = rank_1 << (8 * rank);
        if (std::popcount(men_before & row) != std::popcount(men_after & row))
            return true;
    }
    return false;
}

bool can_still_win(const Position& position, Color side) {
    if (position.pieces(side) == 0)
        return false;
    return !(std::popcount(position.white) == 1 && std::popcount(position.black) == 1);
}

} // namespace rules::turkish
