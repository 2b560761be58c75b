#pragma once
// Latencies of one kind recorded during a run, kept whole (microseconds, reserved up front),
// so percentiles are exact rather than bucketed.

#include <chrono>
#include <cstdint>
#include <vector>

namespace loadtest {

class LatencySamples {
public:
    void reserve(std::size_t n) { samples_.reserve(n); }
    void add(std::chrono::steady_clock::duration took);
    std::size_t size() const { return samples_.size(); }

    // The nearest-rank percentile (p in [0, 100]); zero when there is no sample.
    std::chrono::microseconds percentile(double p) const;
    std::chrono::microseconds max() const;

private:
    mutable std::vector<std::uint32_t> samples_; // sorted lazily by percentile()
    mutable bool sorted_ = true;
};

} // namespace loadtest
