#pragma once
// Reads the config key `tournament_schedules` from JSON: a list of objects, one schedule each
// (tournament_schedule.h; the fields in config/README.md). Only the shape is read here: each
// field of its JSON type, `name`, `format`, `variant`, `time_control`, `every_minutes` and
// `announce_minutes` present, no field unknown. The values are checked by
// check_tournament_schedule when the key is stored (config_keys.cpp).

#include "server/config/tournament_schedule.h"

#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace server {

// The schedules, or what is wrong, naming the entry ("entry 2: every_minutes must be ...").
std::variant<std::vector<TournamentSchedule>, std::string>
tournament_schedules_from_json(const nlohmann::json& list);

// "entry 2 (\"Hourly blitz\")": how a problem names the schedule at fault (1-based).
std::string schedule_entry_name(std::size_t index, const std::string& name);

} // namespace server
