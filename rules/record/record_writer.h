#pragma once
// Writes the parts of a game record that PGN (chess) and PDN (draughts, Turkish draughts)
// share, in their export form: the tag section and the numbered, wrapped movetext. Each
// family adds its own tags (SetUp/FEN, GameType, Variant) and its own result tokens.

#include "rules/game.h"

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rules {

using TagPair = std::pair<std::string_view, std::string_view>;

// One tag line, `[Name "value"]`: quotes and backslashes escaped (PGN 8.1.1); line breaks
// dropped, since a tag pair is one line.
std::string tag_line(std::string_view name, std::string_view value);

// The tag section: the seven-tag roster (PGN 8.1.1) with `result`, the family's own tags in
// order, Termination when set, the caller's extra tags, then the blank line that ends it.
std::string tag_section(const RecordTags& tags, std::string_view result,
                        std::span<const TagPair> family_tags);

// The game termination marker of PGN 8.2.6 for a two-sided outcome: "1-0", "0-1", "1/2-1/2",
// or "*" while the game goes on. Chess, Turkish draughts and the two-player halma games use it;
// the FMJD draughts family scores 2-0 / 1-1 / 0-2 instead (rules/draughts/pdn_record.cpp).
std::string_view result_marker(const Outcome& outcome);

// The movetext (PGN 8.2): move numbers from `first_number`, "N..." before a first move that
// does not open a move pair, lines broken before they pass 79 characters, then `result`.
// `first_opens_pair` says whether the first move is the one a move number stands before
// (White's in chess, the first mover's in draughts).
std::string movetext(const std::vector<std::string>& moves, int first_number, bool first_opens_pair,
                     std::string_view result);

} // namespace rules
