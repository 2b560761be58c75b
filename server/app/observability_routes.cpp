#include "server/app/observability_routes.h"

#include "server/net/server_context.h"
#include "server/observability/metrics.h"
#include "server/observability/process_stats.h"
#include "server/observability/prometheus_text.h"

#include <sys/statvfs.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace server {

namespace {

namespace beast_http = http::beast_http;

http::Response metrics_response(const http::Request& request, const ServerContext& context) {
    observability::ScrapeValues scraped;
    scraped.connections = static_cast<std::int64_t>(context.registry.size());
    scraped.resident_bytes = observability::resident_bytes();
    http::Response response{beast_http::status::ok, request.version()};
    response.set(beast_http::field::content_type, observability::exposition_content_type);
    response.set(beast_http::field::cache_control, "no-store");
    response.keep_alive(request.keep_alive());
    response.body() = observability::prometheus_text(observability::metrics(), scraped);
    response.prepare_payload();
    return response;
}

} // namespace

std::optional<std::string> storage_unwritable(const std::filesystem::path& database) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(database, ec);
    const auto directory = database.has_parent_path() ? database.parent_path() : ".";
    // The directory too: SQLite makes its -wal and -shm files beside the database.
    if (access(directory.c_str(), W_OK) != 0)
        return "the database directory is not writable";
    if (exists && access(database.c_str(), W_OK) != 0)
        return "the database file is not writable";
    struct statvfs fs {};
    if (statvfs(directory.c_str(), &fs) != 0)
        return "the database file system cannot be examined";
    if ((fs.f_flag & ST_RDONLY) != 0)
        return "the database file system is mounted read-only";
    if (fs.f_bavail == 0)
        return "the database file system is full";
    return std::nullopt;
}

void add_observability_routes(ServerContext& context) {
    const ServerContext* shared = &context;
    context.routes.add(beast_http::verb::get, "/metrics",
                       [shared](const http::Request& request, const http::RequestInfo&) {
                           return metrics_response(request, *shared);
                       });
    context.routes.add(
        beast_http::verb::get, "/healthz",
        [shared](const http::Request& request, const http::RequestInfo&) {
            if (const auto problem = storage_unwritable(shared->config.db)) {
                // The error shape of docs/http-api.md.
                const nlohmann::json body{
                    {"error", {{"code", "storage_unwritable"}, {"message", *problem}}}};
                return http::json_response(request, beast_http::status::service_unavailable,
                                           body.dump());
            }
            return http::json_response(request, beast_http::status::ok, R"({"status":"ok"})");
        });
}

} // namespace server
