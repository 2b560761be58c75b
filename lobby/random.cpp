#include "lobby/random.h"

#include <cassert>
#include <limits>

namespace lobby {

std::uint64_t RandomSource::below(std::uint64_t bound) {
    assert(bound >= 1);
    // Rejection sampling: drop the top partial range so every value is equally likely.
    const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t limit = max - (max % bound + 1) % bound;
    for (;;) {
        const std::uint64_t value = next();
        if (value <= limit)
            return value % bound;
    }
}

std::uint64_t SystemRandom::next() {
    static_assert(sizeof(std::random_device::result_type) == 4);
    const std::uint64_t high = device_();
    const std::uint64_t low = device_();
    return (high << 32U) | low;
}

} // namespace lobby
