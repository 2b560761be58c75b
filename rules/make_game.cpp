#include "rules/families.h"

namespace rules {

Result<std::unique_ptr<Game>> make_game(VariantId id, std::string_view position,
                                        const GameOptions& options) {
    switch (family_of(id)) {
    case Family::Chess:
        return chess::make_chess_game(position, options);
    case Family::Draughts:
        return draughts::make_draughts_game(id, position, options);
    case Family::Turkish:
        return turkish::make_turkish_game(position, options);
    case Family::Halma:
        return halma::make_halma_game(id, position, options);
    }
    return Error{"unknown_variant", "unknown variant"};
}

Result<PerftReport> perft(VariantId id, std::string_view position, const PerftOptions& options) {
    if (options.depth < 0) return Error{"bad_depth", "depth must be 0 or more"};
    switch (family_of(id)) {
    case Family::Chess:
        return chess::chess_perft(position, options);
    case Family::Draughts:
        return draughts::draughts_perft(id, position, options);
    case Family::Turkish:
        return turkish::turkish_perft(position, options);
    case Family::Halma:
        return halma::halma_perft(id, position, options);
    }
    return Error{"unknown_variant", "unknown variant"};
}

// Draughts and Turkish keep no table of their own beyond what the compiler computes.
void build_tables() {
    chess::ensure_attack_tables();
    halma::ensure_layouts();
}

} // namespace rules
