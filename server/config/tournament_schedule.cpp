#include "server/config/tournament_schedule.h"

#include "lobby/time_control.h"
#include "lobby/tournament/scoring.h"
#include "rules/variant.h"

#include <algorithm>
#include <cctype>

namespace server {
namespace {

constexpr int week_minutes = 7 * 24 * 60;
constexpr int day_minutes = 24 * 60;

std::string whole_number_from(const char* field, int least, int most) {
    std::string text = field;
    text += " must be a whole number from ";
    text += std::to_string(least);
    text += " to ";
    text += std::to_string(most);
    return text;
}

bool blank(const std::string& text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
}

} // namespace

std::optional<std::string> check_tournament_schedule(const TournamentSchedule& s) {
    if (s.name.size() > 80 || blank(s.name))
        return std::string("name must have 1 to 80 characters");
    const bool arena = s.format == "arena";
    const bool round_robin = s.format == "round_robin" || s.format == "double_round_robin";
    if (!arena && !round_robin && s.format != "swiss")
        return std::string(
            R"(format must be "swiss", "round_robin", "double_round_robin" or "arena")");
    const auto variant = rules::variant_from_name(s.variant);
    if (!variant || !lobby::tournament::scoring_for(*variant))
        return "variant \"" + s.variant + "\" is not a variant for two players";
    const auto control = lobby::parse_time_control(s.time_control);
    if (!control)
        return "time_control \"" + s.time_control +
               "\" is not a time control (\"3+2\", "
               "\"30s+0\"): " +
               control.error().detail;
    if (arena && !control->has_total())
        return std::string("time_control of an arena must have a total time");
    if (s.every_minutes < 1 || s.every_minutes > week_minutes)
        return whole_number_from("every_minutes", 1, week_minutes);
    if (s.announce_minutes < 1 || s.announce_minutes > week_minutes)
        return whole_number_from("announce_minutes", 1, week_minutes);
    if (arena && (s.duration_minutes < 1 || s.duration_minutes > day_minutes))
        return whole_number_from("duration_minutes of an arena", 1, day_minutes);
    if (!arena && s.duration_minutes != 0)
        return std::string("duration_minutes is an arena's: leave it out");
    if (s.format == "swiss" && (s.rounds < 1 || s.rounds > 99))
        return whole_number_from("rounds of a Swiss", 1, 99);
    if (s.format != "swiss" && s.rounds != 0)
        return std::string("rounds is a Swiss's: leave it out");
    const int most = round_robin ? 64 : 1000; // tournament_service.cpp's bounds
    if (s.min_players < 2 || s.min_players > most)
        return whole_number_from("min_players", 2, most);
    if (s.max_players < s.min_players || s.max_players > most)
        return "max_players must be a whole number from min_players to " + std::to_string(most);
    return std::nullopt;
}

} // namespace server
