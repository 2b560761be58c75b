#pragma once
// The transport ceiling measured like a game load run: N pairs of connections to an echo
// server, one move-sized frame in flight per pair, the two connections taking turns (as the
// two players of a closed-loop game do). A round trip is the frame sent until it comes back.

#include "server/loadtest/latency_samples.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace server::loadtest {

struct EchoRunOptions {
    boost::asio::ip::tcp::endpoint server;
    int pairs = 10;
    std::chrono::milliseconds duration{10'000};
};

struct EchoRunResult {
    std::uint64_t round_trips = 0; // inside the window
    LatencySamples latency;
    std::chrono::duration<double> window{0};
    int pairs_connected = 0;
    std::map<std::string, std::uint64_t> errors;

    double round_trips_per_second() const;
};

// The frame sent: as long as a typical `move` request.
extern const char* const echo_frame;

EchoRunResult run_echo(const EchoRunOptions& options);

} // namespace server::loadtest
