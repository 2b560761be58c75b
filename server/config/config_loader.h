#pragma once
// Turns the configuration sources into a Config. Pure: the caller reads the file and the
// environment, so every rule here is tested on strings (tests/server/config_loader_test.cpp).
//
// Precedence, lowest first: built-in defaults < config file < TABULA_<KEY> environment
// variables < command-line flags (--key value or --key=value, underscores written as dashes;
// a switch such as --cluster alone is true).
// An unknown key in the file, an unknown flag, a bad value or bad JSON is a ConfigError that
// names the key (or flag) and its source; `tabula serve` prints it and exits with code 1.

#include "server/config/config.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace server {

// Environment variables as name/value pairs; only names starting with TABULA_ are looked at.
using Environment = std::vector<std::pair<std::string, std::string>>;

struct ConfigError {
    std::string key;     // the key or flag at fault, or "config" for the file as a whole
    std::string message; // a full sentence for the operator, naming key and source
};

// Where the configuration comes from. The file is optional: without --config the default
// config/tabula.json is read only if it exists.
struct ConfigSources {
    std::optional<std::string> file_text; // contents of the config file, if one was read
    std::string file_name;                // for messages
    Environment environment;
    std::vector<std::string> flags; // arguments after `serve`
};

struct LoadedConfig {
    Config config;
    std::vector<std::string> warnings; // e.g. an unknown TABULA_ variable (not fatal)
};

// The whole merge, defaults to flags, with validation.
std::variant<LoadedConfig, ConfigError> resolve_config(const ConfigSources& sources);

// Which file to read: --config FILE, else TABULA_CONFIG, else config/tabula.json.
// `required` is false only for the default, which may be absent.
struct ConfigFileChoice {
    std::string path;
    bool required = false;
};
std::variant<ConfigFileChoice, ConfigError>
choose_config_file(const std::vector<std::string>& flags, const Environment& environment);

inline constexpr const char* default_config_path = "config/tabula.json";

// True when the flags ask for --help / -h.
bool wants_help(const std::vector<std::string>& flags);

// The option list printed by `tabula serve --help`.
std::string serve_usage();

// The name of a log level as written in the config ("info").
const char* log_level_name(LogLevel level);

} // namespace server
