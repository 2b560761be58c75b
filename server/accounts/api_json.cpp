#include "server/accounts/api_json.h"

#include "server/http/percent_decoding.h"

#include <charconv>

namespace server::accounts {

http::Response api_error(const http::Request& request, http::beast_http::status status,
                         std::string_view code, std::string_view message) {
    const Json body = {{"error", {{"code", code}, {"message", message}}}};
    return http::json_response(request, status, body.dump());
}

http::Response api_json(const http::Request& request, http::beast_http::status status,
                        const Json& body) {
    return http::json_response(request, status,
                               body.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::variant<Json, http::Response> parse_json_object(const http::Request& request) {
    using http::beast_http::status;
    if (request.body().size() > max_json_body)
        return api_error(request, status::payload_too_large, "body_too_large",
                         "the request body is larger than " + std::to_string(max_json_body) +
                             " bytes");
    Json parsed = Json::parse(request.body(), nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return api_error(request, status::bad_request, "bad_json",
                         "the request body must be a JSON object");
    return parsed;
}

std::optional<std::string> string_field(const Json& object, std::string_view key) {
    if (!object.is_object())
        return std::nullopt;
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return std::nullopt;
    return it->get<std::string>();
}

std::string_view path_of(std::string_view target) {
    return target.substr(0, target.find('?'));
}

std::optional<std::string> query_param(std::string_view target, std::string_view key) {
    const auto question = target.find('?');
    if (question == std::string_view::npos)
        return std::nullopt;
    std::string_view rest = target.substr(question + 1);
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
        const auto eq = pair.find('=');
        const std::string_view name = pair.substr(0, eq);
        if (name != key)
            continue;
        if (eq == std::string_view::npos)
            return std::string{};
        return http::percent_decode(pair.substr(eq + 1), http::PlusSign::Space);
    }
    return std::nullopt;
}

std::optional<std::int64_t> parse_int(std::string_view text, std::int64_t min, std::int64_t max) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || value < min || value > max)
        return std::nullopt;
    return value;
}

std::optional<std::string> session_cookie(const http::Request& request) {
    const auto header = request.find(http::beast_http::field::cookie);
    if (header == request.end())
        return std::nullopt;
    std::string_view rest(header->value().data(), header->value().size());
    while (!rest.empty()) {
        const auto semicolon = rest.find(';');
        std::string_view pair = rest.substr(0, semicolon);
        rest = semicolon == std::string_view::npos ? std::string_view{}
                                                   : rest.substr(semicolon + 1);
        while (!pair.empty() && pair.front() == ' ')
            pair.remove_prefix(1);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == session_cookie_name)
            return std::string(pair.substr(eq + 1));
    }
    return std::nullopt;
}

std::string session_cookie_header(std::string_view token, std::chrono::seconds lifetime,
                                  bool secure) {
    std::string value(session_cookie_name);
    value += '=';
    value += token;
    value += "; HttpOnly; SameSite=Lax; Path=/; Max-Age=" + std::to_string(lifetime.count());
    if (secure)
        value += "; Secure";
    return value;
}

std::string clear_session_cookie_header(bool secure) {
    return session_cookie_header("", std::chrono::seconds(0), secure);
}

std::int64_t epoch_ms(std::chrono::sys_time<std::chrono::milliseconds> time) {
    return time.time_since_epoch().count();
}

} // namespace server::accounts
