#include "loadtest/loopback_acceptor.h"

#include <boost/asio/ip/address.hpp>

namespace loadtest {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

LoopbackAcceptor::LoopbackAcceptor(asio::io_context& io, std::uint16_t port, Serve serve)
    : acceptor_(io), serve_(std::move(serve)) {
    const tcp::endpoint endpoint{asio::ip::make_address("127.0.0.1"), port};
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
}

void LoopbackAcceptor::start() {
    acceptor_.async_accept(
        [self = shared_from_this()](const boost::system::error_code& ec, tcp::socket socket) {
            if (ec == asio::error::operation_aborted || !self->acceptor_.is_open())
                return;
            if (!ec)
                self->serve_(std::move(socket));
            self->start();
        });
}

std::uint16_t LoopbackAcceptor::port() const {
    return acceptor_.local_endpoint().port();
}

void LoopbackAcceptor::close() {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
}

} // namespace loadtest
