#include "server/loadtest/echo_server.h"

#include <boost/asio/ip/address.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

namespace server::loadtest {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

// One connection: read a frame, write it back, again.
class EchoSession : public std::enable_shared_from_this<EchoSession> {
public:
    explicit EchoSession(tcp::socket socket) : ws_(std::move(socket)) {}

    void start() {
        ws_.next_layer().socket().set_option(tcp::no_delay(true));
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.async_accept([self = shared_from_this()](const beast::error_code& ec) {
            if (!ec)
                self->read();
        });
    }

private:
    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;

    void read() {
        ws_.async_read(buffer_,
                       [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
                           if (ec)
                               return;
                           self->ws_.text(self->ws_.got_text());
                           self->ws_.async_write(self->buffer_.data(),
                                                 [self](const beast::error_code& wec, std::size_t) {
                                                     if (wec)
                                                         return;
                                                     self->buffer_.consume(self->buffer_.size());
                                                     self->read();
                                                 });
                       });
    }
};

} // namespace

struct EchoServer::Acceptor : std::enable_shared_from_this<Acceptor> {
    tcp::acceptor acceptor;
    explicit Acceptor(asio::io_context& io) : acceptor(io) {}

    void accept() {
        acceptor.async_accept(
            [self = shared_from_this()](const beast::error_code& ec, tcp::socket socket) {
                if (ec == asio::error::operation_aborted || !self->acceptor.is_open())
                    return;
                if (!ec)
                    std::make_shared<EchoSession>(std::move(socket))->start();
                self->accept();
            });
    }
};

EchoServer::EchoServer(asio::io_context& io, std::uint16_t port)
    : acceptor_(std::make_shared<Acceptor>(io)) {
    const tcp::endpoint endpoint{asio::ip::make_address("127.0.0.1"), port};
    acceptor_->acceptor.open(endpoint.protocol());
    acceptor_->acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor_->acceptor.bind(endpoint);
    acceptor_->acceptor.listen(asio::socket_base::max_listen_connections);
    acceptor_->accept();
}

EchoServer::~EchoServer() {
    stop();
}

std::uint16_t EchoServer::port() const {
    return acceptor_->acceptor.local_endpoint().port();
}

void EchoServer::stop() {
    beast::error_code ignored;
    acceptor_->acceptor.close(ignored);
}

} // namespace server::loadtest
