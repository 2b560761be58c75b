#include "rules/variant.h"

#include <array>

namespace rules {
namespace {

struct VariantEntry {
    VariantId id;
    std::string_view name;
    Family family;
    int players = 2;
    int start_positions = 0; // numbered start positions (rules/variant.h)
};

constexpr std::array<VariantEntry, 23> variant_table{{
    {VariantId::Chess, "chess", Family::Chess},
    {VariantId::International, "international", Family::Draughts},
    {VariantId::Brazilian, "brazilian", Family::Draughts},
    {VariantId::Russian, "russian", Family::Draughts},
    {VariantId::English, "english", Family::Draughts},
    {VariantId::Italian, "italian", Family::Draughts},
    {VariantId::Spanish, "spanish", Family::Draughts},
    {VariantId::Pool, "pool", Family::Draughts},
    {VariantId::Czech, "czech", Family::Draughts},
    {VariantId::Turkish, "turkish", Family::Turkish},
    {VariantId::Antidraughts, "antidraughts", Family::Draughts},
    {VariantId::RussianGiveaway, "russian-giveaway", Family::Draughts},
    {VariantId::ChineseCheckers2, "chinese-checkers-2", Family::Halma, 2},
    {VariantId::ChineseCheckers3, "chinese-checkers-3", Family::Halma, 3},
    {VariantId::ChineseCheckers4, "chinese-checkers-4", Family::Halma, 4},
    {VariantId::ChineseCheckers6, "chinese-checkers-6", Family::Halma, 6},
    {VariantId::Halma2, "halma-2", Family::Halma, 2},
    {VariantId::Halma4, "halma-4", Family::Halma, 4},
    {VariantId::Frisian, "frisian", Family::Draughts},
    {VariantId::Frysk, "frysk", Family::Draughts},
    {VariantId::Breakthrough, "breakthrough", Family::Draughts},
    {VariantId::Killer, "killer", Family::Draughts},
    // FIDE Laws, Guidelines II.2: 960 start positions, numbered as rules/chess/chess960.h says.
    {VariantId::Chess960, "chess960", Family::Chess, 2, 960},
}};

constexpr std::array<VariantId, variant_table.size()> variant_ids = [] {
    std::array<VariantId, variant_table.size()> ids{};
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = variant_table[i].id;
    return ids;
}();

const VariantEntry& entry(VariantId id) {
    for (const auto& e : variant_table)
        if (e.id == id) return e;
    return variant_table[0];
}

} // namespace

std::string_view variant_name(VariantId id) { return entry(id).name; }

std::optional<VariantId> variant_from_name(std::string_view name) {
    for (const auto& e : variant_table)
        if (e.name == name) return e.id;
    if (name == "polish") return VariantId::International;
    if (name == "checkers") return VariantId::English;
    return std::nullopt;
}

Family family_of(VariantId id) { return entry(id).family; }

std::span<const VariantId> all_variants() { return variant_ids; }

int player_count(VariantId id) { return entry(id).players; }

int start_position_count(VariantId id) { return entry(id).start_positions; }

} // namespace rules
