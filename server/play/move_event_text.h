#pragma once
// The move event's text, written straight from the event without a JSON document: the one
// message the server builds on every move (issue 11). A two-seat table's only; a table of more
// seats, and every other event, goes through play_json's DOM. Same fields and values as the
// DOM's; tests/server/play/play_values_test.cpp compares the two.

#include "lobby/table_events.h"

#include <memory>
#include <string>

namespace server::play {

// {"t":"table_event","table":code,"version":v,"at":ms,"event":{"type":"move",...}} for a move
// at a table of two seats (docs/protocol.md 7.1).
std::shared_ptr<const std::string> move_event_text(const std::string& code,
                                                   const lobby::TableEvent& event,
                                                   const lobby::MovePlayed& move);

} // namespace server::play
