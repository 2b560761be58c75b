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
// `code` is one of lobby::errc (lobby/errors.h: the protocol's one list of codes).
struct ProtocolError {
    std::string code;
    std::string message;
    json id;
};

[[nodiscard]] std::variant<Envelope, ProtocolError> parse_envelope(std::string_view text);

// Outgoing messages, serialized once.
std::string make_hello(std::string_view server_version);
std::string make_pong(const json& id);
std::string make_error(const json& id, std::string_view code, std::string_view message);
std::string make_error(const ProtocolError& error);

} // namespace server::protocol
