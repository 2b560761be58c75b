#include "server/app/observability_routes.h"

#include "server/net/server_context.h"
#include "server/observability/metrics.h"
#include "server/observability/process_stats.h"
#include "server/observability/prometheus_text.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/ip/address.hpp>
#include <nlohmann/json.hpp>

namespace server {

namespace {

namespace beast_http = http::beast_http;

http::Response metrics_response(const http::Request& request, const ServerContext& context,
                                const NodeFiguresSource& node) {
    observability::ScrapeValues scraped;
    scraped.connections = static_cast<std::int64_t>(context.registry.size());
    scraped.resident_bytes = observability::resident_bytes();
    std::optional<observability::NodeFigures> figures;
    if (node)
        figures = node();
    http::Response response{beast_http::status::ok, request.version()};
    response.set(beast_http::field::content_type, observability::exposition_content_type);
    response.set(beast_http::field::cache_control, "no-store");
    response.keep_alive(request.keep_alive());
    response.body() = observability::prometheus_text(observability::metrics(), scraped, figures);
    response.prepare_payload();
    return response;
}

// Whether `remote` (as the listener wrote it) is one of `allowed`: an IPv4 client of an IPv6
// socket ("::ffff:127.0.0.1") counts as its IPv4 address.
bool address_allowed(const std::string& remote, const std::vector<std::string>& allowed) {
    boost::system::error_code ec;
    auto address = boost::asio::ip::make_address(remote, ec);
    if (ec)
        return false;
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
    return std::find(allowed.begin(), allowed.end(), address.to_string()) != allowed.end();
}

http::Response health_response(const http::Request& request, const StorageCheck& check) {
    const auto status = check ? check() : storage::WriteStatus{};
    if (!status.ok()) {
        // The error shape of docs/http-api.md.
        const nlohmann::json body{
            {"error", {{"code", "storage_unwritable"}, {"message", status.error}}}};
        return http::json_response(request, beast_http::status::service_unavailable, body.dump());
    }
    return http::json_response(request, beast_http::status::ok, R"({"status":"ok"})");
}

} // namespace

void add_observability_routes(ServerContext& context, const StorageCheck& check,
                              const NodeFiguresSource& node) {
    const ServerContext* shared = &context;
    const StorageCheck* storage = &check;
    const NodeFiguresSource* figures = &node;
    if (context.config.metrics_listen.empty())
        context.routes.add(
            beast_http::verb::get, "/metrics",
            [shared, figures](const http::Request& request, const http::RequestInfo& info) {
                if (!address_allowed(info.remote_address,
                                     shared->config.metrics_allowed_addresses)) {
                    const nlohmann::json body{
                        {"error",
                         {{"code", "forbidden"},
                          {"message", "/metrics is not served to your address"}}}};
                    return http::json_response(request, beast_http::status::forbidden, body.dump());
                }
                return metrics_response(request, *shared, *figures);
            });
    context.routes.add(beast_http::verb::get, "/healthz",
                       [storage](const http::Request& request, const http::RequestInfo&) {
                           return health_response(request, *storage);
                       });
}

void add_metrics_listener_routes(ServerContext& listener, const ServerContext& source,
                                 const StorageCheck& check, const NodeFiguresSource& node) {
    const ServerContext* shared = &source;
    const StorageCheck* storage = &check;
    const NodeFiguresSource* figures = &node;
    listener.routes.add(beast_http::verb::get, "/metrics",
                        [shared, figures](const http::Request& request, const http::RequestInfo&) {
                            return metrics_response(request, *shared, *figures);
                        });
    listener.routes.add(beast_http::verb::get, "/healthz",
                        [storage](const http::Request& request, const http::RequestInfo&) {
                            return health_response(request, *storage);
                        });
}

} // namespace server
