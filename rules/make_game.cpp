#include "rules/families.h"

namespace rules {

Result<std::unique_ptr<Game>> make_game(VariantId id, std::string_view position,
                                        const GameOptions& options) {
    switch (family_of(id)) {
    case Family::Chess:
        return chess::make_chess_game(id, position, options);
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
        return chess::chess_perft(id, position, options);
    case Family::Draughts:
        return draughts::draughts_perft(id, position, options);
    case Family::Turkish:
        return turkish::turkish_perft(position, options);
    case Family::Halma:
        return halma::halma_perft(id, position, options);
    }
    return Error{"unknown_variant", "unknown variant"};
}

Result<std::string> start_position_fen(VariantId id, int number) {
    const int count = start_position_count(id);
    if (count == 0)
        return Error{"bad_start_number",
                     std::string(variant_name(id)) + " has one start position, not numbered ones"};
    if (number < 0 || number >= count)
        return Error{"bad_start_number", std::string(variant_name(id)) +
                                             " start positions are numbered from 0 to " +
                                             std::to_string(count - 1)};
    // Only chess960 has numbered start positions (variant.cpp).
    return chess::chess960_start_fen(number);
}

// Draughts and Turkish keep no table of their own beyond what the compiler computes.
void build_tables() {
    chess::ensure_attack_tables();
    halma::ensure_layouts();
}

} // namespace rules
