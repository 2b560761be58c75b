#include "server/config/config_loader.h"

#include <fstream>
#include <iterator>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using server::Config;
using server::ConfigError;
using server::ConfigSources;
using server::LoadedConfig;

namespace {

// Resolves the sources; fails the test when it is an error.
Config resolved(const ConfigSources& sources) {
    auto result = server::resolve_config(sources);
    if (auto* error = std::get_if<ConfigError>(&result))
        FAIL(error->message);
    return std::get<LoadedConfig>(result).config;
}

ConfigError refused(const ConfigSources& sources) {
    auto result = server::resolve_config(sources);
    REQUIRE(std::holds_alternative<ConfigError>(result));
    return std::get<ConfigError>(result);
}

ConfigSources file(std::string text) {
    ConfigSources sources;
    sources.file_text = std::move(text);
    sources.file_name = "test.json";
    return sources;
}

ConfigSources flags(std::vector<std::string> args) {
    ConfigSources sources;
    sources.flags = std::move(args);
    return sources;
}

} // namespace

TEST_CASE("config: no sources give the documented defaults") {
    const Config config = resolved({});
    CHECK(config.port == 8080);
    CHECK(config.bind == "0.0.0.0");
    CHECK(config.db == "tabula.db");
    CHECK(config.web == "web");
    CHECK(config.threads == 0);
    CHECK(config.tls_cert.empty());
    CHECK(config.tls_key.empty());
    CHECK(config.allowed_origins.empty());
    CHECK(config.read_message_max == 4096);
    CHECK(config.max_queued_messages == 256);
    CHECK(config.messages_per_second == 1000);
    CHECK(config.burst == 1000);
    CHECK(config.max_connections == 10000);
    CHECK(config.max_connections_per_ip == 200);
    CHECK(config.http_body_limit == 65536);
    CHECK(config.db_synchronous == "full");
    CHECK(config.log_level == server::LogLevel::Info);
    CHECK(config.ping_interval == std::chrono::seconds(15));
    CHECK(config.finished_table_idle == std::chrono::seconds(300));
    CHECK(config.finished_table_kept == std::chrono::seconds(3600));
}

TEST_CASE("config: the shipped config/tabula.json holds every key with its default") {
    std::ifstream in(std::string(TABULA_SOURCE_DIR) + "/config/tabula.json");
    REQUIRE(in);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto parsed = nlohmann::json::parse(text);
    const Config from_file = resolved(file(text));
    const Config defaults = resolved({});
    CHECK(parsed.size() == 37);
    CHECK(from_file.port == defaults.port);
    CHECK(from_file.db == defaults.db);
    CHECK(from_file.read_message_max == defaults.read_message_max);
    CHECK(from_file.messages_per_second == defaults.messages_per_second);
    CHECK(from_file.burst == defaults.burst);
    CHECK(from_file.max_connections == defaults.max_connections);
    CHECK(from_file.max_connections_per_ip == defaults.max_connections_per_ip);
    CHECK(from_file.ping_interval == defaults.ping_interval);
    CHECK(from_file.finished_table_idle == defaults.finished_table_idle);
    CHECK(from_file.finished_table_kept == defaults.finished_table_kept);
    CHECK(from_file.engine_threads == defaults.engine_threads);
    CHECK(from_file.computer_games_per_player == defaults.computer_games_per_player);
    CHECK(from_file.computer_games_per_address == defaults.computer_games_per_address);
    CHECK(from_file.computer_games == defaults.computer_games);
    CHECK(from_file.lobby_page_size == defaults.lobby_page_size);
    CHECK(from_file.lobby_push_interval == defaults.lobby_push_interval);
    CHECK(from_file.lobby_requests_burst == defaults.lobby_requests_burst);
    CHECK(from_file.lobby_requests_per_second == defaults.lobby_requests_per_second);
    CHECK(from_file.lobby_tables_per_address == defaults.lobby_tables_per_address);
    CHECK(from_file.lobby_host_gone == defaults.lobby_host_gone);
    CHECK(from_file.metrics_allowed_addresses == defaults.metrics_allowed_addresses);
    CHECK(from_file.metrics_listen == defaults.metrics_listen);
    CHECK(from_file.bus == defaults.bus);
    CHECK(from_file.node == defaults.node);
    CHECK(from_file.cluster == defaults.cluster);
    CHECK(from_file.trusted_proxies == defaults.trusted_proxies);
    CHECK(defaults.trusted_proxies.empty());
    CHECK(from_file.tournament_schedules.empty());
}

TEST_CASE("config: cluster is a switch, the flag alone turning it on") {
    CHECK(!resolved({}).cluster);
    CHECK(resolved(flags({"--cluster"})).cluster);
    // Alone, it takes no value: the next argument is an option of its own.
    const Config then_port = resolved(flags({"--cluster", "--port", "9000"}));
    CHECK(then_port.cluster);
    CHECK(then_port.port == 9000);
    CHECK(!resolved(flags({"--cluster=false"})).cluster);
    CHECK(resolved(flags({"--cluster=true"})).cluster);
    CHECK(resolved(file(R"({"cluster": true})")).cluster);
    ConfigSources sources = file(R"({"cluster": true})");
    sources.environment = {{"TABULA_CLUSTER", "0"}};
    CHECK(!resolved(sources).cluster);
    sources.environment = {{"TABULA_CLUSTER", "1"}};
    CHECK(resolved(sources).cluster);
    CHECK(refused(file(R"({"cluster": "yes"})")).key == "cluster");
    CHECK(refused(file(R"({"cluster": 1})")).key == "cluster");
    ConfigSources bad_environment;
    bad_environment.environment = {{"TABULA_CLUSTER", "yes"}};
    const auto error = refused(bad_environment);
    CHECK(error.key == "cluster");
    CHECK(error.message.find("true or false") != std::string::npos);
    CHECK(server::serve_usage().find("  --cluster ") != std::string::npos);
}

TEST_CASE("config: bus is a list of NATS URLs and node an id of one subject token") {
    const Config defaults = resolved({});
    CHECK(defaults.bus.empty());
    CHECK(defaults.node.empty());

    const Config from_flags = resolved(flags(
        {"--bus", "nats://10.0.0.5:4222, tls://nats.example.org:4443", "--node", "node-2_a"}));
    CHECK(from_flags.bus ==
          std::vector<std::string>{"nats://10.0.0.5:4222", "tls://nats.example.org:4443"});
    CHECK(from_flags.node == "node-2_a");

    ConfigSources sources = file(R"({"bus": ["nats://127.0.0.1:4222"], "node": "a"})");
    sources.environment = {{"TABULA_NODE", "b"}};
    const Config merged = resolved(sources);
    CHECK(merged.bus == std::vector<std::string>{"nats://127.0.0.1:4222"});
    CHECK(merged.node == "b");

    for (const char* bad : {"127.0.0.1:4222", "http://host:4222", "nats://", "nats://a b"}) {
        CAPTURE(bad);
        const auto error = refused(file(std::string(R"({"bus": [")") + bad + R"("]})"));
        CHECK(error.key == "bus");
        CHECK(error.message.find("NATS URL") != std::string::npos);
    }
    const std::string too_long(65, 'x');
    for (const char* bad : {"node.1", "node 1", "n*", too_long.c_str()}) {
        CAPTURE(bad);
        const auto error = refused(flags({"--node", bad}));
        CHECK(error.key == "node");
    }
    CHECK(refused(file(R"({"bus": "nats://127.0.0.1:4222"})")).key == "bus");
}

TEST_CASE("config: file, then environment, then flags, each overriding the one before") {
    ConfigSources sources = file(R"({"port": 9000, "db": "file.db", "threads": 3})");
    sources.environment = {{"TABULA_PORT", "9100"}, {"TABULA_DB", "env.db"}};
    sources.flags = {"--port", "9200"};
    const Config config = resolved(sources);
    CHECK(config.port == 9200);
    CHECK(config.db == "env.db");
    CHECK(config.threads == 3);
}

TEST_CASE("config: flags take --key value and --key=value, dashes for underscores") {
    const Config config = resolved(
        flags({"--db=games.db", "--web", "/srv/web", "--threads=4", "--read-message-max", "8192",
               "--log-level=debug", "--allowed-origins", "https://a.example, https://b.example/",
               "--bind", "::1", "--db-synchronous", "normal", "--messages-per-second", "2.5",
               "--burst", "10"}));
    CHECK(config.db == "games.db");
    CHECK(config.web == "/srv/web");
    CHECK(config.threads == 4);
    CHECK(config.read_message_max == 8192);
    CHECK(config.log_level == server::LogLevel::Debug);
    CHECK(config.allowed_origins ==
          std::vector<std::string>{"https://a.example", "https://b.example"});
    CHECK(config.bind == "::1");
    CHECK(config.db_synchronous == "normal");
    CHECK(config.messages_per_second == 2.5);
    CHECK(config.burst == 10);
}

TEST_CASE("config: trusted_proxies reads addresses and networks from every source") {
    const auto networks = [](const Config& config) {
        std::vector<std::string> texts;
        for (const auto& network : config.trusted_proxies)
            texts.push_back(server::ip_network_text(network));
        return texts;
    };
    const std::vector<std::string> expected{"10.0.0.0/8", "::1", "192.0.2.7"};
    CHECK(networks(resolved(file(R"({"trusted_proxies": ["10.0.0.0/8", "::1", "192.0.2.7"]})"))) ==
          expected);
    ConfigSources from_env;
    from_env.environment = {{"TABULA_TRUSTED_PROXIES", "10.0.0.0/8, ::1,192.0.2.7"}};
    CHECK(networks(resolved(from_env)) == expected);
    CHECK(networks(resolved(flags({"--trusted-proxies=10.0.0.0/8,::1,192.0.2.7"}))) == expected);
    // The variable overrides the file; an empty one trusts nobody.
    ConfigSources emptied = file(R"({"trusted_proxies": ["10.0.0.0/8"]})");
    emptied.environment = {{"TABULA_TRUSTED_PROXIES", ""}};
    CHECK(resolved(emptied).trusted_proxies.empty());
}

TEST_CASE("config: TLS needs both the certificate and the key") {
    const Config config = resolved(flags({"--tls-cert", "c.pem", "--tls-key", "k.pem"}));
    CHECK(config.tls_enabled());
    CHECK(refused(flags({"--tls-cert", "c.pem"})).key == "tls_key");
    CHECK(refused(flags({"--tls-key", "k.pem"})).key == "tls_cert");
}

TEST_CASE("config: every bad value is refused with a message naming the key and source") {
    struct Case {
        ConfigSources sources;
        std::string key;
        std::string source;
    };
    auto env = [](std::string name, std::string value) {
        ConfigSources sources;
        sources.environment = {{std::move(name), std::move(value)}};
        return sources;
    };
    const std::vector<Case> cases{
        {flags({"--port", "70000"}), "port", "--port"},
        {file(R"({"trusted_proxies": "10.0.0.0/8"})"), "trusted_proxies", "test.json"},
        {file(R"({"trusted_proxies": ["haproxy"]})"), "trusted_proxies", "test.json"},
        {env("TABULA_TRUSTED_PROXIES", "10.0.0.1/8"), "trusted_proxies", "TABULA_TRUSTED_PROXIES"},
        {flags({"--trusted-proxies", "10.0.0.0/33"}), "trusted_proxies", "--trusted-proxies"},
        {flags({"--port", "80a"}), "port", "--port"},
        {flags({"--port", "-1"}), "port", "--port"},
        {env("TABULA_PORT", "http"), "port", "TABULA_PORT"},
        {file(R"({"port": "8080"})"), "port", "test.json"},
        {file(R"({"port": 80.5})"), "port", "test.json"},
        {flags({"--threads", "1000"}), "threads", "--threads"},
        {flags({"--bind", "localhost"}), "bind", "--bind"},
        {flags({"--db", ""}), "db", "--db"},
        {file(R"({"web": ""})"), "web", "test.json"},
        {file(R"({"allowed_origins": "https://a.example"})"), "allowed_origins", "test.json"},
        {file(R"({"allowed_origins": ["ftp://a.example"]})"), "allowed_origins", "test.json"},
        {flags({"--read-message-max", "10"}), "read_message_max", "--read-message-max"},
        {flags({"--max-queued-messages", "0"}), "max_queued_messages", "--max-queued-messages"},
        {flags({"--messages-per-second", "0"}), "messages_per_second", "--messages-per-second"},
        {flags({"--messages-per-second", "fast"}), "messages_per_second", "--messages-per-second"},
        {flags({"--burst", "0.5"}), "burst", "--burst"},
        {flags({"--max-connections", "0"}), "max_connections", "--max-connections"},
        {env("TABULA_MAX_CONNECTIONS_PER_IP", "0"), "max_connections_per_ip",
         "TABULA_MAX_CONNECTIONS_PER_IP"},
        {flags({"--http-body-limit", "-5"}), "http_body_limit", "--http-body-limit"},
        {env("TABULA_DB_SYNCHRONOUS", "off"), "db_synchronous", "TABULA_DB_SYNCHRONOUS"},
        {file(R"({"log_level": "loud"})"), "log_level", "test.json"},
        {flags({"--ping-interval-seconds", "0"}), "ping_interval_seconds",
         "--ping-interval-seconds"},
        {flags({"--finished-table-idle-seconds", "0"}), "finished_table_idle_seconds",
         "--finished-table-idle-seconds"},
        {env("TABULA_FINISHED_TABLE_KEPT_SECONDS", "604801"), "finished_table_kept_seconds",
         "TABULA_FINISHED_TABLE_KEPT_SECONDS"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.key);
        const auto error = refused(c.sources);
        CHECK(error.key == c.key);
        CHECK(error.message.find(c.key) != std::string::npos);
        CHECK(error.message.find(c.source) != std::string::npos);
    }
}

TEST_CASE("config: an unknown key in the file is refused by name") {
    const auto error = refused(file(R"({"prot": 8080})"));
    CHECK(error.key == "prot");
    CHECK(error.message.find("unknown key \"prot\"") != std::string::npos);
}

TEST_CASE("config: bad JSON and a file that is not an object are refused") {
    CHECK(refused(file("{\"port\": 80,")).message.find("not valid JSON") != std::string::npos);
    CHECK(refused(file("[1, 2]")).message.find("one JSON object") != std::string::npos);
}

TEST_CASE("config: an unknown flag, a stray argument and a missing value are refused") {
    CHECK(refused(flags({"--prot", "1"})).key == "--prot");
    CHECK(refused(flags({"8080"})).message.find("unexpected argument") != std::string::npos);
    CHECK(refused(flags({"--port"})).message.find("needs a value") != std::string::npos);
}

TEST_CASE("config: an unknown TABULA_ variable is a warning, other variables are ignored") {
    ConfigSources sources;
    sources.environment = {{"TABULA_PROT", "1"}, {"HOME", "/root"}, {"TABULA_CONFIG", "x"}};
    auto result = server::resolve_config(sources);
    REQUIRE(std::holds_alternative<LoadedConfig>(result));
    const auto& warnings = std::get<LoadedConfig>(result).warnings;
    REQUIRE(warnings.size() == 1);
    CHECK(warnings.front().find("TABULA_PROT") != std::string::npos);
}

TEST_CASE("config: the file is --config, else TABULA_CONFIG, else the optional default") {
    using server::ConfigFileChoice;
    auto chosen = [](std::vector<std::string> args, server::Environment env) {
        auto choice = server::choose_config_file(args, env);
        REQUIRE(std::holds_alternative<ConfigFileChoice>(choice));
        return std::get<ConfigFileChoice>(choice);
    };
    CHECK(chosen({"--config", "a.json"}, {{"TABULA_CONFIG", "b.json"}}).path == "a.json");
    CHECK(chosen({"--config=a.json"}, {}).required);
    CHECK(chosen({}, {{"TABULA_CONFIG", "b.json"}}).path == "b.json");
    CHECK(chosen({}, {}).path == "config/tabula.json");
    CHECK_FALSE(chosen({}, {}).required);
    CHECK(std::holds_alternative<ConfigError>(server::choose_config_file({"--config"}, {})));
    // --config is not an unknown flag for the merge either.
    CHECK(resolved(flags({"--config", "a.json", "--port", "1"})).port == 1);
}

TEST_CASE("config: --help is recognised and the usage lists every option") {
    CHECK(server::wants_help({"--port", "1", "--help"}));
    CHECK_FALSE(server::wants_help({"--port", "1"}));
    const auto usage = server::serve_usage();
    for (const char* option :
         {"--config", "--port", "--bind", "--db", "--web", "--threads", "--tls-cert", "--tls-key",
          "--allowed-origins", "--read-message-max", "--max-queued-messages",
          "--messages-per-second", "--burst", "--http-body-limit", "--db-synchronous",
          "--log-level", "--ping-interval-seconds", "--engine-threads"})
        CHECK_MESSAGE(usage.find(option) != std::string::npos, option);
}
