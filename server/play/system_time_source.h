#pragma once
// The real clock for lobby/ (STYLE.md §4: only server/ reads it). Wall-clock milliseconds, so
// stored move times and correspondence deadlines survive a restart.

#include "lobby/time.h"

#include <chrono>

namespace server::play {

class SystemTimeSource final : public lobby::TimeSource {
public:
    lobby::TimePoint now() const override {
        return std::chrono::time_point_cast<lobby::Millis>(std::chrono::system_clock::now());
    }
};

} // namespace server::play
