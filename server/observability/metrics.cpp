#include "server/observability/metrics.h"

#include <algorithm>

namespace server::observability {

void DurationHistogram::observe(Clock::duration took) {
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(took);
    const auto bucket = static_cast<std::size_t>(
        std::lower_bound(upper_bounds.begin(), upper_bounds.end(), us) - upper_bounds.begin());
    buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
    sum_us_.fetch_add(static_cast<std::uint64_t>(std::max<std::int64_t>(us.count(), 0)),
                      std::memory_order_relaxed);
}

DurationHistogram::Snapshot DurationHistogram::snapshot() const {
    Snapshot copy;
    for (std::size_t i = 0; i < buckets_.size(); ++i) {
        copy.buckets[i] = buckets_[i].load(std::memory_order_relaxed);
        copy.count += copy.buckets[i];
    }
    copy.sum_us = sum_us_.load(std::memory_order_relaxed);
    return copy;
}

Metrics& metrics() {
    static Metrics instance;
    return instance;
}

} // namespace server::observability
