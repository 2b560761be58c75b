#include "lobby/table_setup.h"

#include "lobby/errors.h"

#include <algorithm>

namespace lobby {

using namespace std::chrono_literals;

std::optional<rules::Error> validate(const TableSetup& setup) {
    if (auto error = validate(setup.time_control))
        return error;
    if (setup.rated && !setup.start_position.empty())
        return refuse(errc::not_allowed, "a rated game starts from the standard position");
    if (setup.draw_rules == rules::DrawRules::ReportOnly)
        return refuse(errc::not_allowed, "every game needs draw rules that can end it");
    return std::nullopt;
}

Millis first_move_window(const TimeControl& control, const TableLimits& limits) {
    if (control.is_correspondence())
        return *control.move_limit();
    return limits.first_move_timeout;
}

std::optional<Millis> abandonment_grace(const TimeControl& control) {
    if (control.is_correspondence())
        return std::nullopt;
    return std::clamp(estimated_duration(control) / 10, Millis{15s}, Millis{3min});
}

} // namespace lobby
