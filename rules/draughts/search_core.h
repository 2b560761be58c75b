#pragma once
// A diagonal draughts variant as the engine searches it (the contract is in rules/search.h):
// the bitboard Position with the variant's draw counters, moves without their paths, and
// Zobrist keys kept up to date by make().

#include "rules/draughts/draw_rules.h"
#include "rules/draughts/engine.h"
#include "rules/search.h"

#include <vector>

namespace rules::draughts {

struct SearchState {
    Position position;
    DrawCounters counters;
    search::Keys keys;
};

class SearchCore {
public:
    using Move = draughts::Move;
    using State = SearchState;

    explicit SearchCore(const Engine& engine) : engine_(&engine) {}
    const Rules& rules() const { return *engine_->rules; }

    Result<State> parse(std::string_view fen) const;
    void generate(const State& state, std::vector<Move>& out) const;
    State make(const State& state, const Move& move) const;
    search::Keys keys_from_scratch(const State& state) const;
    // Plies since the last capture or man move: no position before them can come back.
    int reversible_plies(const State& state) const { return state.counters.kings_only_plies; }
    // No moves: a loss, or a win in the giveaway variants; then the counter draws of
    // draw_rules.h (repetition is the engine's).
    search::Verdict verdict(const State& state, bool has_moves) const;
    std::vector<search::NotatedMove<Move>> notated_moves(const State& state) const;
    bool is_capture(const State&, const Move& move) const { return move.is_capture(); }

private:
    std::uint64_t counters_key(const DrawCounters& counters) const;

    const Engine* engine_;
};

} // namespace rules::draughts
