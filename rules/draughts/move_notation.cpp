#include "rules/draughts/move_notation.h"

#include "rules/draughts/squares.h"

namespace rules::draughts {
namespace {

std::string number_of_bit(const Rules& rules, int b) {
    return std::to_string(square_number(rules, bit_to_square(rules.board_size, b)));
}

} // namespace

std::string short_notation(const Rules& rules, const Move& move) {
    std::string out = number_of_bit(rules, move.from);
    out += move.is_capture() ? 'x' : '-';
    out += number_of_bit(rules, move.to);
    return out;
}

std::string path_notation(const Rules& rules, const TracedMove& move) {
    if (!move.is_capture())
        return short_notation(rules, move);
    std::string out = number_of_bit(rules, move.from);
    for (int i = 0; i < move.taken_count; ++i) {
        out += 'x';
        out += number_of_bit(rules, move.path[static_cast<std::size_t>(i)]);
    }
    return out;
}

std::vector<std::string> canonical_notations(const Rules& rules,
                                             const std::vector<TracedMove>& moves) {
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
        bool shared = false;
        for (std::size_t j = 0; j < moves.size() && !shared; ++j)
            shared = j != i && moves[j].from == moves[i].from && moves[j].to == moves[i].to;
        out.push_back(shared ? path_notation(rules, moves[i]) : short_notation(rules, moves[i]));
    }
    return out;
}

} // namespace rules::draughts
