// Chess FEN (rules/chess/fen.h, read through make_game): no input crashes the reader, and every
// position it accepts, and every position one legal move later, is written as a FEN it reads
// back to the same position.
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto game = rules::make_game(rules::VariantId::Chess, fuzz::as_text(data, size),
                                       {.draw_rules = rules::DrawRules::ReportOnly});
    if (!game.ok())
        return 0;
    fuzz::require_position_read_back(*game.value());
    for (const std::string& move : game.value()->legal_moves()) {
        const auto next = game.value()->clone();
        fuzz::require(next->play(move).ok(), "a listed legal move is refused:", move);
        fuzz::require_position_read_back(*next);
    }
    return 0;
}
