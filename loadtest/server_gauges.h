#pragma once
// Two gauges of a running Tabula server read from its GET /metrics (Prometheus text): live
// WebSocket connections and live tables. The return-to-idle measurement waits on them for the
// server's sweep instead of guessing how long it takes.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

#include <boost/asio/ip/tcp.hpp>

namespace loadtest {

struct ServerGauges {
    std::int64_t connections = -1;
    std::int64_t live_tables = -1;
};

// The gauges in a /metrics text; a gauge not found stays -1.
ServerGauges parse_gauges(std::string_view metrics_text);

// GET /metrics once (plain HTTP, bounded by `timeout`); nullopt when it cannot be read.
std::optional<ServerGauges> read_gauges(const boost::asio::ip::tcp::endpoint& server,
                                        std::chrono::milliseconds timeout);

// Polls until the server has no connection and no table, or `limit` passed. Returns the last
// gauges read (nullopt: never readable) and whether the server got there.
struct IdleWait {
    std::optional<ServerGauges> last;
    bool idle = false;
    std::chrono::milliseconds waited{0};
};
IdleWait wait_until_idle(const boost::asio::ip::tcp::endpoint& server,
                         std::chrono::milliseconds limit);

} // namespace loadtest
