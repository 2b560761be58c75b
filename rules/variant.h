#pragma once
// The games Tabula knows, by id. The names are the ids used everywhere: protocol, storage,
// command line ("chess", "international", "russian-giveaway", …).

#include "rules/result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
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
    ChineseCheckers2,
    ChineseCheckers3,
    ChineseCheckers4,
    ChineseCheckers6,
    Halma2,
    Halma4,
    Frisian,
    Frysk,
    Breakthrough,
    Killer,
    Chess960,
};

// The family decides which core implements a variant.
enum class Family : std::uint8_t {
    Chess,    // rules/chess: bitboards
    Draughts, // rules/draughts: the diagonal games, variants as data
    Turkish,  // rules/turkish: orthogonal geometry, all 64 squares
    Halma,    // rules/halma: Chinese checkers (star) and Halma (16x16), 2 to 6 players
};

std::string_view variant_name(VariantId id);
std::optional<VariantId> variant_from_name(std::string_view name);
Family family_of(VariantId id);
std::span<const VariantId> all_variants();

// How many players a variant seats: 2 for chess and draughts, 2 to 6 for the halma family.
int player_count(VariantId id);

// How many numbered start positions a variant has: 960 for chess960 (FIDE Laws, Guidelines
// II.2), 0 for a variant with one start position. A table picks one at random (rules/ has no
// randomness of its own) and starts its game from start_position_fen(id, number).
int start_position_count(VariantId id);
// The start position `number` (from 0 to start_position_count(id) - 1) as the position text
// make_game() takes. Errors: "bad_start_number".
Result<std::string> start_position_fen(VariantId id, int number);

} // namespace rules
