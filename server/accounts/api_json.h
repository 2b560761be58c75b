#pragma once
// Small helpers shared by the JSON endpoints of server/accounts: coded errors in the shape
// {"error":{"code":"...","message":"..."}}, a bounded JSON body parser, typed field access that
// never inserts into the input, query strings and the session cookie.

#include "server/http/http_types.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

namespace server::accounts {

using Json = nlohmann::json;

// Request bodies larger than this are refused with 413 "body_too_large".
inline constexpr std::size_t max_json_body = 16 * 1024;

inline constexpr std::string_view session_cookie_name = "tabula_session";

http::Response api_error(const http::Request& request, http::beast_http::status status,
                         std::string_view code, std::string_view message);
http::Response api_json(const http::Request& request, http::beast_http::status status,
                        const Json& body);

// The request body as a JSON object, or the error response to send.
std::variant<Json, http::Response> parse_json_object(const http::Request& request);

// A string member, nullopt when absent or not a string.
std::optional<std::string> string_field(const Json& object, std::string_view key);

// The decoded value of `key` in the request target's query string ("?a=1&b=x%20y").
std::optional<std::string> query_param(std::string_view target, std::string_view key);
// The path without the query string.
std::string_view path_of(std::string_view target);

// A decimal number in [min, max]; nullopt for anything else.
std::optional<std::int64_t> parse_int(std::string_view text, std::int64_t min, std::int64_t max);

// The value of the session cookie in the Cookie header, if any.
std::optional<std::string> session_cookie(const http::Request& request);
// Set-Cookie values: a new session (Max-Age = lifetime) and the one that clears it.
std::string session_cookie_header(std::string_view token, std::chrono::seconds lifetime,
                                  bool secure);
std::string clear_session_cookie_header(bool secure);

// Milliseconds since the Unix epoch, for JSON.
std::int64_t epoch_ms(std::chrono::sys_time<std::chrono::milliseconds> time);

} // namespace server::accounts
