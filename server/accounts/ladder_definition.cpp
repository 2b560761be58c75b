#include "server/accounts/ladder_definition.h"

#include "lobby/time_control_text.h"
#include "rules/variant.h"

#include <chrono>

namespace server::accounts {
namespace {

using namespace std::chrono_literals;

bool printable_name(std::string_view name) {
    if (name.empty() || name.size() > max_ladder_name || name.front() == ' ' || name.back() == ' ')
        return false;
    for (const char c : name)
        if ((c >= 0 && c < 0x20) || c == 0x7f)
            return false;
    return true;
}

// Ladders play Fischer clocks or correspondence, within the bounds the API documents.
bool ladder_clock(const lobby::TimeControl& c) {
    if (lobby::validate(c) || c.delay > 0ms || c.per_move > 0ms)
        return false;
    return c.is_correspondence() || (c.base <= 6h && c.increment <= 600s);
}

} // namespace

rules::Result<storage::LadderRow> ladder_row(const LadderRequest& request, storage::TimePoint now) {
    if (!printable_name(request.name))
        return rules::Error{"bad_name", "name: 1 to 60 printable characters"};
    const auto variant = rules::variant_from_name(request.variant);
    if (!variant)
        return rules::Error{"unknown_variant",
                            "variant must name a variant (e.g. chess, international)"};
    // Tables seat only the two-player games of the halma family so far (issue 14,
    // lobby/table_setup.cpp), and ladders do not offer the family until they all can be.
    if (rules::family_of(*variant) == rules::Family::Halma)
        return rules::Error{"unknown_variant", request.variant +
                                                   " cannot be played on a ladder: ladders do not "
                                                   "offer Chinese checkers or Halma yet"};
    if (!ladder_clock(request.time_control))
        return rules::Error{"bad_time_control",
                            "a base of at most 6 hours with an increment of at most 600 s, or "
                            "1 to 30 days per move"};
    if (request.max_rungs_up < 1 || request.max_rungs_up > max_max_rungs_up)
        return rules::Error{"bad_max_rungs_up", "max_rungs_up: a whole number from 1 to 50"};
    if (request.response_hours < 1 || request.response_hours > max_response_hours)
        return rules::Error{"bad_response_hours", "response_hours: a whole number from 1 to 720"};
    storage::LadderRow row;
    row.name = request.name;
    row.variant = request.variant;
    row.time_control = lobby::time_control_text(request.time_control);
    row.max_rungs_up = static_cast<int>(request.max_rungs_up);
    row.response_time = std::chrono::hours(request.response_hours);
    row.organiser_user_id = request.organiser;
    row.created_at = now;
    return row;
}

std::string describe_ladder_clock(const std::string& stored) {
    const auto parsed = lobby::parse_time_control_text(stored);
    return parsed ? lobby::describe(*parsed) : stored;
}

} // namespace server::accounts
