#pragma once
// The request `id` of a message the server refuses before parsing it (rate limit, size limit),
// so that the `error` reply can still echo it (docs/protocol.md section 4).
//
// Cheap by design: a SAX pass with no JSON document built, which stops as soon as the top-level
// `id` has been read. The id is returned only when it is a number or a string (the envelope's
// rule); otherwise, and for text that is not a JSON object, the result is null.

#include <string_view>

#include <nlohmann/json.hpp>

namespace server::net {

[[nodiscard]] nlohmann::json peek_request_id(std::string_view text);

} // namespace server::net
