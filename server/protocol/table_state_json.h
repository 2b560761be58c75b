#pragma once
// A table's whole state as the protocol writes it (docs/protocol.md 7.1): what a client that
// opens, joins or resyncs a table is sent inside its `table` reply. Its values are written by
// values_json.h; the position a client plays from by write_play_view, as the events write it.

#include "lobby/table_state.h"
#include "server/protocol/json_text.h"

#include <cstdint>
#include <optional>

namespace server::protocol {

// A table's state; `game_id` is the stored game's, which only the server knows (null: not
// stored, or not yet).
void write_state(JsonText& out, const lobby::TableState& state,
                 std::optional<std::int64_t> game_id);

} // namespace server::protocol
