#include "server/config/tournament_schedules_json.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <string_view>

namespace server {
namespace {

using json = nlohmann::json;

constexpr std::array<std::string_view, 11> schedule_fields{
    "name",          "format",           "variant",          "time_control",
    "every_minutes", "announce_minutes", "duration_minutes", "rounds",
    "rated",         "min_players",      "max_players"};

constexpr std::array<std::string_view, 6> required_fields{
    "name", "format", "variant", "time_control", "every_minutes", "announce_minutes"};

// Reads `field` of `entry` into `out` if present; the problem when it has another JSON type.
std::optional<std::string> read_text(const json& entry, const char* field, std::string& out) {
    if (!entry.contains(field))
        return std::nullopt;
    if (!entry[field].is_string())
        return std::string(field) + " must be a string";
    out = entry[field].get<std::string>();
    return std::nullopt;
}

std::optional<std::string> read_whole(const json& entry, const char* field, int& out) {
    if (!entry.contains(field))
        return std::nullopt;
    const auto& value = entry[field];
    const bool fits = value.is_number_integer() &&
                      (value.is_number_unsigned() ? value.get<std::uint64_t>() <= INT_MAX
                                                  : value.get<std::int64_t>() >= INT_MIN &&
                                                        value.get<std::int64_t>() <= INT_MAX);
    if (!fits)
        return std::string(field) + " must be a whole number";
    out = static_cast<int>(value.get<std::int64_t>());
    return std::nullopt;
}

std::optional<std::string> read_flag(const json& entry, const char* field, bool& out) {
    if (!entry.contains(field))
        return std::nullopt;
    if (!entry[field].is_boolean())
        return std::string(field) + " must be true or false";
    out = entry[field].get<bool>();
    return std::nullopt;
}

std::variant<TournamentSchedule, std::string> schedule_from_json(const json& entry) {
    if (!entry.is_object())
        return std::string("must be an object");
    for (const auto& [field, value] : entry.items())
        if (std::find(schedule_fields.begin(), schedule_fields.end(), field) ==
            schedule_fields.end())
            return "unknown field \"" + field + "\"";
    for (const auto field : required_fields)
        if (!entry.contains(field))
            return std::string(field) + " is missing";
    TournamentSchedule s;
    std::optional<std::string> problem;
    if ((problem = read_text(entry, "name", s.name)) ||
        (problem = read_text(entry, "format", s.format)) ||
        (problem = read_text(entry, "variant", s.variant)) ||
        (problem = read_text(entry, "time_control", s.time_control)) ||
        (problem = read_whole(entry, "every_minutes", s.every_minutes)) ||
        (problem = read_whole(entry, "announce_minutes", s.announce_minutes)) ||
        (problem = read_whole(entry, "duration_minutes", s.duration_minutes)) ||
        (problem = read_whole(entry, "rounds", s.rounds)) ||
        (problem = read_flag(entry, "rated", s.rated)) ||
        (problem = read_whole(entry, "min_players", s.min_players)) ||
        (problem = read_whole(entry, "max_players", s.max_players)))
        return *problem;
    return s;
}

} // namespace

std::string schedule_entry_name(std::size_t index, const std::string& name) {
    std::string text = "entry ";
    text += std::to_string(index + 1);
    if (!name.empty()) {
        text += " (\"";
        text += name;
        text += "\")";
    }
    return text;
}

std::variant<std::vector<TournamentSchedule>, std::string>
tournament_schedules_from_json(const json& list) {
    if (!list.is_array())
        return std::string("must be a list of schedule objects");
    std::vector<TournamentSchedule> schedules;
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto read = schedule_from_json(list[i]);
        if (auto* problem = std::get_if<std::string>(&read)) {
            const bool named =
                list[i].is_object() && list[i].contains("name") && list[i]["name"].is_string();
            return schedule_entry_name(i, named ? list[i]["name"].get<std::string>() : "") + ": " +
                   *problem;
        }
        schedules.push_back(std::move(std::get<TournamentSchedule>(read)));
    }
    return schedules;
}

} // namespace server
