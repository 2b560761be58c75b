#include "loadtest/latency_samples.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace loadtest {

void LatencySamples::add(std::chrono::steady_clock::duration took) {
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(took).count();
    const auto clamped = std::clamp<std::int64_t>(us, 0, std::numeric_limits<std::uint32_t>::max());
    samples_.push_back(static_cast<std::uint32_t>(clamped));
    sorted_ = false;
}

std::chrono::microseconds LatencySamples::percentile(double p) const {
    if (samples_.empty())
        return std::chrono::microseconds{0};
    if (!sorted_) {
        std::sort(samples_.begin(), samples_.end());
        sorted_ = true;
    }
    const double rank =
        std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(samples_.size()));
    const auto index = static_cast<std::size_t>(std::max(rank, 1.0)) - 1;
    return std::chrono::microseconds{samples_[index]};
}

std::chrono::microseconds LatencySamples::max() const {
    return percentile(100.0);
}

} // namespace loadtest
