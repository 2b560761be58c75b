#pragma once
// Percent-decoding (RFC 3986 section 2.1), the one decoder for request paths (static files)
// and query strings (the JSON endpoints' parameters).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace server::http {

// What a '+' means: itself in a path; a space in a query string, which browsers send as
// application/x-www-form-urlencoded (WHATWG URL standard, "application/x-www-form-urlencoded
// parsing").
enum class PlusSign : std::uint8_t { Literal, Space };

// The decoded text; nothing when a '%' is not followed by two hex digits.
std::optional<std::string> percent_decode(std::string_view text, PlusSign plus = PlusSign::Literal);

} // namespace server::http
