#pragma once
// What every session shares: the configuration and the extension points registered on the App.
// Built before start(); read-only afterwards except the registry and the counters. Its HTTP
// part (configuration, web root, routes) is the http::Site that answers plain requests.

#include "server/http/http_types.h"
#include "server/http/site.h"
#include "server/net/connection_registry.h"
#include "server/net/message_dispatcher.h"

#include <atomic>

namespace server {

struct ServerContext : http::Site {
    net::MessageDispatcher messages;
    http::Authenticator authenticate;
    net::ConnectionRegistry registry;
    std::atomic<net::ConnectionId> next_connection_id{1};
    std::atomic<bool> stopping{false};
};

} // namespace server
