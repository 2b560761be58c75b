// The draughts family's entry points (rules/families.h): perft and make_game for the
// diagonal variants.
#include "rules/draughts/draughts_game.h"
#include "rules/draughts/engine.h"
#include "rules/draughts/fen.h"
#include "rules/draughts/move_notation.h"
#include "rules/families.h"

namespace rules::draughts {

Result<PerftReport> draughts_perft(VariantId id, std::string_view fen,
                                   const PerftOptions& options) {
    const Engine* engine = engine_of(id);
    if (engine == nullptr)
        return Error{"unsupported_variant", "not a diagonal draughts variant"};
    const Rules& rules = *engine->rules;
    auto position = fen.empty() ? Result<Position>(start_position(rules)) : read_fen(rules, fen);
    if (!position.ok())
        return position.error();
    PerftReport report;
    if (!options.divide) {
        report.nodes = engine->perft(*position, options.depth, options.keep_duplicates);
        return report;
    }
    if (options.depth == 0) {
        report.nodes = 1;
        return report;
    }
    std::vector<TracedMove> moves;
    engine->generate(*position, moves, GenerateOptions{.keep_duplicates = options.keep_duplicates});
    const auto names = canonical_notations(rules, moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto n = engine->perft(engine->apply(*position, moves[i]), options.depth - 1,
                                     options.keep_duplicates);
        report.divide.emplace_back(names[i], n);
        report.nodes += n;
    }
    return report;
}

Result<std::unique_ptr<Game>> make_draughts_game(VariantId id, std::string_view fen,
                                                 const GameOptions& options) {
    const Engine* engine = engine_of(id);
    if (engine == nullptr)
        return Error{"unsupported_variant", "not a diagonal draughts variant"};
    auto position = fen.empty() ? Result<Position>(start_position(*engine->rules))
                                : read_fen(*engine->rules, fen);
    if (!position.ok())
        return position.error();
    return std::unique_ptr<Game>(std::make_unique<DraughtsGame>(*engine, *position, options));
}

} // namespace rules::draughts
