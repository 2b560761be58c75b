#pragma once
// What makes a ladder's definition acceptable, for both ways of creating one: an organiser's
// POST /api/ladders (docs/http-api.md) and the operator's `tabula ladder create`.

#include "lobby/time_control.h"
#include "rules/result.h"
#include "storage/records.h"

#include <cstdint>
#include <optional>
#include <string>

namespace server::accounts {

inline constexpr std::size_t max_ladder_name = 60;
inline constexpr int default_max_rungs_up = 5;
inline constexpr int max_max_rungs_up = 50;
inline constexpr int default_response_hours = 72;
inline constexpr int max_response_hours = 24 * 30;

// A ladder as asked for, before any check.
struct LadderRequest {
    std::string name;
    std::string variant;
    lobby::TimeControl time_control;
    std::int64_t max_rungs_up = default_max_rungs_up;
    std::int64_t response_hours = default_response_hours;
    std::optional<storage::UserId> organiser; // none: the operator's ladder
};

// The row to store, or the first rule the request breaks, with its code: "bad_name" (1 to 60
// printable characters, no space at either end), "unknown_variant", "bad_time_control" (a
// base of at most 6 hours with an increment of at most 600 s, or 1 to 30 days per move),
// "bad_max_rungs_up" (1 to 50), "bad_response_hours" (1 to 720).
rules::Result<storage::LadderRow> ladder_row(const LadderRequest& request, storage::TimePoint now);

// A stored ladder time control as people read it ("5+3", "3 days/move"); the stored text
// itself when it does not read back.
std::string describe_ladder_clock(const std::string& stored);

} // namespace server::accounts
