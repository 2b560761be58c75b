#include "rules/turkish/pdn_writer.h"

#include "rules/record/record_writer.h"

namespace rules::turkish {

std::string write_pdn(const PdnGame& game) {
    const Outcome& outcome = game.tags.outcome ? *game.tags.outcome : game.outcome;
    const std::string_view result = result_marker(outcome);
    std::vector<TagPair> own{{"GameType", "30"}};
    if (!game.start_fen.empty())
        own.emplace_back("FEN", game.start_fen);
    return tag_section(game.tags, result, own) +
           movetext(game.moves, 1, game.first_to_move == Color::White, result);
}

} // namespace rules::turkish
