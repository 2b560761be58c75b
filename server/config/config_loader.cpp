#include "server/config/config_loader.h"

#include "server/config/config_keys.h"
#include "server/config/tournament_schedules_json.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <nlohmann/json.hpp>

namespace server {
namespace {

using config_keys::KeySpec;
using config_keys::Kind;
using config_keys::Value;
using json = nlohmann::json;

const char* kind_name(Kind kind) {
    switch (kind) {
    case Kind::Integer:
        return "an integer";
    case Kind::Number:
        return "a number";
    case Kind::Text:
        return "a string";
    case Kind::TextList:
        return "a list of strings";
    case Kind::ScheduleList:
        return "a list of schedule objects";
    case Kind::Switch:
        return "true or false";
    }
    return "a value";
}

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return std::string(text.substr(first, last - first + 1));
}

// A value from JSON, if it has the key's kind.
std::optional<Value> value_from_json(Kind kind, const json& j) {
    switch (kind) {
    case Kind::Integer:
        if (j.is_number_unsigned() && j.get<std::uint64_t>() > INT64_MAX)
            return std::nullopt;
        if (j.is_number_integer())
            return Value(j.get<std::int64_t>());
        return std::nullopt;
    case Kind::Number:
        if (j.is_number())
            return Value(j.get<double>());
        return std::nullopt;
    case Kind::Text:
        if (j.is_string())
            return Value(j.get<std::string>());
        return std::nullopt;
    case Kind::TextList: {
        if (!j.is_array())
            return std::nullopt;
        std::vector<std::string> list;
        for (const auto& item : j) {
            if (!item.is_string())
                return std::nullopt;
            list.push_back(item.get<std::string>());
        }
        return Value(std::move(list));
    }
    case Kind::ScheduleList:
        return std::nullopt; // read_json_value reads it, with a problem that names the entry
    case Kind::Switch:
        if (j.is_boolean())
            return Value(j.get<bool>());
        return std::nullopt;
    }
    return std::nullopt;
}

// A value from an environment variable or flag, if the text reads as the key's kind.
std::optional<Value> value_from_text(Kind kind, std::string_view text) {
    switch (kind) {
    case Kind::Integer: {
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec != std::errc() || end != text.data() + text.size() || text.empty())
            return std::nullopt;
        return Value(n);
    }
    case Kind::Number: {
        double x = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
        if (ec != std::errc() || end != text.data() + text.size() || text.empty())
            return std::nullopt;
        return Value(x);
    }
    case Kind::Text:
        return Value(std::string(text));
    case Kind::TextList: {
        std::vector<std::string> list;
        std::size_t start = 0;
        while (start <= text.size() && !trim(text).empty()) {
            const auto comma = std::min(text.find(',', start), text.size());
            auto item = trim(text.substr(start, comma - start));
            if (!item.empty())
                list.push_back(std::move(item));
            start = comma + 1;
        }
        return Value(std::move(list));
    }
    case Kind::ScheduleList:
        return std::nullopt; // read_text_value reads it as JSON text
    case Kind::Switch:
        if (text == "true" || text == "1")
            return Value(true);
        if (text == "false" || text == "0")
            return Value(false);
        return std::nullopt;
    }
    return std::nullopt;
}

// A key's value from JSON, or what is wrong with it: not of the key's kind or, for a list of
// schedules, the entry at fault.
using ValueOrProblem = std::variant<Value, std::string>;

ValueOrProblem read_json_value(Kind kind, const json& j) {
    if (kind == Kind::ScheduleList) {
        auto read = tournament_schedules_from_json(j);
        if (auto* problem = std::get_if<std::string>(&read))
            return std::move(*problem);
        return Value(std::move(std::get<std::vector<TournamentSchedule>>(read)));
    }
    if (auto value = value_from_json(kind, j))
        return std::move(*value);
    return std::string("must be ") + kind_name(kind);
}

// The same from an environment variable or a flag: a list of schedules is JSON text there.
ValueOrProblem read_text_value(Kind kind, std::string_view text) {
    if (kind == Kind::ScheduleList) {
        const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (j.is_discarded())
            return std::string("must be JSON text: a list of schedule objects");
        return read_json_value(kind, j);
    }
    if (auto value = value_from_text(kind, text))
        return std::move(*value);
    return std::string("must be ") + kind_name(kind);
}

std::optional<ConfigError> apply(Config& config, const KeySpec& key, const ValueOrProblem& read,
                                 const std::string& source) {
    const std::string where = std::string(key.name) + " (" + source + ")";
    if (const auto* problem = std::get_if<std::string>(&read))
        return ConfigError{std::string(key.name), "config: " + where + ": " + *problem};
    const auto* value = std::get_if<Value>(&read);
    if (auto problem = key.store(config, *value))
        return ConfigError{std::string(key.name), "config: " + where + ": " + *problem};
    return std::nullopt;
}

std::optional<ConfigError> apply_file(Config& config, const std::string& text,
                                      const std::string& file_name) {
    const json j = json::parse(text, nullptr, /*allow_exceptions=*/false,
                               /*ignore_comments=*/true);
    if (j.is_discarded())
        return ConfigError{"config", "config: " + file_name + " is not valid JSON"};
    if (!j.is_object())
        return ConfigError{"config", "config: " + file_name + " must hold one JSON object"};
    for (const auto& [name, value] : j.items()) {
        const KeySpec* key = config_keys::find(name);
        if (!key)
            return ConfigError{name, "config: unknown key \"" + name + "\" in " + file_name};
        if (auto error = apply(config, *key, read_json_value(key->kind, value), file_name))
            return error;
    }
    return std::nullopt;
}

std::string env_name(std::string_view key) {
    std::string name = "TABULA_";
    for (char c : key)
        name += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

std::optional<ConfigError> apply_environment(Config& config, const Environment& environment,
                                             std::vector<std::string>& warnings) {
    for (const auto& [name, text] : environment) {
        if (!name.starts_with("TABULA_") || name == "TABULA_CONFIG")
            continue;
        const KeySpec* match = nullptr;
        for (const auto& key : config_keys::all())
            if (env_name(key.name) == name)
                match = &key;
        if (!match) {
            warnings.push_back("config: ignoring unknown environment variable " + name);
            continue;
        }
        if (auto error = apply(config, *match, read_text_value(match->kind, text), name))
            return error;
    }
    return std::nullopt;
}

std::string flag_to_key(std::string_view flag) {
    std::string key(flag.substr(2));
    std::replace(key.begin(), key.end(), '-', '_');
    return key;
}

std::optional<ConfigError> apply_flags(Config& config, const std::vector<std::string>& flags) {
    for (std::size_t i = 0; i < flags.size(); ++i) {
        std::string_view arg = flags[i];
        if (arg == "--help" || arg == "-h")
            continue;
        if (!arg.starts_with("--"))
            return ConfigError{std::string(arg), "serve: unexpected argument \"" +
                                                     std::string(arg) + "\" (see --help)"};
        std::string_view flag = arg;
        std::optional<std::string> text;
        if (const auto eq = arg.find('='); eq != std::string_view::npos) {
            flag = arg.substr(0, eq);
            text = std::string(arg.substr(eq + 1));
        }
        const std::string key_name = flag_to_key(flag);
        const KeySpec* key = config_keys::find(key_name);
        if (!key && key_name != "config")
            return ConfigError{std::string(flag),
                               "serve: unknown option " + std::string(flag) + " (see --help)"};
        if (!text && key != nullptr && key->kind == Kind::Switch)
            text = "true"; // --cluster alone; never the next argument, which is another option
        if (!text) {
            if (i + 1 >= flags.size())
                return ConfigError{std::string(flag),
                                   "serve: option " + std::string(flag) + " needs a value"};
            text = flags[++i];
        }
        if (!key)
            continue; // --config was handled by choose_config_file
        if (auto error = apply(config, *key, read_text_value(key->kind, *text), std::string(flag)))
            return error;
    }
    return std::nullopt;
}

std::optional<ConfigError> check_combination(const Config& config) {
    if (config.tls_cert.empty() != config.tls_key.empty()) {
        const char* missing = config.tls_cert.empty() ? "tls_cert" : "tls_key";
        return ConfigError{missing, std::string("config: ") + missing +
                                        ": tls_cert and tls_key must be set together"};
    }
    return std::nullopt;
}

} // namespace

std::variant<LoadedConfig, ConfigError> resolve_config(const ConfigSources& sources) {
    LoadedConfig loaded;
    if (sources.file_text)
        if (auto error = apply_file(loaded.config, *sources.file_text, sources.file_name))
            return *error;
    if (auto error = apply_environment(loaded.config, sources.environment, loaded.warnings))
        return *error;
    if (auto error = apply_flags(loaded.config, sources.flags))
        return *error;
    if (auto error = check_combination(loaded.config))
        return *error;
    return loaded;
}

std::variant<ConfigFileChoice, ConfigError>
choose_config_file(const std::vector<std::string>& flags, const Environment& environment) {
    std::optional<std::string> chosen;
    for (std::size_t i = 0; i < flags.size(); ++i) {
        if (flags[i] == "--config") {
            if (i + 1 >= flags.size())
                return ConfigError{"--config", "serve: option --config needs a value"};
            chosen = flags[i + 1];
            ++i;
        } else if (flags[i].starts_with("--config=")) {
            chosen = flags[i].substr(9);
        }
    }
    if (!chosen)
        for (const auto& [name, value] : environment)
            if (name == "TABULA_CONFIG")
                chosen = value;
    if (chosen && chosen->empty())
        return ConfigError{"--config", "serve: --config needs a file name"};
    if (chosen)
        return ConfigFileChoice{*chosen, true};
    return ConfigFileChoice{default_config_path, false};
}

bool wants_help(const std::vector<std::string>& flags) {
    return std::any_of(flags.begin(), flags.end(),
                       [](const std::string& f) { return f == "--help" || f == "-h"; });
}

std::string serve_usage() {
    std::string text = "usage: tabula serve [options]\n\n"
                       "Each option overrides the config file and the TABULA_<KEY> variable.\n\n"
                       "  --config FILE                  config file (default " +
                       std::string(default_config_path) + " if it exists)\n";
    for (const auto& key : config_keys::all()) {
        std::string flag = "--" + std::string(key.name);
        std::replace(flag.begin(), flag.end(), '_', '-');
        flag += key.kind == Kind::Text           ? " TEXT"
                : key.kind == Kind::TextList     ? " A,B"
                : key.kind == Kind::ScheduleList ? " JSON"
                : key.kind == Kind::Switch       ? ""
                                                 : " N";
        flag.resize(std::max<std::size_t>(flag.size() + 1, 31), ' ');
        text += "  " + flag + std::string(key.help) + "\n";
    }
    text += "  --help                         show this list\n";
    return text;
}

const char* log_level_name(LogLevel level) {
    switch (level) {
    case LogLevel::Error:
        return "error";
    case LogLevel::Warn:
        return "warn";
    case LogLevel::Info:
        return "info";
    case LogLevel::Debug:
        return "debug";
    }
    return "info";
}

} // namespace server
