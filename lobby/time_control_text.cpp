#include "lobby/time_control_text.h"

#include <charconv>
#include <cstdint>
#include <sstream>
#include <utility>

namespace lobby {

std::string time_control_text(const TimeControl& control) {
    std::ostringstream out;
    out << "base_ms=" << control.base.count() << " increment_ms=" << control.increment.count()
        << " delay_ms=" << control.delay.count() << " per_move_ms=" << control.per_move.count()
        << " days=" << control.correspondence_days;
    return out.str();
}

std::optional<TimeControl> parse_time_control_text(std::string_view text) {
    TimeControl control;
    const std::pair<std::string_view, Millis*> fields[] = {{"base_ms=", &control.base},
                                                           {"increment_ms=", &control.increment},
                                                           {"delay_ms=", &control.delay},
                                                           {"per_move_ms=", &control.per_move}};
    auto number_after = [&](std::string_view key) -> std::optional<std::int64_t> {
        const auto at = text.find(key);
        if (at == std::string_view::npos)
            return std::nullopt;
        std::int64_t value = 0;
        const char* begin = text.data() + at + key.size();
        const auto [end, error] = std::from_chars(begin, text.data() + text.size(), value);
        if (error != std::errc{} || end == begin)
            return std::nullopt;
        return value;
    };
    for (const auto& [key, target] : fields) {
        const auto value = number_after(key);
        if (!value)
            return std::nullopt;
        *target = Millis{*value};
    }
    const auto days = number_after("days=");
    if (!days)
        return std::nullopt;
    control.correspondence_days = static_cast<int>(*days);
    return control;
}

} // namespace lobby
