#include "lobby/rating/speed.h"

#include <array>
#include <utility>

namespace lobby::rating {
namespace {

constexpr std::array<std::pair<Speed, std::string_view>, 6> keys{{
    {Speed::UltraBullet, "ultrabullet"},
    {Speed::Bullet, "bullet"},
    {Speed::Blitz, "blitz"},
    {Speed::Rapid, "rapid"},
    {Speed::Classical, "classical"},
    {Speed::Correspondence, "correspondence"},
}};

} // namespace

Speed speed_category(std::chrono::seconds base, std::chrono::seconds increment,
                     bool correspondence) {
    using std::chrono::seconds;
    if (correspondence)
        return Speed::Correspondence;
    const seconds estimate = base + 40 * increment;
    if (estimate < seconds(30))
        return Speed::UltraBullet;
    if (estimate < seconds(180))
        return Speed::Bullet;
    if (estimate < seconds(480))
        return Speed::Blitz;
    if (estimate < seconds(1500))
        return Speed::Rapid;
    return Speed::Classical;
}

std::string_view speed_key(Speed speed) {
    for (const auto& [s, key] : keys)
        if (s == speed)
            return key;
    return "classical"; // unreachable: every enumerator is in the table
}

std::optional<Speed> speed_from_key(std::string_view key) {
    for (const auto& [s, k] : keys)
        if (k == key)
            return s;
    return std::nullopt;
}

} // namespace lobby::rating
