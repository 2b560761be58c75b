#include "server/http/http_types.h"

#include <nlohmann/json.hpp>

namespace server::http {

Response json_response(const Request& request, beast_http::status status, std::string body) {
    Response response{status, request.version()};
    response.set(beast_http::field::content_type, "application/json");
    response.set(beast_http::field::cache_control, "no-store");
    response.set("X-Content-Type-Options", "nosniff");
    response.keep_alive(request.keep_alive());
    response.body() = std::move(body);
    response.prepare_payload();
    return response;
}

Response error_response(const Request& request, beast_http::status status, std::string_view code,
                        std::string_view message) {
    const nlohmann::json body{{"error", {{"code", code}, {"message", message}}}};
    return json_response(request, status,
                         body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace server::http
