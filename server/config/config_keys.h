#pragma once
// The table of configuration keys: name, value kind, and how a value is checked and stored.
// One row per key; config_loader.cpp reads values from JSON, environment and flags through it.

#include "server/config/config.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace server::config_keys {

// ScheduleList: a JSON list of objects (tournament_schedules_json.h), in the file as JSON and
// in an environment variable or flag as JSON text. Switch: true or false (JSON), "true",
// "false", "1" or "0" (environment, --key=value); the flag alone (--key) is true.
enum class Kind : std::uint8_t { Integer, Number, Text, TextList, ScheduleList, Switch };

using Value = std::variant<std::int64_t, double, std::string, std::vector<std::string>,
                           std::vector<TournamentSchedule>, bool>;

struct KeySpec {
    std::string_view name;
    Kind kind;
    std::string_view help; // one line for `serve --help`
    // Checks and stores a value of `kind`; returns what is wrong with it, or nothing.
    std::optional<std::string> (*store)(Config&, const Value&);
};

std::span<const KeySpec> all();
const KeySpec* find(std::string_view name);

} // namespace server::config_keys
