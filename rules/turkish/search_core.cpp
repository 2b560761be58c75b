#include "rules/turkish/search_core.h"

#include "rules/turkish/fen.h"
#include "rules/turkish/game_end.h"
#include "rules/turkish/notation.h"

namespace rules::turkish {
namespace {

// Key layout: 4 piece kinds x 64 squares, then the side to move.
enum Kind : int { WhiteMan, WhiteKing, BlackMan, BlackKing };
constexpr std::uint64_t key_base = 0x20000;

struct KeyTable {
    std::uint64_t piece[4][64] = {};
    std::uint64_t black_to_move = 0;
    constexpr KeyTable() {
        for (int k = 0; k < 4; ++k)
            for (int s = 0; s < 64; ++s)
                piece[k][s] =
                    search::zobrist_constant(key_base + static_cast<std::uint64_t>(k * 64 + s));
        black_to_move = search::zobrist_constant(key_base + 4 * 64);
    }
};
constexpr KeyTable keys;

std::uint64_t pieces_key(Bitboard pieces, int kind) {
    std::uint64_t key = 0;
    while (pieces != 0)
        key ^= keys.piece[kind][pop_lowest(pieces)];
    return key;
}

} // namespace

Result<SearchState> SearchCore::parse(std::string_view fen) const {
    auto position = fen.empty() ? Result<Position>(start_position()) : parse_position(fen);
    if (!position.ok())
        return position.error();
    SearchState state{*position, 0, {}};
    state.keys = keys_from_scratch(state);
    return state;
}

void SearchCore::generate(const State& state, std::vector<Move>& out) const {
    generate_moves(state.position, out);
}

SearchState SearchCore::make(const State& state, const Move& move) const {
    const Position& p = state.position;
    const bool black = p.side == Color::Black;
    const bool was_king = (p.kings & bit(move.from)) != 0;
    const int own_man = black ? BlackMan : WhiteMan;
    const int their_man = black ? WhiteMan : BlackMan;
    std::uint64_t key = state.keys.position_key ^ keys.black_to_move;
    key ^= keys.piece[own_man + (was_king ? 1 : 0)][move.from];
    key ^= keys.piece[own_man + (was_king || move.crowns ? 1 : 0)][move.to];
    key ^= pieces_key(move.captured & ~p.kings, their_man);
    key ^= pieces_key(move.captured & p.kings, their_man + 1);
    SearchState next{apply_move(p, move), 0, {key, key}};
    next.reversible_plies = irreversible(p, next.position) ? 0 : state.reversible_plies + 1;
    return next;
}

search::Keys SearchCore::keys_from_scratch(const State& state) const {
    const Position& p = state.position;
    std::uint64_t key = p.side == Color::Black ? keys.black_to_move : 0;
    key ^= pieces_key(p.white & ~p.kings, WhiteMan) ^ pieces_key(p.white & p.kings, WhiteKing);
    key ^= pieces_key(p.black & ~p.kings, BlackMan) ^ pieces_key(p.black & p.kings, BlackKing);
    return {key, key};
}

search::Verdict SearchCore::verdict(const State& state, bool has_moves) const {
    if (const auto result = decisive_result(state.position, has_moves)) {
        return result->won_by(seat_of_color(state.position.side)) ? search::Verdict::Win
                                                                  : search::Verdict::Loss;
    }
    static const std::vector<Position> no_history;
    if (draw_rule(state.position, no_history)) // "one-each"; threefold is the engine's
        return search::Verdict::Draw;
    return search::Verdict::Ongoing;
}

std::vector<search::NotatedMove<Move>> SearchCore::notated_moves(const State& state) const {
    std::vector<search::NotatedMove<Move>> out;
    for (const LegalMove& legal : legal_moves_with_notation(state.position))
        out.push_back({legal.move, legal.notation});
    return out;
}

} // namespace rules::turkish
