#include "server/net/listener.h"

#include "server/http/client_address.h"
#include "server/log.h"
#include "server/net/http_session.h"
#include "server/startup_error.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

namespace server::net {

namespace asio = boost::asio;
using asio::ip::tcp;

Listener::Listener(asio::io_context& io, asio::io_context& accept_io,
                   std::shared_ptr<ServerContext> context, asio::ssl::context* tls)
    : io_(io), acceptor_(accept_io), retry_timer_(acceptor_.get_executor()),
      context_(std::move(context)), tls_(tls),
      reserve_descriptor_(::open("/dev/null", O_RDONLY | O_CLOEXEC)) {
}

Listener::~Listener() {
    if (reserve_descriptor_ >= 0)
        ::close(reserve_descriptor_);
}

namespace {

// Each connection is a file descriptor: with fewer than the caps need, accept() fails before
// the caps can refuse with a clear answer. The soft limit goes up to what is needed (at most
// the hard limit); what is still short lowers the caps.
void fit_descriptors(Config& config) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return;
    const rlim_t needed = config.max_connections + refusals_at_once + spare_descriptors;
    if (limit.rlim_cur < needed) {
        rlimit raised = limit;
        raised.rlim_cur =
            limit.rlim_max == RLIM_INFINITY ? needed : std::min(needed, limit.rlim_max);
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0)
            limit = raised;
    }
    if (limit.rlim_cur >= needed)
        return;
    const rlim_t overhead = refusals_at_once + spare_descriptors;
    const std::size_t fits =
        limit.rlim_cur > overhead + 1 ? static_cast<std::size_t>(limit.rlim_cur - overhead) : 1;
    log::warn("the open-file limit (ulimit -n) is " + std::to_string(limit.rlim_cur) +
              " and cannot be raised to " + std::to_string(needed) + " (max_connections " +
              std::to_string(config.max_connections) + " + " + std::to_string(overhead) +
              "): max_connections is lowered to " + std::to_string(fits));
    config.max_connections = fits;
    config.max_connections_per_ip = std::min(config.max_connections_per_ip, fits);
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
    // close_one_excess() calls accept4() on the descriptor itself: it must never block.
    acceptor_.native_non_blocking(true, ec);
    if (ec)
        log::warn("listen: the socket cannot be made non-blocking: " + ec.message());
    fit_descriptors(context_->config);
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
    const bool out_of_descriptors = ec == asio::error::no_descriptors ||
                                    ec == boost::system::errc::too_many_files_open_in_system;
    if (out_of_descriptors && close_one_excess()) {
        log::warn("accept: " + ec.message() + ": an excess connection was closed");
        return do_accept();
    }
    if (ec) {
        // E.g. too many open files with nothing pending: keep serving the others, and try again
        // shortly rather than at once (an immediate retry fails the same way, in a busy loop).
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
    // A trusted proxy's connection is counted under the client's address only when it
    // upgrades (connection_registry.h): until then no one client is known.
    const auto& config = context_->config;
    auto reserved = http::is_trusted_proxy(address, config.trusted_proxies)
                        ? context_->registry.reserve_unbound(config.max_connections)
                        : context_->registry.reserve(address, config.max_connections,
                                                     config.max_connections_per_ip);
    std::optional<SlotRefusal> refused;
    std::optional<ConnectionSlot> slot;
    if (auto* held = std::get_if<ConnectionSlot>(&reserved)) {
        slot.emplace(std::move(*held));
    } else {
        refused = std::get<SlotRefusal>(reserved);
        auto refusal = context_->registry.reserve_refusal(refusals_at_once);
        if (!refusal) {
            // Refusals enough are being answered: this one is closed unanswered.
            boost::system::error_code ignored;
            socket.close(ignored);
            return do_accept();
        }
        slot.emplace(std::move(*refusal));
    }
    // The session is made, and its first read started, on its own strand (see listener.h).
    auto strand = socket.get_executor();
    asio::post(strand, [context = context_, tls = tls_, socket = std::move(socket),
                        address = std::move(address), slot = std::move(*slot), refused]() mutable {
        if (tls) {
            std::make_shared<HttpSession<TlsStream>>(TlsStream(std::move(socket), *tls), context,
                                                     std::move(address), std::move(slot), refused)
                ->run();
        } else {
            std::make_shared<HttpSession<PlainStream>>(PlainStream(std::move(socket)), context,
                                                       std::move(address), std::move(slot),
                                                       refused)
                ->run();
        }
    });
    do_accept();
}

bool Listener::close_one_excess() {
    if (reserve_descriptor_ < 0)
        return false;
    ::close(reserve_descriptor_);
    const int excess = ::accept4(acceptor_.native_handle(), nullptr, nullptr, SOCK_CLOEXEC);
    if (excess >= 0)
        ::close(excess);
    reserve_descriptor_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    return excess >= 0;
}

} // namespace server::net
