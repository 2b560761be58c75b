// Draughts FEN (rules/draughts/fen.h) and Turkish position strings (rules/turkish/fen.h), read
// through make_game for every draughts variant: no input crashes a reader or the move generator
// behind it (the capture path arrays are bounded by the reader's piece cap), and every accepted
// position, and every position one legal move later, is written as a FEN read back the same.
#include "fuzz/fuzz_support.h"
#include "rules/variant.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto text = fuzz::as_text(data, size);
    if (text.empty())
        return 0; // empty means the start position, which is not what is fuzzed here
    for (const rules::VariantId id : rules::all_variants()) {
        if (id == rules::VariantId::Chess)
            continue;
        const auto game = rules::make_game(id, text, {.draw_rules = rules::DrawRules::ReportOnly});
        if (!game.ok())
            continue;
        fuzz::require_position_read_back(*game.value());
        for (const std::string& move : game.value()->legal_moves()) {
            const auto next = game.value()->clone();
            fuzz::require(next->play(move).ok(), "a listed legal move is refused:", move);
            fuzz::require_position_read_back(*next);
        }
    }
    return 0;
}
