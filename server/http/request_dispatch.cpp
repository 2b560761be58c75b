#include "server/http/request_dispatch.h"

#include "server/http/content_type.h"
#include "server/http/origin_check.h"
#include "server/http/static_path.h"

#include <chrono>
#include <string>

namespace server::http {
namespace {

using beast_http::field;
using beast_http::status;
using beast_http::verb;

bool changes_state(verb method) {
    return method == verb::post || method == verb::put || method == verb::patch ||
           method == verb::delete_;
}

std::string_view path_of(std::string_view target) {
    return target.substr(0, std::min(target.find('?'), target.size()));
}

std::string entity_tag(const std::filesystem::path& file, std::uint64_t size) {
    std::error_code ec;
    const auto modified = std::filesystem::last_write_time(file, ec);
    const auto stamp = ec ? 0U : static_cast<std::uint64_t>(modified.time_since_epoch().count());
    std::string tag = "\"";
    tag.append(std::to_string(size)).append("-").append(std::to_string(stamp)).append("\"");
    return tag;
}

// A GET route's answer to a HEAD request: the same headers, no body.
AnyResponse without_body(Response response) {
    const auto size = response.body().size();
    EmptyResponse head{std::move(response.base())};
    head.content_length(size);
    return head;
}

} // namespace

AnyResponse static_file_response(const Site& site, const Request& request, std::string_view path) {
    auto relative = web_relative_path(path);
    if (const auto* refusal = std::get_if<PathRefusal>(&relative)) {
        if (*refusal == PathRefusal::BadRequest)
            return error_response(request, status::bad_request, "bad_path", "invalid path");
        return error_response(request, status::not_found, "not_found", "no such file");
    }
    const auto file = resolve_in_web_root(site.web_root, std::get<std::string>(relative));
    if (!file)
        return error_response(request, status::not_found, "not_found", "no such file");

    beast_http::file_body::value_type body;
    boost::beast::error_code ec;
    body.open(file->c_str(), boost::beast::file_mode::scan, ec);
    if (ec)
        return error_response(request, status::not_found, "not_found", "no such file");
    const auto size = body.size();
    const auto tag = entity_tag(*file, size);

    EmptyResponse head{status::ok, request.version()};
    head.set(field::content_type, content_type_for(file->filename().string()));
    head.set(field::cache_control, "no-cache"); // revalidate: names carry no content hash
    head.set(field::etag, tag);
    head.set("X-Content-Type-Options", "nosniff");
    head.keep_alive(request.keep_alive());
    if (request[field::if_none_match] == tag) {
        head.result(status::not_modified);
        return head;
    }
    head.content_length(size);
    if (request.method() == verb::head)
        return head;
    FileResponse response{std::move(head.base()), std::move(body)};
    response.content_length(size);
    return response;
}

void answer_request(const Site& site, const Request& request, const RequestInfo& info,
                    Deliver deliver) {
    const std::string_view target = request.target();
    if (!target.starts_with('/'))
        return deliver(error_response(request, status::bad_request, "bad_path", "invalid target"));
    const auto path = path_of(target);
    if (changes_state(request.method()) &&
        !origin_allowed(request[field::origin], request[field::host], site.config.allowed_origins))
        return deliver(
            error_response(request, status::forbidden, "bad_origin", "origin not allowed"));

    const bool head = request.method() == verb::head;
    const auto match = site.routes.find(head ? verb::get : request.method(), path);
    if (match.handler) {
        Respond respond = [deliver, head](Response response) {
            if (head)
                return deliver(without_body(std::move(response)));
            deliver(std::move(response));
        };
        return (*match.handler)(request, info, std::move(respond));
    }
    if (match.path_known)
        return deliver(error_response(request, status::method_not_allowed, "method_not_allowed",
                                      "method not allowed here"));
    if (request.method() != verb::get && !head)
        return deliver(error_response(request, status::method_not_allowed, "method_not_allowed",
                                      "only GET and HEAD are served here"));
    deliver(static_file_response(site, request, path));
}

} // namespace server::http
