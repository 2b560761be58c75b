#pragma once
// Turkish draughts as the engine searches it (the contract is in rules/search.h): the
// orthogonal bitboard Position, merged moves, and Zobrist keys kept up to date by make().

#include "rules/search.h"
#include "rules/turkish/movegen.h"

#include <vector>

namespace rules::turkish {

struct SearchState {
    Position position;
    int reversible_plies = 0; // since the last capture or forward man move (irreversible())
    search::Keys keys;
};

class SearchCore {
public:
    using Move = turkish::Move;
    using State = SearchState;

    Result<State> parse(std::string_view fen) const;
    void generate(const State& state, std::vector<Move>& out) const;
    State make(const State& state, const Move& move) const;
    search::Keys keys_from_scratch(const State& state) const;
    int reversible_plies(const State& state) const { return state.reversible_plies; }
    // The wins and the dead-position draw of game_end.h; threefold is the engine's.
    search::Verdict verdict(const State& state, bool has_moves) const;
    std::vector<search::NotatedMove<Move>> notated_moves(const State& state) const;
    bool is_capture(const State&, const Move& move) const { return move.captured != 0; }
};

} // namespace rules::turkish
