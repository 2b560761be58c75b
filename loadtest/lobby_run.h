#pragma once
// What the lobby's public list costs the server (issue 34, "The lobby at the size of a site"):
// `tabula loadtest --lobby TABLES --subscribers S --server-pid PID`.
//
// 1. Fill: guests (one connection each, kept open so that their tables stay listed) create
//    TABLES public tables, three each.
// 2. Subscribe: S connections are opened and welcomed; then all send `lobby_subscribe` at once,
//    and the server's CPU time over the answers, divided by S, is the cost of one subscribe
//    (the page shared by all); then all again with a filter of their own (a rating bound that
//    still matches every table), so that each page is built for one subscriber.
// 3. Changes: a few guests create and cancel public tables at C changes a second (a creation
//    and a cancellation are one change each) for the duration, every subscriber subscribed
//    without a filter; the server's CPU over that time, per change and as a share of a core,
//    and the pushes the subscribers received.
//
// The server needs room for it: max_connections_per_ip above TABLES / 3 + S + 8, and
// lobby_tables_per_address above TABLES + 8, and lobby_requests_burst at least 3.
// Runs its clients on one thread; the CPU figures are the server's (/proc/PID/stat).

#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace loadtest {

struct LobbyRunOptions {
    boost::asio::ip::tcp::endpoint server;
    int tables = 1000;
    int subscribers = 100;
    double changes_per_second = 50;
    std::chrono::milliseconds duration{10'000};
    std::string server_pid;
};

struct LobbyRunResult {
    int tables = 0;      // tables created
    int subscribers = 0; // connections that got their first `lobby` answer
    std::uint64_t page_bytes = 0; // the size of one subscribe's answer
    std::optional<std::chrono::microseconds> shared_cpu;   // all S subscribes, one page
    std::optional<std::chrono::microseconds> filtered_cpu; // all S, a filter each
    std::chrono::microseconds shared_wall{0};              // first sent -> last answered
    std::chrono::microseconds filtered_wall{0};
    int changes = 0;
    std::chrono::microseconds change_wall{0};
    std::optional<std::chrono::microseconds> change_cpu;
    std::uint64_t pushes = 0; // lobby_changes received by all subscribers together
    std::uint64_t push_bytes = 0;
    std::string error; // why a phase did not finish; empty when all did
};

LobbyRunResult run_lobby(const LobbyRunOptions& options);

// The figures, a line each, then "RESULT key=value ..." for scripts.
void write_lobby_report(std::ostream& out, const LobbyRunOptions& options,
                        const LobbyRunResult& result);

} // namespace loadtest
