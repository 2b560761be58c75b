#include "server/net/listener.h"

#include "server/log.h"
#include "server/net/http_session.h"
#include "server/startup_error.h"

#include <sys/resource.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

namespace server::net {

namespace asio = boost::asio;
using asio::ip::tcp;

Listener::Listener(asio::io_context& io, std::shared_ptr<ServerContext> context,
                   asio::ssl::context* tls)
    : io_(io), acceptor_(asio::make_strand(io)), retry_timer_(acceptor_.get_executor()),
      context_(std::move(context)), tls_(tls) {
}

namespace {

// Each connection is a file descriptor: below the cap, the kernel refuses connections before
// the server can answer them with a clear 503.
void warn_if_descriptors_short(std::size_t max_connections) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return;
    constexpr rlim_t spare = 64; // database, static files, listening socket
    if (limit.rlim_cur < max_connections + spare)
        log::warn("the open-file limit (ulimit -n) is " + std::to_string(limit.rlim_cur) +
                  ", below max_connections (" + std::to_string(max_connections) + ") + " +
                  std::to_string(spare) + "; raise it or lower max_connections");
}

} // namespace

void Listener::open(const tcp::endpoint& endpoint) {
    boost::system::error_code ec;
    const std::string where =
        endpoint.address().to_string() + " port " + std::to_string(endpoint.port());
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec)
        acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec)
        acceptor_.bind(endpoint, ec);
    if (ec == asio::error::address_in_use)
        throw StartupError("port: " + where + " is already in use");
    if (ec == asio::error::access_denied)
        throw StartupError("port: no permission to listen on " + where);
    if (ec == boost::system::errc::address_not_available)
        throw StartupError("bind: address " + endpoint.address().to_string() +
                           " is not available on this machine");
    if (!ec)
        acceptor_.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
        throw StartupError("cannot listen on " + where + ": " + ec.message());
    warn_if_descriptors_short(context_->config.max_connections);
}

std::uint16_t Listener::port() const {
    return acceptor_.local_endpoint().port();
}

void Listener::start() {
    do_accept();
}

void Listener::stop() {
    asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
        self->retry_timer_.cancel();
    });
}

void Listener::do_accept() {
    acceptor_.async_accept(
        asio::make_strand(io_),
        [self = shared_from_this()](boost::system::error_code ec, SessionSocket socket) {
            self->on_accept(ec, std::move(socket));
        });
}

void Listener::on_accept(boost::system::error_code ec, SessionSocket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open())
        return;
    if (ec) {
        // E.g. too many open files: keep serving the others, and try again shortly rather than
        // at once (an immediate retry fails the same way, in a busy loop).
        log::warn("accept: " + ec.message());
        retry_timer_.expires_after(std::chrono::milliseconds(100));
        retry_timer_.async_wait([self = shared_from_this()](boost::system::error_code timer_ec) {
            if (!timer_ec && self->acceptor_.is_open())
                self->do_accept();
        });
        return;
    }
    // Small frames go out at once: with Nagle's algorithm each reply would wait for the peer's
    // delayed ACK of the previous one (about 40 ms on Linux).
    boost::system::error_code option_ec;
    socket.set_option(tcp::no_delay(true), option_ec);
    if (option_ec)
        log::warn("accept: cannot set TCP_NODELAY: " + option_ec.message());
    boost::system::error_code endpoint_ec;
    const auto remote = socket.remote_endpoint(endpoint_ec);
    std::string address = endpoint_ec ? "unknown" : remote.address().to_string();
    if (tls_) {
        std::make_shared<HttpSession<TlsStream>>(TlsStream(std::move(socket), *tls_), context_,
                                                 std::move(address))
            ->run();
    } else {
        std::make_shared<HttpSession<PlainStream>>(PlainStream(std::move(socket)), context_,
                                                   std::move(address))
            ->run();
    }
    do_accept();
}

} // namespace server::net
