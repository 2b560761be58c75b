#pragma once
// The stored text of a time control, every field spelled out, so a restarted server gets the
// same clock back: "base_ms=300000 increment_ms=3000 delay_ms=0 per_move_ms=0 days=0". Game
// rows (server/play/stored_game.h) and ladder rows (server/accounts/ladder_definition.h) keep
// it; it is not the "5+3" an operator types (time_control.h).

#include "lobby/time_control.h"

#include <optional>
#include <string>
#include <string_view>

namespace lobby {

std::string time_control_text(const TimeControl& control);
// nullopt when a field is missing or not a number.
std::optional<TimeControl> parse_time_control_text(std::string_view text);

} // namespace lobby
