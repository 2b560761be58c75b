#include "server/config/config_keys.h"

#include "server/config/tournament_schedules_json.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <boost/asio/ip/address.hpp>

namespace server::config_keys {
namespace {

using Problem = std::optional<std::string>;

// Stores an integer in [min, max] into `field`.
template <class T>
Problem store_integer(T& field, const Value& value, std::int64_t min, std::int64_t max) {
    const auto n = std::get<std::int64_t>(value);
    if (n < min || n > max)
        return "must be an integer from " + std::to_string(min) + " to " + std::to_string(max);
    field = static_cast<T>(n);
    return std::nullopt;
}

Problem store_positive(double& field, const Value& value, double max) {
    const auto x = std::get<double>(value);
    if (!std::isfinite(x) || x <= 0 || x > max)
        return "must be a number above 0 and at most " + std::to_string(static_cast<int>(max));
    field = x;
    return std::nullopt;
}

Problem store_choice(std::string& field, const Value& value,
                     std::initializer_list<std::string_view> choices) {
    const auto& text = std::get<std::string>(value);
    if (std::find(choices.begin(), choices.end(), text) == choices.end()) {
        std::string list;
        for (auto c : choices)
            list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
        return "must be one of " + list;
    }
    field = text;
    return std::nullopt;
}

Problem store_path(std::string& field, const Value& value) {
    const auto& text = std::get<std::string>(value);
    if (text.empty())
        return std::string("must not be empty");
    if (text.find('\0') != std::string::npos)
        return std::string("must not contain NUL");
    field = text;
    return std::nullopt;
}

Problem store_optional_path(std::string& field, const Value& value) {
    const auto& text = std::get<std::string>(value);
    if (text.find('\0') != std::string::npos)
        return std::string("must not contain NUL");
    field = text;
    return std::nullopt;
}

Problem store_bind(Config& c, const Value& value) {
    const auto& text = std::get<std::string>(value);
    boost::system::error_code ec;
    (void)boost::asio::ip::make_address(text, ec);
    if (ec)
        return std::string("must be an IPv4 or IPv6 address such as 0.0.0.0 or ::1");
    c.bind = text;
    return std::nullopt;
}

Problem store_origins(Config& c, const Value& value) {
    auto origins = std::get<std::vector<std::string>>(value);
    for (auto& origin : origins) {
        if (!origin.starts_with("http://") && !origin.starts_with("https://"))
            return "origin \"" + origin + "\" must start with http:// or https://";
        while (origin.ends_with('/'))
            origin.pop_back();
    }
    c.allowed_origins = std::move(origins);
    return std::nullopt;
}

// Client addresses, each an IPv4 or IPv6 address, kept as Asio writes them.
Problem store_metrics_allowed(Config& c, const Value& value) {
    std::vector<std::string> addresses;
    for (const auto& text : std::get<std::vector<std::string>>(value)) {
        boost::system::error_code ec;
        const auto address = boost::asio::ip::make_address(text, ec);
        if (ec)
            return "\"" + text + "\" must be an IPv4 or IPv6 address";
        addresses.push_back(address.to_string());
    }
    c.metrics_allowed_addresses = std::move(addresses);
    return std::nullopt;
}

// Addresses or networks ("10.0.0.0/8"), each checked by parse_ip_network (ip_network.h).
Problem store_trusted_proxies(Config& c, const Value& value) {
    std::vector<IpNetwork> networks;
    for (const auto& text : std::get<std::vector<std::string>>(value)) {
        const auto network = parse_ip_network(text);
        if (!network)
            return "\"" + text +
                   "\" must be an IPv4 or IPv6 address, or a network such as \"10.0.0.0/8\" (no "
                   "bit set past the prefix)";
        networks.push_back(*network);
    }
    c.trusted_proxies = std::move(networks);
    return std::nullopt;
}

// Empty, or "address:port" with an IPv6 address in brackets.
Problem store_metrics_listen(Config& c, const Value& value) {
    const auto& text = std::get<std::string>(value);
    if (text.empty()) {
        c.metrics_listen.clear();
        return std::nullopt;
    }
    const Problem bad =
        std::string(R"(must be "address:port", such as "127.0.0.1:9100" or "[::1]:9100")");
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
        return bad;
    std::string host = text.substr(0, colon);
    if (host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    boost::system::error_code ec;
    (void)boost::asio::ip::make_address(host, ec);
    const auto port = text.substr(colon + 1);
    if (ec || port.size() > 5 ||
        !std::all_of(port.begin(), port.end(), [](char d) { return d >= '0' && d <= '9'; }) ||
        std::stoi(port) > 65535)
        return bad;
    c.metrics_listen = text;
    return std::nullopt;
}

// NATS server URLs: nats:// or tls://, then a host (and port), without spaces or commas.
Problem store_bus(Config& c, const Value& value) {
    const auto& urls = std::get<std::vector<std::string>>(value);
    for (const auto& url : urls) {
        const bool scheme = url.starts_with("nats://") || url.starts_with("tls://");
        const auto rest =
            url.substr(url.find("://") == std::string::npos ? 0 : url.find("://") + 3);
        const bool plain = std::none_of(url.begin(), url.end(), [](char ch) {
            return static_cast<unsigned char>(ch) <= ' ' || ch == ',';
        });
        if (!scheme || rest.empty() || rest.front() == ':' || rest.front() == '/' || !plain)
            return "\"" + url + "\" must be a NATS URL such as \"nats://127.0.0.1:4222\"";
    }
    c.bus = urls;
    return std::nullopt;
}

// Empty (the host name), or 1 to 64 letters, digits, '-' and '_': one token of a bus subject.
Problem store_node(Config& c, const Value& value) {
    const auto& text = std::get<std::string>(value);
    const bool fits = text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char ch) {
                          return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                                 (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
                      });
    if (!fits)
        return std::string("must be empty or up to 64 letters, digits, '-' and '_'");
    c.node = text;
    return std::nullopt;
}

Problem store_log_level(Config& c, const Value& value) {
    const auto& text = std::get<std::string>(value);
    constexpr std::array<std::pair<std::string_view, LogLevel>, 4> levels{{
        {"error", LogLevel::Error},
        {"warn", LogLevel::Warn},
        {"info", LogLevel::Info},
        {"debug", LogLevel::Debug},
    }};
    for (const auto& [name, level] : levels)
        if (text == name) {
            c.log_level = level;
            return std::nullopt;
        }
    return std::string(R"(must be one of "error", "warn", "info", "debug")");
}

Problem store_ping_interval(Config& c, const Value& value) {
    std::int64_t seconds = 0;
    if (auto p = store_integer(seconds, value, 1, 3600))
        return p;
    c.ping_interval = std::chrono::seconds(seconds);
    return std::nullopt;
}

Problem store_seconds(std::chrono::seconds& field, const Value& value) {
    std::int64_t seconds = 0;
    if (auto p = store_integer(seconds, value, 1, 7 * 24 * 3600))
        return p;
    field = std::chrono::seconds(seconds);
    return std::nullopt;
}

constexpr std::int64_t mib = 1024 * 1024;

Problem store_push_interval(Config& c, const Value& value) {
    std::int64_t ms = 0;
    if (auto p = store_integer(ms, value, 10, 60'000))
        return p;
    c.lobby_push_interval = std::chrono::milliseconds(ms);
    return std::nullopt;
}

Problem store_host_gone(Config& c, const Value& value) {
    std::int64_t seconds = 0;
    if (auto p = store_integer(seconds, value, 1, 3600))
        return p;
    c.lobby_host_gone = std::chrono::seconds(seconds);
    return std::nullopt;
}

// Each schedule checked (tournament_schedule.h); the first fault names its entry.
Problem store_tournament_schedules(Config& c, const Value& value) {
    const auto& schedules = std::get<std::vector<TournamentSchedule>>(value);
    for (std::size_t i = 0; i < schedules.size(); ++i)
        if (auto problem = check_tournament_schedule(schedules[i]))
            return schedule_entry_name(i, schedules[i].name) + ": " + *problem;
    c.tournament_schedules = schedules;
    return std::nullopt;
}

const std::array<KeySpec, 38> keys{{
    {"port", Kind::Integer, "TCP port to listen on (0 = any free port)",
     [](Config& c, const Value& v) { return store_integer(c.port, v, 0, 65535); }},
    {"bind", Kind::Text, "address to listen on", store_bind},
    {"db", Kind::Text,
     "database: a SQLite file (created if missing) or a postgresql:// URI (storage/open.h)",
     [](Config& c, const Value& v) { return store_path(c.db, v); }},
    {"web", Kind::Text, "directory of the static browser client",
     [](Config& c, const Value& v) { return store_path(c.web, v); }},
    {"threads", Kind::Integer, "I/O threads (0 = one per core)",
     [](Config& c, const Value& v) { return store_integer(c.threads, v, 0, 256); }},
    {"tls_cert", Kind::Text, "PEM certificate chain; with tls_key serves https/wss",
     [](Config& c, const Value& v) { return store_optional_path(c.tls_cert, v); }},
    {"tls_key", Kind::Text, "PEM private key for tls_cert",
     [](Config& c, const Value& v) { return store_optional_path(c.tls_key, v); }},
    {"allowed_origins", Kind::TextList,
     "origins allowed to open /ws and POST (comma list; empty = same host)", store_origins},
    {"read_message_max", Kind::Integer, "largest WebSocket message in bytes",
     [](Config& c, const Value& v) { return store_integer(c.read_message_max, v, 64, mib); }},
    {"max_queued_messages", Kind::Integer, "outgoing messages queued per connection",
     [](Config& c, const Value& v) {
         return store_integer(c.max_queued_messages, v, 1, 1'000'000);
     }},
    {"messages_per_second", Kind::Number, "sustained WebSocket messages per second",
     [](Config& c, const Value& v) { return store_positive(c.messages_per_second, v, 100000); }},
    {"burst", Kind::Number, "WebSocket messages allowed at once",
     [](Config& c, const Value& v) {
         if (std::get<double>(v) < 1)
             return Problem("must be a number of at least 1");
         return store_positive(c.burst, v, 100000);
     }},
    {"max_connections", Kind::Integer, "TCP connections in all (more get HTTP 503)",
     [](Config& c, const Value& v) { return store_integer(c.max_connections, v, 1, 1'000'000); }},
    {"max_connections_per_ip", Kind::Integer,
     "TCP connections from one IP address (more get HTTP 503)",
     [](Config& c, const Value& v) {
         return store_integer(c.max_connections_per_ip, v, 1, 1'000'000);
     }},
    {"http_body_limit", Kind::Integer, "largest HTTP request body in bytes",
     [](Config& c, const Value& v) { return store_integer(c.http_body_limit, v, 0, 64 * mib); }},
    {"db_synchronous", Kind::Text,
     "commit durability: full (survives power loss) or normal (storage/durability.h)",
     [](Config& c, const Value& v) {
         return store_choice(c.db_synchronous, v, {"full", "normal"});
     }},
    {"log_level", Kind::Text, "error, warn, info or debug", store_log_level},
    {"ping_interval_seconds", Kind::Integer, "WebSocket ping period (keepalive, lag)",
     store_ping_interval},
    {"finished_table_idle_seconds", Kind::Integer,
     "a finished table is dropped once nobody has been at it this long",
     [](Config& c, const Value& v) { return store_seconds(c.finished_table_idle, v); }},
    {"finished_table_kept_seconds", Kind::Integer,
     "a finished table is dropped this long after its game ended, watched or not",
     [](Config& c, const Value& v) { return store_seconds(c.finished_table_kept, v); }},
    {"engine_threads", Kind::Integer, "threads the computer opponent thinks on (0 = none)",
     [](Config& c, const Value& v) { return store_integer(c.engine_threads, v, 0, 16); }},
    {"engine_searches", Kind::Text,
     "where the computer's searches run: process (a process of their own) or threads",
     [](Config& c, const Value& v) {
         return store_choice(c.engine_searches, v, {"process", "threads"});
     }},
    {"computer_games_per_player", Kind::Integer,
     "unfinished games against the computer one player may have",
     [](Config& c, const Value& v) {
         return store_integer(c.computer_games_per_player, v, 1, 1'000);
     }},
    {"computer_games_per_address", Kind::Integer,
     "unfinished games against the computer the players of one IP address may have",
     [](Config& c, const Value& v) {
         return store_integer(c.computer_games_per_address, v, 1, 100'000);
     }},
    {"computer_games", Kind::Integer, "unfinished games against the computer on the server",
     [](Config& c, const Value& v) { return store_integer(c.computer_games, v, 1, 1'000'000); }},
    {"lobby_page_size", Kind::Integer, "public tables in one page of the lobby's list",
     [](Config& c, const Value& v) { return store_integer(c.lobby_page_size, v, 1, 1'000); }},
    {"lobby_push_interval_ms", Kind::Integer,
     "the lobby's changes go out together at most this often", store_push_interval},
    {"lobby_requests_burst", Kind::Number,
     "lobby_subscribe and lobby_page a connection may send at once",
     [](Config& c, const Value& v) { return store_positive(c.lobby_requests_burst, v, 1000); }},
    {"lobby_requests_per_second", Kind::Number,
     "lobby_subscribe and lobby_page per second per connection after the burst",
     [](Config& c, const Value& v) {
         return store_positive(c.lobby_requests_per_second, v, 1000);
     }},
    {"lobby_tables_per_address", Kind::Integer,
     "open public tables the players of one IP address may have",
     [](Config& c, const Value& v) {
         return store_integer(c.lobby_tables_per_address, v, 1, 100'000);
     }},
    {"lobby_host_gone_seconds", Kind::Integer,
     "a host without a connection this long has its open tables unlisted", store_host_gone},
    {"metrics_allowed_addresses", Kind::TextList,
     "client addresses that may read /metrics on the game port", store_metrics_allowed},
    {"metrics_listen", Kind::Text,
     "address:port to serve /metrics on instead of the game port (empty: the game port)",
     store_metrics_listen},
    {"trusted_proxies", Kind::TextList,
     "proxies whose X-Forwarded-For names the client (comma list: addresses, 10.0.0.0/8)",
     store_trusted_proxies},
    {"bus", Kind::TextList,
     "NATS servers of the cluster's bus (comma list of nats:// URLs; empty = no bus)", store_bus},
    {"node", Kind::Text, "this node's stable id in the cluster (empty = the host name)",
     store_node},
    {"cluster", Kind::Switch,
     "join the cluster of the nodes sharing the PostgreSQL db (lease, takeovers)",
     [](Config& c, const Value& v) {
         c.cluster = std::get<bool>(v);
         return Problem();
     }},
    {"tournament_schedules", Kind::ScheduleList,
     "tournaments made on a schedule (a JSON list of objects, config/README.md)",
     store_tournament_schedules},
}};

} // namespace

std::span<const KeySpec> all() {
    return keys;
}

const KeySpec* find(std::string_view name) {
    for (const auto& key : keys)
        if (key.name == name)
            return &key;
    return nullptr;
}

} // namespace server::config_keys
