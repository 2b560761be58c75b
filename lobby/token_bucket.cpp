#include "lobby/token_bucket.h"

#include <algorithm>

namespace lobby {

TokenBucket::TokenBucket(double capacity, double per_second, TimePoint now)
    : capacity_(capacity), per_second_(per_second), tokens_(capacity), updated_(now) {}

double TokenBucket::refilled(TimePoint now) const {
    if (now <= updated_) return tokens_;
    const std::chrono::duration<double> elapsed = now - updated_;
    return std::min(capacity_, tokens_ + elapsed.count() * per_second_);
}

bool TokenBucket::try_take(TimePoint now) {
    tokens_ = refilled(now);
    if (now > updated_) updated_ = now;
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
}

double TokenBucket::available(TimePoint now) const { return refilled(now); }

} // namespace lobby
