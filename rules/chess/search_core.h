#pragma once
// Chess as the engine searches it (the contract is in rules/search.h): the bitboard Position,
// its 16-bit moves, and Zobrist keys kept up to date by make() instead of recomputed.

#include "rules/chess/move_generator.h"
#include "rules/chess/position.h"
#include "rules/search.h"
#include "rules/variant.h"

#include <vector>

namespace rules::chess {

struct SearchState {
    Position position;
    search::Keys keys;
    // The part of the keys that castling rights, the en passant square and the side to move
    // give, kept so that make() takes it out without testing the en passant capture again.
    std::uint64_t rights_key = 0;
};

class SearchCore {
public:
    using Move = chess::Move;
    using State = SearchState;

    // `variant`: chess or chess960, whose start position and castling parse() reads.
    explicit SearchCore(VariantId variant = VariantId::Chess) : variant_(variant) {}

    Result<State> parse(std::string_view fen) const;
    void generate(const State& state, std::vector<Move>& out) const;
    State make(const State& state, Move move) const;
    // The side to move passes (null-move pruning); only when not in check.
    State make_null(const State& state) const;
    search::Keys keys_from_scratch(const State& state) const;
    int reversible_plies(const State& state) const { return state.position.halfmove_clock; }
    // Checkmate and stalemate (FIDE 5.1.1, 5.2.1), the fifty-move rule as the engine's
    // horizon (9.3; claimed in play, but no side gains by playing on past it) and a dead
    // position by material (5.2.2).
    search::Verdict verdict(const State& state, bool has_moves) const;
    std::vector<search::NotatedMove<Move>> notated_moves(const State& state) const;
    bool is_capture(const State& state, Move move) const;

private:
    VariantId variant_;
};

} // namespace rules::chess
