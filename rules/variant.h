#pragma once
// The games Tabula knows, by id. The names are the ids used everywhere: protocol, storage,
// command line ("chess", "international", "russian-giveaway", …).

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace rules {

// Stored and sent by name, never by number.
enum class VariantId : std::uint8_t {
    Chess,
    International,
    Brazilian,
    Russian,
    English,
    Italian,
    Spanish,
    Pool,
    Czech,
    Turkish,
    Antidraughts,
    RussianGiveaway,
};

// The family decides which core implements a variant.
enum class Family : std::uint8_t {
    Chess,    // rules/chess: bitboards
    Draughts, // rules/draughts: the diagonal games, variants as data
    Turkish,  // rules/turkish: orthogonal geometry, all 64 squares
};

std::string_view variant_name(VariantId id);
std::optional<VariantId> variant_from_name(std::string_view name);
Family family_of(VariantId id);
std::span<const VariantId> all_variants();

} // namespace rules
