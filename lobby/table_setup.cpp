#include "lobby/table_setup.h"

#include "lobby/errors.h"

#include <algorithm>
#include <string>

namespace lobby {

using namespace std::chrono_literals;

namespace {

using TimeControlCheck = std::optional<rules::Error> (*)(const TimeControl&);

// Tables seat two, and the client draws no star or halma board yet (issue 14): the halma
// family waits for the N-seat tables.
std::optional<rules::Error> validate_seats(const TableSetup& setup) {
    const auto name = std::string(rules::variant_name(setup.variant));
    if (seat_count(setup) > 2)
        return refuse(errc::not_allowed, name + " is a game for " +
                                             std::to_string(seat_count(setup)) +
                                             " players; tables seat two so far");
    if (rules::family_of(setup.variant) == rules::Family::Halma)
        return refuse(errc::not_allowed,
                      name + " cannot be played at a table yet: the client has no board for it");
    return std::nullopt;
}

std::optional<rules::Error> validate_with(const TableSetup& setup, TimeControlCheck check_time) {
    if (auto error = check_time(setup.time_control))
        return error;
    if (setup.rated && !setup.start_position.empty())
        return refuse(errc::not_allowed, "a rated game starts from the standard position");
    if (setup.draw_rules == rules::DrawRules::ReportOnly)
        return refuse(errc::not_allowed, "every game needs draw rules that can end it");
    return std::nullopt;
}

} // namespace

int seat_count(const TableSetup& setup) {
    return rules::player_count(setup.variant);
}

std::optional<rules::Error> validate(const TableSetup& setup) {
    if (auto error = validate_seats(setup))
        return error;
    return validate_game(setup);
}

std::optional<rules::Error> validate_game(const TableSetup& setup) {
    return validate_with(setup, [](const TimeControl& control) { return validate(control); });
}

std::optional<rules::Error> validate_stored(const TableSetup& setup) {
    if (auto error = validate_seats(setup))
        return error;
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
