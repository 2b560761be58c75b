#pragma once
// The computer opponents as players: one named player per level, the same at every table.
// Their ids are their display names ("Pip (Easy)"): a space and brackets, which no account
// name may hold (server/auth/username.cpp) and no guest name has, so nobody can take one, and
// a game's stored player name alone says that the computer sat there and at which level.

#include "engine/level.h"
#include "lobby/player.h"

#include <optional>
#include <string_view>

namespace server::play {

// The computer of `level` as it sits at a table.
lobby::Player computer_player(engine::Level level);
// The level of the computer with this player id; nullopt for everyone else.
std::optional<engine::Level> computer_level(std::string_view player_id);

} // namespace server::play
