#pragma once
// The frame of a reply to a request (docs/protocol.md 4): {"t":type,"id":id,...}, with the id
// the request carried (left out when it had none), and the serialization of a reply composed as
// a document. The members after `id` are the caller's.

#include "server/protocol/json_text.h"

#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace server::protocol {

// A reply's first members: {"t":type,"id":id (left out when null), ...; the caller writes the
// rest and closes the object.
void begin_reply(JsonText& out, std::string_view type, const nlohmann::json& id);

// {"t":type,"id":id,...fields}; `id` left out when null.
nlohmann::json reply(std::string_view type, const nlohmann::json& id);
// Serializes a reply, replacing invalid UTF-8 echoed from a client instead of throwing.
std::shared_ptr<const std::string> shared_text(const nlohmann::json& message);

} // namespace server::protocol
