#pragma once
// The WebSocket JSON envelope (docs/protocol.md): one JSON object per text frame, a string type
// field `t` and an optional request `id` (number or string) that the reply echoes.
//
// parse_envelope() is the one place that turns incoming text into a value; it never throws.
// Handlers read their own fields from Envelope::body through protocol/fields.h, never with
// operator[].

#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

namespace server::protocol {

using json = nlohmann::json;

// The protocol version announced in `hello`; bumped on an incompatible change.
inline constexpr int protocol_version = 5;

struct Envelope {
    std::string type; // the `t` field
    json id;          // null when absent, else the number or string to echo
    json body;        // the whole message object
};

// A message the server refuses; becomes an `error` reply. `id` is echoed when it was valid.
struct ProtocolError {
    std::string code;
    std::string message;
    json id;
};

// Stable error codes (clients switch on these; docs/protocol.md lists them).
namespace code {
inline constexpr const char* bad_json = "bad_json";
inline constexpr const char* bad_message = "bad_message";
inline constexpr const char* unknown_type = "unknown_type";
inline constexpr const char* message_too_large = "message_too_large";
inline constexpr const char* rate_limited = "rate_limited";
inline constexpr const char* internal_error = "internal_error";
} // namespace code

[[nodiscard]] std::variant<Envelope, ProtocolError> parse_envelope(std::string_view text);

// Outgoing messages, serialized once.
std::string make_hello(std::string_view server_version);
std::string make_pong(const json& id);
std::string make_error(const json& id, std::string_view code, std::string_view message);
std::string make_error(const ProtocolError& error);

} // namespace server::protocol
