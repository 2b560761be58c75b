#pragma once
// The transport ceiling measured like a game load run: N pairs of connections to an echo
// server, one move-sized frame in flight per pair, the two connections taking turns (as the
// two players of a closed-loop game do). A round trip is the frame sent until it comes back.
// Against a relay server (relay_server.h) the pairs ask for "/pair/<n>" and a round trip is
// the frame sent until the other side of the pair has it, as a move reaches the opponent.

#include "loadtest/latency_samples.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace loadtest {

struct EchoRunOptions {
    boost::asio::ip::tcp::endpoint server;
    int pairs = 10;
    bool relay = false; // the server is a RelayServer
    std::chrono::milliseconds duration{10'000};
    std::optional<std::string> server_pid; // to read the server's CPU over the window
};

struct EchoRunResult {
    std::uint64_t round_trips = 0; // inside the window
    LatencySamples latency;
    std::chrono::duration<double> window{0};
    int pairs_connected = 0;
    std::map<std::string, std::uint64_t> errors;
    std::optional<std::chrono::microseconds> server_cpu; // used during the window
    std::optional<std::chrono::microseconds> client_cpu; // this process, during the window

    double round_trips_per_second() const;
};

// The frame sent: as long as a typical `move` request.
extern const char* const echo_frame;

EchoRunResult run_echo(const EchoRunOptions& options);

} // namespace loadtest
