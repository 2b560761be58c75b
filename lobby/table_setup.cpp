#include "lobby/table_setup.h"

#include "lobby/errors.h"

#include <algorithm>
#include <string>

namespace lobby {

using namespace std::chrono_literals;

namespace {

using TimeControlCheck = std::optional<rules::Error> (*)(const TimeControl&);

// Whether `position` is one of the numbered start positions of the variant (Chess960's 960):
// a rated game may start there, as the table itself starts it when no position is given.
bool numbered_start(const TableSetup& setup) {
    const int count = rules::start_position_count(setup.variant);
    for (int number = 0; number < count; ++number) {
        const auto fen = rules::start_position_fen(setup.variant, number);
        if (fen.ok() && fen.value() == setup.start_position)
            return true;
    }
    return false;
}

std::optional<rules::Error> validate_with(const TableSetup& setup, TimeControlCheck check_time) {
    if (auto error = check_time(setup.time_control))
        return error;
    if (setup.rated && !setup.start_position.empty() && !numbered_start(setup))
        return refuse(errc::not_allowed, "a rated game starts from the standard position");
    if (setup.draw_rules == rules::DrawRules::ReportOnly)
        return refuse(errc::not_allowed, "every game needs draw rules that can end it");
    return std::nullopt;
}

} // namespace

int seat_count(const TableSetup& setup) {
    return rules::player_count(setup.variant);
}

std::optional<rules::Error> validate_for_two(const TableSetup& setup) {
    if (const int players = seat_count(setup); players > 2)
        return refuse(errc::not_allowed, std::string(rules::variant_name(setup.variant)) +
                                             " is a game for " + std::to_string(players) +
                                             " players: a challenge or a seek of two cannot "
                                             "seat it");
    return validate_game(setup);
}

std::optional<rules::Error> validate_game(const TableSetup& setup) {
    return validate_with(setup, [](const TimeControl& control) { return validate(control); });
}

std::optional<rules::Error> validate_stored(const TableSetup& setup) {
    return validate_with(setup, validate_runnable);
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
