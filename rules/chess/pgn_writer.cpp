#include "rules/chess/pgn_writer.h"

#include "rules/record/record_writer.h"

namespace rules::chess {

std::string write_pgn(const PgnGame& game) {
    std::vector<TagPair> setup;
    if (!game.variant.empty())
        setup.emplace_back("Variant", game.variant);
    if (!game.start_fen.empty()) {
        setup.emplace_back("SetUp", "1"); // PGN 9.7.1 and 9.7.2
        setup.emplace_back("FEN", game.start_fen);
    }
    return tag_section(game.tags, game.result, setup) +
           movetext(game.sans, game.first_move_number, !game.black_moves_first, game.result);
}

} // namespace rules::chess
