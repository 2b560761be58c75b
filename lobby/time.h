#pragma once
// Time in lobby/: always passed in, never read. Wall-clock based so that stored timestamps and
// correspondence deadlines survive a restart; only server/ reads the real clock.

#include <chrono>

namespace lobby {

using Millis = std::chrono::milliseconds;
using TimePoint = std::chrono::sys_time<std::chrono::milliseconds>;

// Where an object that must ask for the time gets it from. server/ gives the real clock,
// tests a ManualTimeSource they move by hand.
class TimeSource {
public:
    virtual ~TimeSource() = default;
    virtual TimePoint now() const = 0;
};

class ManualTimeSource final : public TimeSource {
public:
    explicit ManualTimeSource(TimePoint start = TimePoint{}) : now_(start) {}
    TimePoint now() const override { return now_; }
    void advance(Millis by) { now_ += by; }
    void set(TimePoint to) { now_ = to; }

private:
    TimePoint now_;
};

} // namespace lobby
