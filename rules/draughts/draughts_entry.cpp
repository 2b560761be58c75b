// Temporary entry points so the tree links before the draughts core lands; replaced by it.
#include "rules/families.h"

namespace rules::draughts {
Result<std::unique_ptr<Game>> make_draughts_game(VariantId, std::string_view, const GameOptions&) {
    return Error{"unsupported_variant", "draughts is not built yet"};
}
Result<PerftReport> draughts_perft(VariantId, std::string_view, const PerftOptions&) {
    return Error{"unsupported_variant", "draughts is not built yet"};
}
} // namespace rules::draughts
