#pragma once
// Reads what a player asks of the lobby's table list (docs/protocol.md §7.3) from
// `lobby_subscribe` and `lobby_page`, with non-throwing getters: every field is optional, a
// mistyped or out-of-range one is "bad_message".
//
//   {"filter": {"variants": ["chess"], "speeds": ["blitz", "rapid"], "rated": false,
//               "rating_min": 1400, "rating_max": 1800},
//    "cursor": "1042", "list": "open", "limit": 50}

#include "lobby/table_list.h"
#include "rules/result.h"

#include <cstddef>
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

namespace server::protocol {

struct LobbyListQuery {
    lobby::ListFilter filter{};            // normalized (lobby::ListFilter::normalized)
    std::optional<std::uint64_t> cursor{}; // the "cursor" of a page before; none: the first
    lobby::ListKind list = lobby::ListKind::Open;
    std::optional<std::size_t> limit{}; // 1 to 1000; the server answers at most its page size
};

// `allow_list`: whether "list" may name the games in play ("playing"): lobby_page only; a
// subscription is to the open tables.
rules::Result<LobbyListQuery> read_list_query(const nlohmann::json& request, bool allow_list);

} // namespace server::protocol
