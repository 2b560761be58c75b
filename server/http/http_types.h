#pragma once
// The HTTP request and response types shared by the server and the JSON route handlers.

#include "server/auth/principal.h"

#include <functional>
#include <memory>
#include <string>
#include <variant>

#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/file_body.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace server::http {

namespace beast_http = boost::beast::http;

using Request = beast_http::request<beast_http::string_body>;
using Response = beast_http::response<beast_http::string_body>;
using FileResponse = beast_http::response<beast_http::file_body>;
using EmptyResponse = beast_http::response<beast_http::empty_body>;
using AnyResponse = std::variant<Response, FileResponse, EmptyResponse>;

// What the server knows about a request besides its text.
struct RequestInfo {
    std::string remote_address;
    std::shared_ptr<const auth::Principal> principal; // from the Authenticator; nullptr = anonymous
    bool tls = false;
};

// Delivers the response; call exactly once, from any thread.
using Respond = std::function<void(Response)>;

// A route handler that answers at once on the I/O thread (must not block).
using SyncHandler = std::function<Response(const Request&, const RequestInfo&)>;
// A route handler that answers later (e.g. after storage or password hashing on another
// thread) by calling `respond`.
using AsyncHandler = std::function<void(const Request&, const RequestInfo&, Respond respond)>;

// Cookie -> principal for the upgrade request and every routed request; nullptr = anonymous.
// Throws when the session cannot be checked (the database): the request is refused, 503.
// Called on I/O threads: must be quick (a session lookup, no password hashing).
using Authenticator = std::function<std::shared_ptr<const auth::Principal>(const Request&)>;

// A JSON response with the usual headers (`status`, body already serialized).
Response json_response(const Request& request, beast_http::status status, std::string body);
// The JSON error body every HTTP error has, {"error":{"code":code,"message":text}} (the shape
// docs/http-api.md promises and server/accounts/api_json.h writes too), with `status`.
Response error_response(const Request& request, beast_http::status status, std::string_view code,
                        std::string_view message);

} // namespace server::http
