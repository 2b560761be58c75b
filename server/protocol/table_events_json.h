#pragma once
// A table's events as the protocol sends them (docs/protocol.md 7.6):
// {"t":"table_event","table":code,"version":v,"at":ms,"event":{"type":...,...}}, serialized
// once for every seat and spectator. Every seat is its index; the values inside are written by
// values_json.h.

#include "lobby/table_events.h"

#include <cstdint>
#include <memory>
#include <string>

namespace server::protocol {

std::shared_ptr<const std::string> table_event_message(const std::string& code,
                                                       const lobby::TableEvent& event);
// A `game_ended` event with the id of the stored game (`game_id`, for /api/games/<id>.pgn), which
// only the server knows: the table's event has no id.
std::shared_ptr<const std::string>
ended_event_message(const std::string& code, const lobby::TableEvent& event, std::int64_t game_id);

} // namespace server::protocol
