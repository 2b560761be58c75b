#include "loadtest/run_stats.h"

namespace loadtest {

std::uint64_t RunStats::error_count() const {
    std::uint64_t total = 0;
    for (const auto& [kind, count] : errors)
        total += count;
    return total;
}

} // namespace loadtest
