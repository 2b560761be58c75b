#pragma once
// What an idle connection costs the server (issue 11: "an idle socket <= 8 KB"): the server's
// RSS is read, N WebSocket connections are opened (a few at a time) and each waits for the
// server's `welcome`, then they stay idle for `settle` and the RSS is read again; the
// difference over N is the cost of one. Then all close, and after `settle` the RSS is read a
// third time, and once more `returned_wait` after they closed (what the server gave back once
// its returns after a burst have run: server/app/memory_return.h). First `warmup` connections are opened and closed, so
// that the code and the first heap blocks a connection needs are already resident: the figure
// is what one more idle connection costs a server that has served one. Both the whole RSS and
// its anonymous part (heap and stacks, without code pages) are reported.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace loadtest {

struct IdleSocketsOptions {
    boost::asio::ip::tcp::endpoint server;
    int connections = 1000;
    std::string server_pid; // /proc/<pid> of the server
    std::chrono::milliseconds settle{2'000};
    std::chrono::milliseconds returned_wait{20'000};
    int warmup = 16;
};

struct IdleSocketsResult {
    int welcomed = 0;                         // connections that got `welcome`
    int failed = 0;                           // connections that failed before it
    std::optional<std::uint64_t> rss_before;  // bytes
    std::optional<std::uint64_t> rss_with;    // with every connection open and idle
    std::optional<std::uint64_t> rss_after;   // `settle` after they closed
    std::optional<std::uint64_t> rss_returned; // `returned_wait` after they closed
    std::optional<std::uint64_t> anon_before; // RssAnon, bytes
    std::optional<std::uint64_t> anon_with;

    // (rss_with - rss_before) / welcomed, in bytes; nullopt when not measurable.
    std::optional<double> bytes_per_socket() const;
    // The same for the anonymous part.
    std::optional<double> anonymous_bytes_per_socket() const;
};

IdleSocketsResult measure_idle_sockets(const IdleSocketsOptions& options);

} // namespace loadtest
