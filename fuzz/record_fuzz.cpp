// PGN / PDN records (rules/record/record_reader.h): no text crashes the reader, and every game
// it reads replays through a Game of the variant it seems to be (from its GameType tag or its
// first move; from its FEN tag if any) without crashing; each replayed game's own record reads
// back as one game with as many moves.
#include "fuzz/fuzz_support.h"
#include "rules/record/record_reader.h"

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// PDN GameType 21 is English, 25 Russian, 30 Turkish; numeric moves are International
// (GameType 20); squares like c3-d4 or c3:e5 are Russian; anything else is chess.
rules::VariantId variant_of(const rules::GameRecord& record) {
    if (const auto type = record.tag("GameType")) {
        if (type->starts_with("21"))
            return rules::VariantId::English;
        if (type->starts_with("25"))
            return rules::VariantId::Russian;
        if (type->starts_with("30"))
            return rules::VariantId::Turkish;
    }
    const std::string_view first =
        record.moves.empty() ? std::string_view{} : std::string_view{record.moves.front()};
    if (!first.empty() && is_digit(first.front()))
        return rules::VariantId::International;
    if (first.size() >= 5 && is_digit(first[1]) && (first[2] == '-' || first[2] == ':'))
        return rules::VariantId::Russian;
    return rules::VariantId::Chess;
}

void replay(const rules::GameRecord& record) {
    const auto fen = record.tag("FEN");
    auto made = rules::make_game(variant_of(record), fen ? *fen : std::string_view{},
                                 {.draw_rules = rules::DrawRules::ReportOnly});
    if (!made.ok())
        return;
    auto& game = *made.value();
    for (const std::string& move : record.moves)
        if (!game.play(move).ok())
            break;
    const auto again = rules::read_records(game.record({}));
    fuzz::require(again.size() == 1 && again.front().ok(), "a written record does not read back");
    fuzz::require(again.front().value().moves.size() == game.moves().size(),
                  "a written record reads back with another number of moves");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    for (const auto& record : rules::read_records(fuzz::as_text(data, size)))
        if (record.ok())
            replay(record.value());
    return 0;
}
