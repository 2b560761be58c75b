#include "lobby/time_control.h"

#include "lobby/errors.h"

#include <array>
#include <charconv>
#include <chrono>

namespace lobby {

using namespace std::chrono_literals;

namespace {
// The bounds of a playable control. Every time travels in milliseconds, so a client that means
// seconds (`base_ms: 5`) would otherwise get a game lost on the first move; nobody can move in
// less than a second, hence the lower bounds. The upper ones keep a game's clock within what
// the other categories are for: past a week of total time, a day per move or three minutes of
// increment or delay (lichess's largest increment is 180 s), correspondence is the control.
constexpr int max_correspondence_days = 30;
constexpr auto min_base = 1s; // when there is a total time at all
constexpr auto max_base = std::chrono::hours(24 * 7);
constexpr auto min_per_move = 1s; // when there is a limit per move at all
constexpr auto max_per_move = 24h;
constexpr auto max_increment = 3min; // and the same for a Bronstein delay

constexpr std::array<std::string_view, 6> speed_names = {
    "ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"};
} // namespace

std::optional<Millis> TimeControl::move_limit() const {
    if (is_correspondence())
        return std::chrono::duration_cast<Millis>(std::chrono::days(correspondence_days));
    if (per_move > Millis{0})
        return per_move;
    return std::nullopt;
}

TimeControl fischer(Millis base, Millis increment) {
    return TimeControl{.base = base, .increment = increment};
}

TimeControl bronstein(Millis base, Millis delay) {
    return TimeControl{.base = base, .delay = delay};
}

TimeControl correspondence(int days_per_move) {
    return TimeControl{.correspondence_days = days_per_move};
}

std::optional<rules::Error> validate_runnable(const TimeControl& c) {
    if (c.base < 0ms || c.increment < 0ms || c.delay < 0ms || c.per_move < 0ms ||
        c.correspondence_days < 0)
        return refuse(errc::bad_setup, "times cannot be negative");
    if (c.is_correspondence()) {
        if (c.base > 0ms || c.increment > 0ms || c.delay > 0ms || c.per_move > 0ms)
            return refuse(errc::bad_setup, "a correspondence game has only days per move");
        return std::nullopt;
    }
    if (c.base == 0ms && c.per_move == 0ms)
        return refuse(errc::bad_setup, "a game needs a total time or a limit per move");
    if (c.base == 0ms && (c.increment > 0ms || c.delay > 0ms))
        return refuse(errc::bad_setup, "an increment or delay needs a total time");
    return std::nullopt;
}

std::optional<rules::Error> validate(const TimeControl& c) {
    if (auto error = validate_runnable(c))
        return error;
    if (c.is_correspondence()) {
        if (c.correspondence_days > max_correspondence_days)
            return refuse(errc::bad_setup, "at most 30 days per move");
        return std::nullopt;
    }
    if ((c.base > 0ms && c.base < min_base) || (c.per_move > 0ms && c.per_move < min_per_move))
        return refuse(errc::bad_setup, "a total time or a limit per move under 1 second makes no "
                                       "game (times are in milliseconds: 1 s = 1000)");
    if (c.base > max_base || c.per_move > max_per_move)
        return refuse(errc::bad_setup, "at most 7 days of total time and 24 hours per move; "
                                       "longer is correspondence (days per move)");
    if (c.increment > max_increment || c.delay > max_increment)
        return refuse(errc::bad_setup, "an increment or delay is at most 3 minutes (180000 ms)");
    return std::nullopt;
}

std::string_view speed_name(SpeedCategory speed) {
    return speed_names[static_cast<std::size_t>(speed)];
}

std::optional<SpeedCategory> speed_from_name(std::string_view name) {
    for (std::size_t i = 0; i < speed_names.size(); ++i)
        if (speed_names[i] == name)
            return static_cast<SpeedCategory>(i);
    return std::nullopt;
}

Millis estimated_duration(const TimeControl& c) {
    if (c.is_correspondence())
        return *c.move_limit() * 40;
    if (c.base == 0ms)
        return c.per_move * 40;
    return c.base + 40 * (c.increment + c.delay);
}

SpeedCategory speed_of(const TimeControl& c) {
    if (c.is_correspondence())
        return SpeedCategory::Correspondence;
    const Millis estimate = estimated_duration(c);
    if (estimate < 30s)
        return SpeedCategory::UltraBullet;
    if (estimate < 3min)
        return SpeedCategory::Bullet;
    if (estimate < 8min)
        return SpeedCategory::Blitz;
    if (estimate < 25min)
        return SpeedCategory::Rapid;
    return SpeedCategory::Classical;
}

namespace {
std::string amount(Millis t) {
    if (t % 1min == 0ms)
        return std::to_string(t / 1min);
    if (t % 1s == 0ms)
        return std::to_string(t / 1s) + "s";
    return std::to_string(t.count()) + "ms";
}
std::string seconds(Millis t) {
    if (t % 1s == 0ms)
        return std::to_string(t / 1s);
    return std::to_string(t.count()) + "ms";
}
} // namespace

std::string describe(const TimeControl& c) {
    if (c.is_correspondence())
        return std::to_string(c.correspondence_days) +
               (c.correspondence_days == 1 ? " day/move" : " days/move");
    std::string text;
    if (c.base > 0ms) {
        text = amount(c.base) + "+" + seconds(c.increment);
        if (c.delay > 0ms)
            text += " d" + seconds(c.delay);
    }
    if (c.per_move > 0ms) {
        if (!text.empty())
            text += ", ";
        text += (c.per_move % 1s == 0ms ? std::to_string(c.per_move / 1s) + "s"
                                        : std::to_string(c.per_move.count()) + "ms") +
                "/move";
    }
    return text;
}

namespace {
// A whole number of at most six digits filling `text`; nullopt otherwise.
std::optional<int> small_number(std::string_view text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || text.size() > 6 || error != std::errc{} || end != text.data() + text.size())
        return std::nullopt;
    return value;
}
} // namespace

std::optional<TimeControl> read_time_control(std::string_view text) {
    if (text.ends_with('d')) {
        const auto days = small_number(text.substr(0, text.size() - 1));
        if (!days)
            return std::nullopt;
        return correspondence(*days);
    }
    const auto plus = text.find('+');
    if (plus == std::string_view::npos)
        return std::nullopt;
    std::string_view base = text.substr(0, plus);
    const bool in_seconds = base.ends_with('s');
    if (in_seconds)
        base.remove_suffix(1);
    const auto amount = small_number(base);
    const auto increment = small_number(text.substr(plus + 1));
    if (!amount || !increment)
        return std::nullopt;
    const Millis base_time =
        in_seconds ? Millis(std::chrono::seconds(*amount)) : Millis(std::chrono::minutes(*amount));
    return fischer(base_time, std::chrono::seconds(*increment));
}

rules::Result<TimeControl> parse_time_control(std::string_view text) {
    const auto control = read_time_control(text);
    if (!control)
        return refuse(errc::bad_setup, unreadable_time_control(text));
    if (auto problem = validate(*control))
        return *problem;
    return *control;
}

std::string unreadable_time_control(std::string_view text) {
    return "time control \"" + std::string(text) + "\": write 5+3 (minutes + seconds), 30s+0 or 3d";
}

} // namespace lobby
