#pragma once
// EXTENSION POINT: the table of JSON HTTP endpoints (the HTTP API: accounts, games, ladders).
//
//   app.routes().add(verb::get, "/api/me", [](const Request& req, const RequestInfo& info) {
//       return json_response(req, status::ok, R"({"user":null})");
//   });
//   app.routes().add_async(verb::post, "/api/login", handler); // answers via `respond`
//   app.routes().add_prefix(verb::get, "/api/games/", handler);  // "/api/games/<id>"
//
// Register before App::start(). Exact paths win over prefixes; the longest prefix wins among
// prefixes. The path is matched without the query string (Request::target() keeps it). A path
// known for another method gets 405. HEAD is answered by the GET route with the body left off.
// State-changing requests (POST, PUT, PATCH, DELETE) have passed the Origin check before a
// handler sees them. Routes take precedence over static files.

#include "server/http/http_types.h"

#include <string>
#include <string_view>
#include <vector>

namespace server::http {

class Routes {
public:
    void add(beast_http::verb method, std::string path, SyncHandler handler);
    void add_async(beast_http::verb method, std::string path, AsyncHandler handler);
    void add_prefix(beast_http::verb method, std::string prefix, SyncHandler handler);
    void add_prefix_async(beast_http::verb method, std::string prefix, AsyncHandler handler);

    struct Match {
        const AsyncHandler* handler = nullptr; // the route for this method, if any
        bool path_known = false;               // some method is routed at this path
    };
    Match find(beast_http::verb method, std::string_view path) const;

private:
    struct Route {
        beast_http::verb method;
        std::string path;
        bool prefix;
        AsyncHandler handler;
    };
    std::vector<Route> routes_;

    static AsyncHandler wrap(SyncHandler handler);
};

} // namespace server::http
