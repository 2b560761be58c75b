#pragma once
// How a game of Turkish draughts ends, apart from the rules of movement (movegen.h).
// Sources as in movegen.h: [W] Wikipedia "Turkish draughts", [M] mindsports.nl rules text,
// [G] "Türk Daması: oyun kuralları ve öğrenme kılavuzu", section 19.
//
//  Wins
//   "no-moves"  the side to move has no legal move, having no pieces or being blocked: it
//               loses [W], [G] 19a.
//   "lone-man"  a side left with a single man, while the other side has a king, loses
//               ([M]: "A king versus single man also wins the game"; issue 4: "a lone piece
//               against a king loses"). [G] 19b would call king against man a draw; we
//               follow the issue and [M] there.
//  Draws
//   "one-each"  each side has a single piece left (two kings, or two men): [G] 19b ("when
//               both players have one piece left the game is drawn, as it would go on
//               forever"). A dead position, so it ends the game under DrawRules::Claim too.
//   "threefold" the same position with the same side to move for the third time (issue 4;
//               draughts custom). Claimed under DrawRules::Claim.
// The Turkish federation publishes no move-count rule that we could cite, so there is none.

#include "rules/turkish/board.h"

#include <optional>
#include <string_view>
#include <vector>

namespace rules::turkish {

// A win decided by the position alone ("no-moves", "lone-man"), if any.
// `has_moves`: whether the side to move has a legal move.
std::optional<Outcome> decisive_result(const Position& position, bool has_moves);

// The draw rule that holds ("one-each", then "threefold"), if any. `history` holds the
// positions since the last irreversible move, the current one included.
std::optional<std::string_view> draw_rule(const Position& position,
                                          const std::vector<Position>& history);

// Whether a move makes every earlier position unreachable: a capture, or a man moving
// forward (men never move back, and a crowned man is a new king).
bool irreversible(const Position& before, const Position& after);

// False when `side` has no pieces, or when one piece each is left (a draw, [G] 19b).
bool can_still_win(const Position& position, Color side);

} // namespace rules::turkish
