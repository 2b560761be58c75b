#pragma once
// Typed, non-throwing reads of fields of an incoming message (Envelope::body). Each returns
// nothing when the field is missing or has another type, so a handler answers bad_message
// instead of throwing on a hostile message.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace server::protocol {

std::optional<std::string> string_field(const nlohmann::json& object, std::string_view key);
std::optional<std::int64_t> integer_field(const nlohmann::json& object, std::string_view key);
std::optional<bool> bool_field(const nlohmann::json& object, std::string_view key);
// The field as JSON (any type), or nullptr when missing; never inserts.
const nlohmann::json* any_field(const nlohmann::json& object, std::string_view key);

} // namespace server::protocol
