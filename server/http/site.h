#pragma once
// What answering a plain HTTP request reads: the configuration (allowed origins), the web root
// of the static files and the route table. The server's shared context
// (server/net/server_context.h) is a Site, so the sessions of net/ pass it as it is while
// http/ stays below net/.

#include "server/config/config.h"
#include "server/http/routes.h"

#include <filesystem>

namespace server::http {

struct Site {
    Config config;
    std::filesystem::path web_root; // canonical
    Routes routes;
};

} // namespace server::http
