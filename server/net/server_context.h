#pragma once
// What every session shares: the configuration and the extension points registered on the App.
// Built before start(); read-only afterwards except the registry and the counters. Its HTTP
// part (configuration, web root, routes) is the http::Site that answers plain requests.

#include "server/http/http_types.h"
#include "server/http/site.h"
#include "server/net/connection_registry.h"
#include "server/net/message_dispatcher.h"

#include <atomic>
#include <memory>

#include <boost/asio/thread_pool.hpp>

namespace server {

struct ServerContext : http::Site {
    net::MessageDispatcher messages;
    http::Authenticator authenticate;
    // Where the Authenticator runs (net/http_session.h): it may ask the database, which must
    // never hold an I/O thread. Made by App::start when there is an Authenticator, stopped by
    // App::stop; none: it runs inline (a test's App without one).
    std::unique_ptr<boost::asio::thread_pool> session_checks;
    net::ConnectionRegistry registry;
    std::atomic<net::ConnectionId> next_connection_id{1};
    std::atomic<bool> stopping{false};
};

} // namespace server
