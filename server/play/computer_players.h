#pragma once
// The computer opponents as players: one named player per level and per seat it takes at a
// table, the same at every table. Their ids are their display names ("Pip (Easy)", and at a
// table of more players "Pip (Easy) 2" to "Pip (Easy) 5" for the further seats): a space and
// brackets, which no account name may hold (server/auth/username.cpp) and no guest name has,
// so nobody can take one, and a game's stored player name alone says that the computer sat
// there and at which level.

#include "engine/level.h"
#include "lobby/player.h"

#include <optional>
#include <string_view>

namespace server::play {

// The most computers at one table: every seat but one of a six-player table.
inline constexpr int max_computers = 5;

// The `number`th computer (1 to max_computers) of `level` at a table.
lobby::Player computer_player(engine::Level level, int number = 1);
// The level of the computer with this player id; nullopt for everyone else.
std::optional<engine::Level> computer_level(std::string_view player_id);

} // namespace server::play
