#include "server/http/routes.h"

namespace server::http {

AsyncHandler Routes::wrap(SyncHandler handler) {
    return [h = std::move(handler)](const Request& request, const RequestInfo& info,
                                    Respond respond) { respond(h(request, info)); };
}

void Routes::add(beast_http::verb method, std::string path, SyncHandler handler) {
    routes_.push_back({method, std::move(path), false, wrap(std::move(handler))});
}

void Routes::add_async(beast_http::verb method, std::string path, AsyncHandler handler) {
    routes_.push_back({method, std::move(path), false, std::move(handler)});
}

void Routes::add_prefix(beast_http::verb method, std::string prefix, SyncHandler handler) {
    routes_.push_back({method, std::move(prefix), true, wrap(std::move(handler))});
}

void Routes::add_prefix_async(beast_http::verb method, std::string prefix, AsyncHandler handler) {
    routes_.push_back({method, std::move(prefix), true, std::move(handler)});
}

Routes::Match Routes::find(beast_http::verb method, std::string_view path) const {
    Match match;
    const Route* best = nullptr;
    for (const auto& route : routes_) {
        const bool hit = route.prefix ? path.starts_with(route.path) : path == route.path;
        if (!hit)
            continue;
        match.path_known = true;
        if (route.method != method)
            continue;
        const bool better = !best || (best->prefix && !route.prefix) ||
                            (best->prefix && route.prefix && route.path.size() > best->path.size());
        if (better)
            best = &route;
    }
    if (best)
        match.handler = &best->handler;
    return match;
}

} // namespace server::http
