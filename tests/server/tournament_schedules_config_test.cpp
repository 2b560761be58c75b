// The config key tournament_schedules (config/README.md, server/config/tournament_schedule.h):
// read from the file's JSON, from TABULA_TOURNAMENT_SCHEDULES and --tournament-schedules as
// JSON text, and every bad entry refused with one line naming the key, the entry and the fault.
#include "server/config/config_loader.h"

#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using server::ConfigError;
using server::ConfigSources;
using server::LoadedConfig;

namespace {

const char* const hourly_arena = R"({"name": "Hourly blitz arena", "format": "arena",
    "variant": "chess", "time_control": "3+2", "every_minutes": 60, "duration_minutes": 30,
    "rated": true, "announce_minutes": 15})";

ConfigSources schedules_file(const std::string& list) {
    ConfigSources sources;
    sources.file_text = R"({"port": 0, "tournament_schedules": )" + list + "}";
    sources.file_name = "tabula.json";
    return sources;
}

std::vector<server::TournamentSchedule> schedules_read(const ConfigSources& sources) {
    auto result = server::resolve_config(sources);
    if (auto* error = std::get_if<ConfigError>(&result))
        FAIL(error->message);
    return std::get<LoadedConfig>(result).config.tournament_schedules;
}

// The one line that stops startup.
std::string schedules_refusal(const ConfigSources& sources) {
    auto result = server::resolve_config(sources);
    REQUIRE(std::holds_alternative<ConfigError>(result));
    const auto& error = std::get<ConfigError>(result);
    CHECK(error.key == "tournament_schedules");
    CHECK(error.message.find('\n') == std::string::npos);
    return error.message;
}

// An hourly arena with `field` replaced by `value` (JSON text), or left out when it is empty.
std::string arena_with(const std::string& field, const std::string& value) {
    auto entry = nlohmann::json::parse(hourly_arena);
    if (value.empty())
        entry.erase(field);
    else
        entry[field] = nlohmann::json::parse(value);
    return "[" + entry.dump() + "]";
}

} // namespace

TEST_CASE("config: tournament_schedules is empty by default and read from the file") {
    CHECK(schedules_read({}).empty());
    const auto swiss = R"({"name": "Sunday Swiss", "format": "swiss", "variant": "international",
        "time_control": "10+5", "every_minutes": 10080, "announce_minutes": 1440, "rounds": 7,
        "min_players": 4, "max_players": 100})";
    const auto schedules =
        schedules_read(schedules_file("[" + std::string(hourly_arena) + ", " + swiss + "]"));
    REQUIRE(schedules.size() == 2);
    CHECK(schedules[0].name == "Hourly blitz arena");
    CHECK(schedules[0].format == "arena");
    CHECK(schedules[0].variant == "chess");
    CHECK(schedules[0].time_control == "3+2");
    CHECK(schedules[0].every_minutes == 60);
    CHECK(schedules[0].announce_minutes == 15);
    CHECK(schedules[0].duration_minutes == 30);
    CHECK(schedules[0].rated);
    CHECK(schedules[0].rounds == 0);
    CHECK(schedules[0].min_players == 2);
    CHECK(schedules[0].max_players == 64);
    CHECK(schedules[1].format == "swiss");
    CHECK(schedules[1].rounds == 7);
    CHECK_FALSE(schedules[1].rated);
    CHECK(schedules[1].min_players == 4);
    CHECK(schedules[1].max_players == 100);
}

TEST_CASE("config: tournament_schedules from the environment and a flag is JSON text") {
    ConfigSources sources;
    sources.environment = {{"TABULA_TOURNAMENT_SCHEDULES", "[" + std::string(hourly_arena) + "]"}};
    CHECK(schedules_read(sources).size() == 1);
    sources.flags = {"--tournament-schedules", "[]"};
    CHECK(schedules_read(sources).empty());

    ConfigSources bad_text;
    bad_text.flags = {"--tournament-schedules=hourly"};
    CHECK(schedules_refusal(bad_text) == "config: tournament_schedules (--tournament-schedules): "
                                         "must be JSON text: a list of schedule objects");
    CHECK(server::serve_usage().find("--tournament-schedules JSON") != std::string::npos);
}

TEST_CASE("config: a bad tournament schedule stops startup naming the key, entry and fault") {
    CHECK(schedules_refusal(schedules_file("{}")) ==
          "config: tournament_schedules (tabula.json): must be a list of schedule objects");
    CHECK(schedules_refusal(schedules_file("[3]")) ==
          "config: tournament_schedules (tabula.json): entry 1: must be an object");
    CHECK(schedules_refusal(schedules_file(arena_with("every_minutes", ""))) ==
          "config: tournament_schedules (tabula.json): entry 1 (\"Hourly blitz arena\"): "
          "every_minutes is missing");
    CHECK(schedules_refusal(schedules_file(arena_with("colour", "\"white\""))) ==
          "config: tournament_schedules (tabula.json): entry 1 (\"Hourly blitz arena\"): "
          "unknown field \"colour\"");
    CHECK(schedules_refusal(schedules_file(arena_with("every_minutes", "\"hourly\""))) ==
          "config: tournament_schedules (tabula.json): entry 1 (\"Hourly blitz arena\"): "
          "every_minutes must be a whole number");
    CHECK(schedules_refusal(schedules_file(arena_with("rated", "1"))) ==
          "config: tournament_schedules (tabula.json): entry 1 (\"Hourly blitz arena\"): "
          "rated must be true or false");

    // The values, checked as a tournament made over HTTP is (the second entry at fault).
    const auto second = [](const std::string& field, const std::string& value) {
        auto list = arena_with(field, value);
        list.insert(1, std::string(hourly_arena) + ", ");
        return schedules_refusal(schedules_file(list));
    };
    const std::string at = "config: tournament_schedules (tabula.json): entry 2 (\"Hourly blitz "
                           "arena\"): ";
    CHECK(second("every_minutes", "0") == at + "every_minutes must be a whole number from 1 to "
                                               "10080");
    CHECK(second("announce_minutes", "0") ==
          at + "announce_minutes must be a whole number from 1 to 10080");
    CHECK(second("format", "\"knockout\"") ==
          at + R"(format must be "swiss", "round_robin", "double_round_robin" or "arena")");
    CHECK(second("variant", "\"chinese\"") ==
          at + "variant \"chinese\" is not a variant for two players");
    CHECK(second("time_control", "\"blitz\"")
              .starts_with(at + "time_control \"blitz\" is not a time control"));
    CHECK(second("time_control", "\"3d\"") == at + "time_control of an arena must have a total "
                                                   "time");
    CHECK(second("duration_minutes", "") ==
          at + "duration_minutes of an arena must be a whole number from 1 to 1440");
    CHECK(second("rounds", "5") == at + "rounds is a Swiss's: leave it out");
    CHECK(second("max_players", "1") ==
          at + "max_players must be a whole number from min_players to 1000");
    CHECK(second("name", "\" \"")
              .starts_with("config: tournament_schedules (tabula.json): entry 2 (\" \"): name must "
                           "have 1 to 80"));
    CHECK(schedules_refusal(schedules_file(R"([{"name": "Swiss", "format": "swiss",
        "variant": "chess", "time_control": "5+3", "every_minutes": 60,
        "announce_minutes": 30}])")) ==
          "config: tournament_schedules (tabula.json): entry 1 (\"Swiss\"): rounds of a Swiss "
          "must be a whole number from 1 to 99");
}
