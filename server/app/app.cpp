#include "server/app/app.h"

#include "server/app/io_threads.h"
#include "server/app/memory_return.h"
#include "server/app/observability_routes.h"
#include "server/app/strand_mutexes.h"
#include "server/log.h"
#include "server/net/listener.h"
#include "server/net/server_context.h"
#include "server/observability/metrics.h"
#include "server/startup_error.h"
#include "server/tls/tls_context.h"
#include "server/version.h"

#include <csignal>
#include <future>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/signal_set.hpp>
#include <nlohmann/json.hpp>

namespace server {

namespace asio = boost::asio;

struct App::Impl {
    std::shared_ptr<ServerContext> context = std::make_shared<ServerContext>();
    std::unique_ptr<asio::ssl::context> tls;
    asio::io_context io;
    // The listeners accept on a thread of their own (net::Listener, "Where a connection's
    // memory lies"); declared before them, so that it outlives their acceptors.
    asio::io_context accept_io;
    std::optional<asio::executor_work_guard<asio::io_context::executor_type>> accept_work;
    std::thread accept_thread;
    std::shared_ptr<net::Listener> listener;
    // With metrics_listen: /metrics and /healthz on an address and port of their own.
    std::shared_ptr<ServerContext> metrics_context;
    std::shared_ptr<net::Listener> metrics_listener;
    std::uint16_t metrics_port = 0;
    IoThreads threads{io};
    std::unique_ptr<asio::signal_set> signals;
    // Returns freed heap to the system once a burst of tables and connections has gone.
    std::unique_ptr<MemoryReturn> memory_return;
    // /healthz asks it (App::set_storage_check); set before start().
    StorageCheck storage_check;
    // /metrics asks it (App::set_node_figures) when the node is in a cluster; set before start().
    NodeFiguresSource node_figures;
    std::promise<int> signal_received;
    std::uint16_t port = 0;
    bool started = false;
    bool stopped = false;

    void check_web_root();
    void open_metrics_listener();
    void run_threads();
};

namespace {

void add_health_route(http::Routes& routes) {
    routes.add(http::beast_http::verb::get, "/health",
               [](const http::Request& request, const http::RequestInfo&) {
                   const nlohmann::json body{{"status", "ok"}, {"version", version()}};
                   return http::json_response(request, http::beast_http::status::ok, body.dump());
               });
}

// Threads that check session cookies (ServerContext::session_checks): two, so that one slow
// lookup does not hold up the next.
constexpr std::size_t session_check_threads = 2;

unsigned thread_count(unsigned configured) {
    if (configured > 0)
        return configured;
    return std::max(1U, std::thread::hardware_concurrency());
}

} // namespace

App::App(Config config) : impl_(std::make_unique<Impl>()) {
    impl_->context->config = std::move(config);
    add_health_route(impl_->context->routes);
    add_observability_routes(*impl_->context, impl_->storage_check, impl_->node_figures);
}

App::~App() {
    stop();
}

http::Routes& App::routes() {
    return impl_->context->routes;
}

void App::add_message_handler(std::shared_ptr<net::MessageHandler> handler) {
    impl_->context->messages.add(std::move(handler));
}

void App::set_storage_check(StorageCheck check) {
    impl_->storage_check = std::move(check);
}

void App::set_node_figures(NodeFiguresSource source) {
    impl_->node_figures = std::move(source);
}

void App::set_authenticator(http::Authenticator authenticate) {
    impl_->context->authenticate = std::move(authenticate);
}

asio::io_context& App::io_context() {
    return impl_->io;
}

const Config& App::config() const {
    return impl_->context->config;
}

void App::Impl::check_web_root() {
    const auto& web = context->config.web;
    std::error_code ec;
    auto root = std::filesystem::canonical(web, ec);
    if (ec || !std::filesystem::is_directory(root, ec))
        throw StartupError("web: \"" + web + "\" is not a directory");
    context->web_root = std::move(root);
}

// The connections there are few (a scraper or two): small caps of their own, no web root.
void App::Impl::open_metrics_listener() {
    const std::string& text = context->config.metrics_listen;
    if (text.empty())
        return;
    const auto colon = text.rfind(':');
    std::string host = text.substr(0, colon);
    if (host.size() > 1 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(host, ec);
    if (ec || colon == std::string::npos)
        throw StartupError("metrics_listen: \"" + text + "\" is not an address and a port");
    metrics_context = std::make_shared<ServerContext>();
    metrics_context->config = context->config;
    metrics_context->config.max_connections = 16;
    metrics_context->config.max_connections_per_ip = 16;
    add_metrics_listener_routes(*metrics_context, *context, storage_check, node_figures);
    metrics_listener = std::make_shared<net::Listener>(io, accept_io, metrics_context, nullptr);
    metrics_listener->open(
        {address, static_cast<std::uint16_t>(std::stoi(text.substr(colon + 1)))});
    metrics_port = metrics_listener->port();
    metrics_listener->start();
    log::info("metrics on http://" + text.substr(0, colon) + ":" + std::to_string(metrics_port) +
              "/metrics");
}

void App::Impl::run_threads() {
    accept_work.emplace(accept_io.get_executor());
    accept_thread = std::thread([this] { accept_io.run(); });
    threads.start(thread_count(context->config.threads));
}

void App::start() {
    if (impl_->started)
        return;
    const Config& config = impl_->context->config;
    log::set_level(config.log_level);
    impl_->check_web_root();
    if (config.tls_enabled())
        impl_->tls = tls::make_server_context(config.tls_cert, config.tls_key);
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(config.bind, ec);
    if (ec)
        throw StartupError("bind: \"" + config.bind + "\" is not an IP address");
    impl_->listener = std::make_shared<net::Listener>(impl_->io, impl_->accept_io, impl_->context,
                                                      impl_->tls.get());
    impl_->listener->open({address, config.port});
    impl_->port = impl_->listener->port();
    impl_->listener->start();
    impl_->open_metrics_listener();
    impl_->started = true;
    fix_trim_threshold();
    reserve_strand_mutexes(impl_->io);
    impl_->memory_return = std::make_unique<MemoryReturn>(
        impl_->io,
        [context = impl_->context] {
            return observability::metrics().live_tables.value() +
                   static_cast<std::int64_t>(context->registry.size());
        },
        [impl = impl_.get()] {
            impl->threads.renew();
            impl->context->messages.load_gone();
        },
        MemoryReturn::Settings{});
    impl_->memory_return->start();
    if (impl_->context->authenticate)
        impl_->context->session_checks =
            std::make_unique<asio::thread_pool>(session_check_threads);
    impl_->run_threads();
    log::info(std::string("listening on ") + (config.tls_enabled() ? "https" : "http") + "://" +
              config.bind + ":" + std::to_string(impl_->port) + " (web " +
              impl_->context->web_root.string() + ", " + std::to_string(impl_->threads.size()) +
              " threads)");
}

std::uint16_t App::port() const {
    return impl_->port;
}

std::uint16_t App::metrics_port() const {
    return impl_->metrics_port;
}

std::size_t App::connection_count() const {
    return impl_->context->registry.size();
}

void App::catch_shutdown_signals() {
    if (impl_->signals)
        return;
    impl_->signals = std::make_unique<asio::signal_set>(impl_->io, SIGINT, SIGTERM);
    impl_->signals->async_wait(
        [impl = impl_.get()](const boost::system::error_code& ec, int signal) {
            impl->signal_received.set_value(ec ? 0 : signal);
        });
}

int App::wait_for_shutdown_signal() {
    catch_shutdown_signals();
    const int signal = impl_->signal_received.get_future().get();
    log::info(std::string("received ") + (signal == SIGINT ? "SIGINT" : "SIGTERM") +
              ", shutting down");
    return signal;
}

void App::stop(std::chrono::milliseconds grace) {
    if (!impl_->started || impl_->stopped)
        return;
    impl_->stopped = true;
    const auto begun = std::chrono::steady_clock::now();
    impl_->context->stopping.store(true);
    impl_->listener->stop();
    if (impl_->metrics_listener)
        impl_->metrics_listener->stop();
    impl_->context->registry.close_all(net::CloseCode::GoingAway, "server shutting down");
    if (!impl_->context->registry.wait_until_empty(grace))
        log::warn("shutdown: " + std::to_string(impl_->context->registry.size()) +
                  " connections did not close in time");
    // The listeners' closes are queued there: once they ran, the accept thread runs out of work.
    impl_->accept_work.reset();
    if (impl_->accept_thread.joinable())
        impl_->accept_thread.join();
    impl_->io.stop();
    impl_->threads.join();
    if (impl_->context->session_checks) {
        // A check still asking the database is waited for; those queued are dropped, and with
        // them their sessions.
        impl_->context->session_checks->stop();
        impl_->context->session_checks->join();
    }
    impl_->memory_return->stop(); // the threads are gone: nothing runs its timer now
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - begun);
    log::info("stopped in " + std::to_string(took.count()) + " ms");
}

} // namespace server
