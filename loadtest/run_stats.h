#pragma once
// What the clients of one run count and time. Touched only from the run's one thread.

#include "loadtest/latency_samples.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace loadtest {

struct RunStats {
    bool recording = false;  // inside the measured window
    std::uint64_t moves = 0; // moves acknowledged inside the window
    LatencySamples mover;    // move sent -> the mover's answer: its move event with the id
    LatencySamples opponent; // move sent -> the opponent's `move_played` event
    std::uint64_t games_ended = 0;
    std::uint64_t missed_ticks = 0;              // open loop: a tick found the last move in flight
    std::map<std::string, std::uint64_t> errors; // by error code or failure kind, whole run

    void error(const std::string& kind) { ++errors[kind]; }
    std::uint64_t error_count() const;
};

// The CPU time used between two readings of a process's clock (nullopt if either failed).
inline std::optional<std::chrono::microseconds>
cpu_delta(std::optional<std::chrono::microseconds> before,
          std::optional<std::chrono::microseconds> after) {
    if (!before || !after)
        return std::nullopt;
    return *after - *before;
}

} // namespace loadtest
