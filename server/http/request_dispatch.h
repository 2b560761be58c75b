#pragma once
// Answers one plain HTTP request (not a WebSocket upgrade): the Origin check for
// state-changing methods, the route table, then static files from the web root, with 400 /
// 403 / 404 / 405 for everything else. No sockets: the response goes to `deliver`, which the
// session (or a test) supplies; it may be called later from another thread.

#include "server/http/http_types.h"
#include "server/http/site.h"

#include <functional>

namespace server::http {

using Deliver = std::function<void(AnyResponse)>;

void answer_request(const Site& site, const Request& request, const RequestInfo& info,
                    Deliver deliver);

// The static file response for `request` (GET or HEAD), or a 404.
AnyResponse static_file_response(const Site& site, const Request& request, std::string_view path);

} // namespace server::http
