#pragma once
// How much time the players get: total time, Fischer increment, Bronstein delay, a limit per
// move, or correspondence (days per move). Shared by tables, seek pools and ratings (which
// keep one rating per speed category).

#include "lobby/time.h"
#include "rules/result.h"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lobby {

struct TimeControl {
    Millis base{0};              // total time per player; 0 = no total (per-move limit only)
    Millis increment{0};         // Fischer: added to the mover's clock after each move
    Millis delay{0};             // Bronstein: the first `delay` of each move is not charged
    Millis per_move{0};          // limit for a single move; 0 = none
    int correspondence_days = 0; // > 0: correspondence, this many days per move, no total

    bool is_correspondence() const { return correspondence_days > 0; }
    bool has_total() const { return !is_correspondence() && base > Millis{0}; }
    // The effective limit per move (correspondence days included), if any.
    std::optional<Millis> move_limit() const;

    friend bool operator==(const TimeControl&, const TimeControl&) = default;
    friend auto operator<=>(const TimeControl&, const TimeControl&) = default;
};

// Named helpers: 5+3 is blitz(5min, 3s).
TimeControl fischer(Millis base, Millis increment);
TimeControl bronstein(Millis base, Millis delay);
TimeControl correspondence(int days_per_move);

// "bad_setup" with the reason when the numbers make no game: negative; nothing timed; a total
// time or a per-move limit under 1 s (a client writing seconds where milliseconds are meant);
// more than 7 days of total time, 24 h per move or 3 min of increment or delay (longer is
// correspondence); an increment or delay without a total time; a correspondence game with a
// clock; 0 or more than 30 days per move. The bounds and their reasons are in time_control.cpp.
std::optional<rules::Error> validate(const TimeControl& control);
// The part of validate() a clock needs to run at all (nothing negative, something timed, a
// correspondence game without a clock, an increment only with a total time), without the
// playable ranges. A stored game is checked against this when it is restored, so a range
// tightened later never refuses a game that was accepted when it was made.
std::optional<rules::Error> validate_runnable(const TimeControl& control);

enum class SpeedCategory : std::uint8_t {
    UltraBullet,
    Bullet,
    Blitz,
    Rapid,
    Classical,
    Correspondence
};

std::string_view speed_name(SpeedCategory speed); // "ultrabullet", "bullet", ...
std::optional<SpeedCategory> speed_from_name(std::string_view name);

// The expected length of one player's time as lichess estimates it: base + 40 x increment
// (a Bronstein delay counts like an increment; a game with only a per-move limit counts
// 40 x that limit).
Millis estimated_duration(const TimeControl& control);

// Lichess's boundaries on the estimate: under 30 s ultrabullet, under 3 min bullet, under
// 8 min blitz, under 25 min rapid, else classical; correspondence is its own category.
SpeedCategory speed_of(const TimeControl& control);

// "5+3", "15+0 d2", "60s/move", "3 days/move": for logs and lists.
std::string describe(const TimeControl& control);

// What an operator types (tabula ladder create --time-control): "5+3" (minutes + increment
// seconds), "30s+0" (a base in seconds), "3d" (correspondence, days per move). "bad_setup" for
// anything else, or for numbers that make no game (validate).
rules::Result<TimeControl> parse_time_control(std::string_view text);
// The same text read without validate: nullopt only when it is not written as above (a caller
// that tells malformed input from a refused control, as the ladder command's exit status does).
std::optional<TimeControl> read_time_control(std::string_view text);
// The message for text read_time_control cannot read, with how to write it.
std::string unreadable_time_control(std::string_view text);

} // namespace lobby
