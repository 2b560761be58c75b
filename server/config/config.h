#pragma once
// The server's configuration: one plain value, filled from built-in defaults, then the config
// file, then TABULA_<KEY> environment variables, then command-line flags (config_loader.h).
// Every key is documented in config/README.md; config/tabula.json lists each with its default.

#include "server/config/ip_network.h"
#include "server/config/tournament_schedule.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace server {

enum class LogLevel : std::uint8_t { Error, Warn, Info, Debug };

struct Config {
    std::uint16_t port = 8080;                // 0 = any free port (tests)
    std::string bind = "0.0.0.0";             // IPv4 or IPv6 address to listen on
    std::string db = "tabula.db";             // SQLite file or postgresql:// URI (storage/open.h)
    std::string web = "web";                  // static browser client
    unsigned threads = 0;                     // io threads; 0 = one per core
    std::string tls_cert;                     // PEM chain; empty (with tls_key) = plain HTTP
    std::string tls_key;                      // PEM private key
    std::vector<std::string> allowed_origins; // empty = same host only
    std::size_t read_message_max = 4096;      // largest WebSocket message, bytes
    std::size_t max_queued_messages = 256;    // outgoing queue per connection
    double messages_per_second = 1000;        // sustained WebSocket message rate
    double burst = 1000;                      // messages allowed at once
    std::size_t max_connections = 10000;      // TCP connections in all
    std::size_t max_connections_per_ip = 200; // TCP connections from one address
    std::size_t http_body_limit = 64 * 1024;  // largest HTTP request body, bytes
    std::string db_synchronous = "full";      // "full" or "normal" (storage/durability.h)
    LogLevel log_level = LogLevel::Info;      // error, warn, info, debug
    std::chrono::seconds ping_interval{15};   // WebSocket ping (keepalive and lag)
    // Finished tables (server/play/live_table.h SweepPolicy): dropped once nobody has been at
    // one for `finished_table_idle`, or `finished_table_kept` after its game ended.
    std::chrono::seconds finished_table_idle{300};
    std::chrono::seconds finished_table_kept{3600};
    unsigned engine_threads = 1;             // threads the computer opponent thinks on; 0 = none
    std::string engine_searches = "process"; // "process": a search process; "threads": in here
    // Unfinished games against the computer at once (server/play/computer_seat.h).
    std::size_t computer_games_per_player = 3;
    std::size_t computer_games_per_address = 12;
    std::size_t computer_games = 200;
    // The lobby's public list (server/play/lobby_feed.h, issue 34 "The lobby at the size of a
    // site"): tables in a page, how often changes are pushed, lobby_subscribe and lobby_page
    // per connection, open public tables per address, and how soon a gone host's tables leave
    // the list.
    std::size_t lobby_page_size = 150;
    std::chrono::milliseconds lobby_push_interval{500};
    double lobby_requests_burst = 10;
    double lobby_requests_per_second = 1;
    std::size_t lobby_tables_per_address = 20;
    std::chrono::seconds lobby_host_gone{5};
    // GET /metrics: on the game port to these client addresses only (loopback by default); or,
    // with metrics_listen set ("127.0.0.1:9100", "[::1]:9100"), only on that address and port.
    std::vector<std::string> metrics_allowed_addresses{"127.0.0.1", "::1"};
    std::string metrics_listen;
    // Reverse proxies (HAProxy, nginx) whose X-Forwarded-For names the client: a connection from
    // one of these networks counts as the address the header gives (server/http/client_address.h)
    // in every per-address limit. Empty: trust nobody, every client is its peer address.
    std::vector<IpNetwork> trusted_proxies;
    // The cluster (server/cluster/README.md): the NATS servers of the bus, tried in turn
    // ("nats://host:4222"; empty = no bus), and this node's stable id (empty = the host name).
    std::vector<std::string> bus;
    std::string node;
    // `tabula serve --cluster`: this node joins the cluster of the nodes sharing its PostgreSQL
    // database (server/cluster/README.md, "Membership"); db must then be a PostgreSQL URI.
    bool cluster = false;
    // Tournaments the server makes on a schedule (issue 38; tournament_schedule.h): only from
    // the JSON of the file, TABULA_TOURNAMENT_SCHEDULES or --tournament-schedules.
    std::vector<TournamentSchedule> tournament_schedules;

    bool tls_enabled() const { return !tls_cert.empty(); }
};

} // namespace server
