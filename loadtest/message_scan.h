#pragma once
// The few fields the load generator reads from a server message, found by one pass over the
// text without building a JSON document: the bulky parts (legal moves, boards, states) are
// skipped as fast as they can be walked, so the client's CPU per move stays small whatever
// the server sends. Key order and whitespace do not matter; unknown fields are skipped.
// Strings are views into the text, not unescaped (codes, types, table codes and moves hold no
// escapes).

#include <cstdint>
#include <optional>
#include <string_view>

namespace loadtest {

struct ServerMessage {
    std::string_view type;       // "t"
    std::int64_t id = -1;        // "id" when it is an integer
    std::string_view code;       // "code" (error code, or the table code of table_created)
    std::string_view table;      // "table" when it is a string (table_event)
    std::string_view event_type; // "event": {"type"}
    int ply = -1;                // "event": {"ply"}
    std::string_view move;       // "event": {"move": {"move"}}
};

// nullopt when the text is not one well-formed JSON object (as far as the walk can tell).
std::optional<ServerMessage> scan_server_message(std::string_view text);

} // namespace loadtest
