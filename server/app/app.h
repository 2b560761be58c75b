#pragma once
// The running server: one io_context on a small thread pool, the listener (HTTP, WebSocket at
// /ws, optional TLS), the built-in routes (/health) and the extension points.
//
// EXTENSION POINTS (register before start()):
//   app.routes()                      JSON HTTP endpoints (server/http/routes.h)
//   app.add_message_handler(handler)  WebSocket messages (server/net/message_handler.h)
//   app.set_authenticator(fn)         request cookie -> auth::Principal, for the /ws upgrade and
//                                     every routed request (server/http/http_types.h)
//   app.set_storage_check(fn)         whether storage takes writes, for /healthz
//                                     (storage::Backend::can_write; without it, /healthz is ok)
//   app.set_node_figures(fn)          a cluster node's membership figures, for /metrics
//                                     (server/cluster/membership_runner.h; without it, none)
//   app.io_context()                  for the lobby's strands and timers
//
// In-process tests:
//   server::Config config;  config.bind = "127.0.0.1";  config.port = 0;  config.web = dir;
//   server::App app(config);  app.start();  auto port = app.port();  ...  app.stop();
//
// `tabula serve` runs catch_shutdown_signals(), start(), wait_for_shutdown_signal(), stop().

#include "server/app/observability_routes.h"
#include "server/config/config.h"
#include "server/http/http_types.h"
#include "server/http/routes.h"
#include "server/net/message_handler.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <utility>

#include <boost/asio/io_context.hpp>

namespace server {

class App {
public:
    explicit App(Config config);
    ~App(); // stop() if still running
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    http::Routes& routes();
    void add_message_handler(std::shared_ptr<net::MessageHandler> handler);
    void set_authenticator(http::Authenticator authenticate);
    // Called from the I/O threads on every /healthz, so it must be thread-safe and cheap.
    void set_storage_check(StorageCheck check);
    // Called from the I/O threads on every /metrics, so it must be thread-safe and cheap.
    void set_node_figures(NodeFiguresSource source);
    boost::asio::io_context& io_context();
    const Config& config() const;

    // Checks the web dir and TLS files, binds, and starts the threads. Throws StartupError.
    void start();
    // The bound port (the real one when config.port was 0). After start().
    std::uint16_t port() const;
    // The port of the metrics listener (config metrics_listen); 0 without one.
    std::uint16_t metrics_port() const;
    // Live WebSocket connections.
    std::size_t connection_count() const;
    // From now on SIGINT and SIGTERM are caught (call before start() so that none is lost
    // while starting); wait_for_shutdown_signal() returns when one arrives.
    void catch_shutdown_signals();
    // Blocks until SIGINT or SIGTERM arrives; returns the signal number.
    int wait_for_shutdown_signal();
    // Graceful stop: no new connections, every WebSocket gets a "going away" close frame, then
    // up to `grace` for them to finish before the threads stop. Safe to call twice.
    void stop(std::chrono::milliseconds grace = std::chrono::seconds(3));

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace server
