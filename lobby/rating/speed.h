#pragma once
// Speed categories: each variant has one rating per category. Lichess's rule
// (lichess-org/scalachess, Speed.scala): estimate a game's length as base time + 40 x increment
// (40 moves is a typical game) and cut at 30 s, 3 min, 8 min and 25 min. Correspondence games
// (days per move) are their own category whatever their numbers.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

namespace lobby::rating {

// Stored by key (speed_key), never by number.
enum class Speed : std::uint8_t { UltraBullet, Bullet, Blitz, Rapid, Classical, Correspondence };

// base + 40 x increment: < 30 s ultrabullet, < 180 s bullet, < 480 s blitz, < 1500 s rapid,
// otherwise classical. (Lichess also calls a real-time clock estimated at 6 hours or more
// correspondence; we keep such clocks classical, as they are still played in one sitting.)
Speed speed_category(std::chrono::seconds base, std::chrono::seconds increment,
                     bool correspondence);

// "ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence".
std::string_view speed_key(Speed speed);
std::optional<Speed> speed_from_key(std::string_view key);

} // namespace lobby::rating
