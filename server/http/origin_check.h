#pragma once
// Cross-site protection for the WebSocket upgrade and state-changing HTTP requests.
//
// A request without an Origin header passes (non-browser clients; browsers always send one on
// these requests). Otherwise the origin must be in allowed_origins (compared without case and
// trailing slash), or, when that list is empty, name the same host and port as the Host header.

#include <string>
#include <string_view>
#include <vector>

namespace server::http {

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed_origins);

} // namespace server::http
