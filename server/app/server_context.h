#pragma once
// What every session shares: the configuration and the extension points registered on the App.
// Built before start(); read-only afterwards except the registry and the counters.

#include "server/config/config.h"
#include "server/http/http_types.h"
#include "server/http/routes.h"
#include "server/net/connection_registry.h"
#include "server/net/message_dispatcher.h"

#include <atomic>
#include <filesystem>

namespace server {

struct ServerContext {
    Config config;
    std::filesystem::path web_root; // canonical
    http::Routes routes;
    net::MessageDispatcher messages;
    http::Authenticator authenticate;
    net::ConnectionRegistry registry;
    std::atomic<net::ConnectionId> next_connection_id{1};
    std::atomic<bool> stopping{false};
};

} // namespace server
