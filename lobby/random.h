#pragma once
// Randomness in lobby/ is injected: join codes, guest names and colour choice draw from a
// RandomSource. Tests use SeededRandom to replay a scenario; the server uses SystemRandom,
// whose numbers come from the operating system and cannot be predicted (join codes must be
// unguessable).

#include <cstdint>
#include <random>

namespace lobby {

class RandomSource {
public:
    virtual ~RandomSource() = default;
    virtual std::uint64_t next() = 0; // uniformly distributed over all 64-bit values

    // A uniformly distributed number in [0, bound); bound must be at least 1.
    std::uint64_t below(std::uint64_t bound);
};

// Deterministic: the same seed gives the same sequence. For tests and replays only.
class SeededRandom final : public RandomSource {
public:
    explicit SeededRandom(std::uint64_t seed) : engine_(seed) {}
    std::uint64_t next() override { return engine_(); }

private:
    std::mt19937_64 engine_;
};

// The operating system's entropy source (std::random_device: getrandom/urandom on Linux).
class SystemRandom final : public RandomSource {
public:
    std::uint64_t next() override;

private:
    std::random_device device_;
};

} // namespace lobby
