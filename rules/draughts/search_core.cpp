#include "rules/draughts/search_core.h"

#include "rules/draughts/fen.h"
#include "rules/draughts/move_notation.h"

namespace rules::draughts {
namespace {

// Key layout: 4 piece kinds x 64 bits, the side to move, then the counters, each value of
// each counter its own constant.
constexpr std::uint64_t side_index = 4 * 64;
constexpr std::uint64_t counter_base = 1024;
constexpr std::uint64_t counter_span = 1 << 16;

enum Kind : int { WhiteMan, WhiteKing, BlackMan, BlackKing };

struct KeyTable {
    std::uint64_t piece[4][64] = {};
    std::uint64_t black_to_move = 0;
    constexpr KeyTable() {
        for (int k = 0; k < 4; ++k)
            for (int b = 0; b < 64; ++b)
                piece[k][b] = search::zobrist_constant(static_cast<std::uint64_t>(k * 64 + b));
        black_to_move = search::zobrist_constant(side_index);
    }
};
constexpr KeyTable keys;

std::uint64_t counter_constant(int which, int value) {
    return search::zobrist_constant(counter_base +
                                    static_cast<std::uint64_t>(which) * counter_span +
                                    static_cast<std::uint64_t>(value));
}

// Frisian: the king-move counts decide which moves are legal, so they are part of the
// position (its repetition key too), each side's count and king its own constant.
constexpr std::uint64_t king_moves_base = 1 << 20;

std::uint64_t king_moves_key(const Position& p) {
    std::uint64_t key = 0;
    if (p.white_king_moves != 0)
        key ^= search::zobrist_constant(king_moves_base + p.white_king_moves * 64U + p.white_king);
    if (p.black_king_moves != 0)
        key ^= search::zobrist_constant(king_moves_base + 256 + p.black_king_moves * 64U +
                                        p.black_king);
    return key;
}

std::uint64_t pieces_key(Bits pieces, int kind) {
    std::uint64_t key = 0;
    for (; pieces != 0; pieces &= pieces - 1)
        key ^= keys.piece[kind][lowest_bit(pieces)];
    return key;
}

} // namespace

// Only the counters the variant's draw rules read are keyed (draw_rules.h): the others grow
// along every path and would only split equal positions.
std::uint64_t SearchCore::counters_key(const DrawCounters& c) const {
    std::uint64_t key = 0;
    if (rules().draws != DrawFamily::Threefold && rules().draws != DrawFamily::Agreement &&
        rules().draws != DrawFamily::Frisian)
        key ^= counter_constant(0, c.kings_only_plies);
    if (rules().draws == DrawFamily::Russian)
        key ^= counter_constant(1, c.balance_plies);
    if (c.ending != Ending::None)
        key ^=
            counter_constant(2, static_cast<int>(c.ending)) ^ counter_constant(3, c.ending_plies);
    return key;
}

Result<SearchState> SearchCore::parse(std::string_view fen) const {
    auto position =
        fen.empty() ? Result<Position>(start_position(rules())) : read_fen(rules(), fen);
    if (!position.ok())
        return position.error();
    SearchState state{*position, start_counters(rules(), *position), {}};
    state.keys = keys_from_scratch(state);
    return state;
}

void SearchCore::generate(const State& state, std::vector<Move>& out) const {
    engine_->generate_moves(state.position, out, GenerateOptions{});
}

SearchState SearchCore::make(const State& state, const Move& move) const {
    const Position& p = state.position;
    const bool black = p.black_to_move;
    const bool was_king = (p.kings & bit(move.from)) != 0;
    const int mover = (black ? BlackMan : WhiteMan) + (was_king ? 1 : 0);
    const int placed = (black ? BlackMan : WhiteMan) + (was_king || move.crowns ? 1 : 0);
    const Bits theirs = black ? p.white : p.black;
    const int their_man = black ? WhiteMan : BlackMan;
    std::uint64_t position_key = state.keys.position_key ^ keys.black_to_move;
    position_key ^= keys.piece[mover][move.from] ^ keys.piece[placed][move.to];
    position_key ^= pieces_key(move.captured & theirs & ~p.kings, their_man);
    position_key ^= pieces_key(move.captured & theirs & p.kings, their_man + 1);

    SearchState next{engine_->apply(p, move), {}, {}};
    position_key ^= king_moves_key(p) ^ king_moves_key(next.position);
    next.counters = advance(state.counters, move.is_capture(), !was_king, move.crowns,
                            ending_of(rules(), next.position));
    next.keys = {position_key, position_key ^ counters_key(next.counters)};
    return next;
}

search::Keys SearchCore::keys_from_scratch(const State& state) const {
    const Position& p = state.position;
    std::uint64_t key = p.black_to_move ? keys.black_to_move : 0;
    key ^= pieces_key(p.white & ~p.kings, WhiteMan) ^ pieces_key(p.white & p.kings, WhiteKing);
    key ^= pieces_key(p.black & ~p.kings, BlackMan) ^ pieces_key(p.black & p.kings, BlackKing);
    key ^= king_moves_key(p);
    return {key, key ^ counters_key(state.counters)};
}

search::Verdict SearchCore::verdict(const State& state, bool has_moves) const {
    const Position& p = state.position;
    if (rules().crowning_wins && p.kings != 0) // Breakthrough: the king's side has won
        return ((p.black_to_move ? p.black : p.white) & p.kings) != 0 ? search::Verdict::Win
                                                                      : search::Verdict::Loss;
    if (!has_moves)
        return rules().giveaway ? search::Verdict::Win : search::Verdict::Loss;
    // Every counter rule needs a king on the board (draw_rules.h).
    if (state.position.kings != 0 &&
        draw_rule_holding(rules(), state.position, state.counters, 1).has_value())
        return search::Verdict::Draw;
    return search::Verdict::Ongoing;
}

std::vector<search::NotatedMove<Move>> SearchCore::notated_moves(const State& state) const {
    std::vector<TracedMove> traced;
    engine_->generate(state.position, traced, GenerateOptions{});
    const auto names = canonical_notations(rules(), traced);
    std::vector<search::NotatedMove<Move>> out;
    for (std::size_t i = 0; i < traced.size(); ++i)
        out.push_back({static_cast<const Move&>(traced[i]), names[i]});
    return out;
}

} // namespace rules::draughts
