#pragma once
// Reads a table setup from a request (create_table, seek, challenge, counter_challenge) with
// non-throwing getters: a missing field takes its default, a mistyped one is "bad_message",
// numbers that make no game are "bad_setup" (lobby::validate).
//
//   {"variant":"chess","time":{"base_ms":300000,"increment_ms":3000},"rated":false,
//    "color":"random","private":false,"draw_rules":"automatic","position":""}

#include "lobby/table_setup.h"
#include "rules/result.h"

#include <nlohmann/json.hpp>

namespace server::protocol {

rules::Result<lobby::TableSetup> read_setup(const nlohmann::json& request);

} // namespace server::protocol
