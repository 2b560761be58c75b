#pragma once
// The real clock for lobby/ (STYLE.md §4: only server/ reads it).
//
// Thinking time must not jump when the machine's wall clock is stepped (NTP, an operator, a
// suspended VM): a step back would give a player time, a step forward could flag them. So the
// wall clock is read once, when the source is made, and every later instant is that reading
// plus the time elapsed on std::chrono::steady_clock (monotonic). The values still look like
// Unix milliseconds, so stored move times and correspondence deadlines survive a restart (the
// next process reads the wall clock again); a step of the wall clock while the server runs
// shows in records only after the next start, never in a clock.

#include "lobby/time.h"

#include <chrono>

namespace server::play {

class SystemTimeSource final : public lobby::TimeSource {
public:
    SystemTimeSource()
        : wall_at_start_(
              std::chrono::time_point_cast<lobby::Millis>(std::chrono::system_clock::now())),
          steady_at_start_(std::chrono::steady_clock::now()) {}

    lobby::TimePoint now() const override {
        const auto elapsed = std::chrono::steady_clock::now() - steady_at_start_;
        return wall_at_start_ + std::chrono::duration_cast<lobby::Millis>(elapsed);
    }

private:
    lobby::TimePoint wall_at_start_;
    std::chrono::steady_clock::time_point steady_at_start_;
};

} // namespace server::play
