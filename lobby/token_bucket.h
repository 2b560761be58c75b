#pragma once
// A token bucket: allows bursts up to `capacity` and a sustained `per_second` rate. Used to
// rate-limit messages per connection, chat per player and login attempts.

#include "lobby/time.h"

namespace lobby {

class TokenBucket {
public:
    TokenBucket(double capacity, double per_second, TimePoint now);

    // Takes one token if there is one; false means the caller is over the limit.
    [[nodiscard]] bool try_take(TimePoint now);
    double available(TimePoint now) const;

private:
    double capacity_;
    double per_second_;
    double tokens_;
    TimePoint updated_;

    double refilled(TimePoint now) const;
};

} // namespace lobby
