// Temporary entry points so the tree links before the chess core lands; replaced by it.
#include "rules/families.h"

namespace rules::chess {
Result<std::unique_ptr<Game>> make_chess_game(std::string_view, const GameOptions&) {
    return Error{"unsupported_variant", "chess is not built yet"};
}
Result<PerftReport> chess_perft(std::string_view, const PerftOptions&) {
    return Error{"unsupported_variant", "chess is not built yet"};
}
} // namespace rules::chess
