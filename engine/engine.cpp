#include "engine/engine.h"

#include "engine/families.h"
#include "engine/halma_player.h"
#include "engine/root_choice.h"
#include "engine/search.h"
#include "rules/draughts/engine.h"

#include <algorithm>

namespace engine {
namespace {

using Error = rules::Error;

SearchLimits limits_for(const Request& request, const LevelSettings& settings) {
    SearchLimits limits;
    limits.max_depth = request.depth_limit != 0 ? request.depth_limit : settings.max_depth;
    limits.node_limit = request.node_limit != 0 ? request.node_limit : settings.node_limit;
    limits.margin = settings.margin;
    if (request.movetime) {
        limits.soft_time = *request.movetime;
        limits.hard_time = *request.movetime;
    } else if (request.clock) {
        // Every level stops at the budget's hard limit, so no flag falls on a slow machine;
        // only Hard also thinks as long as the budget allows instead of keeping its caps.
        const TimeBudget budget = budget_for(*request.clock);
        limits.hard_time = budget.hard;
        if (request.level == Level::Hard) {
            limits.soft_time = budget.soft;
            limits.node_limit = request.node_limit;
        }
    }
    return limits;
}

// The game replayed through the family's core from its start position, so the draw
// counters and the repetition history are exactly the game's.
template <class F> struct Replay {
    typename F::State state;
    std::vector<std::uint64_t> history; // position keys before `state`
};

template <class F> rules::Result<Replay<F>> replay(const F& family, const rules::Game& game) {
    auto start = family.core().parse(game.start_position());
    if (!start.ok())
        return Error{"engine_replay", start.error().detail};
    Replay<F> r{*start, {}};
    for (const std::string& played : game.moves()) {
        const auto moves = family.core().notated_moves(r.state);
        const auto found = std::find_if(moves.begin(), moves.end(),
                                        [&](const auto& m) { return m.notation == played; });
        if (found == moves.end())
            return Error{"engine_replay", "the engine's core does not find " + played};
        r.history.push_back(r.state.keys.position_key);
        r.state = family.core().make(r.state, found->move);
    }
    return r;
}

template <class F>
rules::Result<Choice> choose_with(const F& family, const rules::Game& game, const Request& request,
                                  const SearchControl& control) {
    // No legal move is how every DrawRules setting says the game is over (under ReportOnly
    // outcome() may name a draw rule while play goes on).
    if (game.legal_moves().empty())
        return Error{"game_over", "the game is over"};
    auto replayed = replay(family, game);
    if (!replayed.ok())
        return replayed.error();
    const auto notated = family.core().notated_moves(replayed->state);
    std::vector<typename F::Move> moves;
    std::vector<std::string> names;
    for (const auto& m : notated) {
        moves.push_back(m.move);
        names.push_back(m.notation);
    }
    const LevelSettings settings = settings_of(request.level);
    const SearchLimits limits = limits_for(request, settings);
    TranspositionTable table(settings.table_megabytes, limits.node_limit);
    Search<F> search(family, table, limits, control.stop, control.clock,
                     std::move(replayed->history));
    const SearchReport report = search.run(replayed->state, moves);
    const std::uint64_t seed = rules::search::zobrist_constant(
        request.seed ^ (static_cast<std::uint64_t>(game.ply()) << 32));
    const RootPick pick = pick_root_move(report.scores, names, settings, seed);
    Choice choice;
    choice.move = names[static_cast<std::size_t>(pick.index)];
    choice.score = pick.score;
    choice.depth = report.depth;
    choice.nodes = report.nodes;
    choice.cancelled = report.cancelled;
    choice.log = std::string(level_name(request.level)) + " seed " + std::to_string(request.seed) +
                 " ply " + std::to_string(game.ply()) + " depth " + std::to_string(report.depth) +
                 " nodes " + std::to_string(report.nodes) + ": " + pick.log;
    return choice;
}

} // namespace

rules::Result<Choice> choose_move(const rules::Game& game, const Request& request,
                                  const SearchControl& control) {
    switch (rules::family_of(game.variant())) {
    case rules::Family::Chess:
        return choose_with(ChessFamily{game.variant()}, game, request, control);
    case rules::Family::Draughts:
        return choose_with(DraughtsFamily{*rules::draughts::engine_of(game.variant())}, game,
                           request, control);
    case rules::Family::Turkish:
        return choose_with(TurkishFamily{}, game, request, control);
    case rules::Family::Halma:
        // Chinese checkers and Halma seat up to six players: their own player (halma_player.h)
        // instead of the two-sided negamax.
        return choose_halma_move(game, request, control);
    }
    return Error{"engine_replay", "unknown game family"};
}

} // namespace engine
