#include "loadtest/echo_server.h"

#include "loadtest/loopback_acceptor.h"

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

namespace loadtest {

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

EchoServer::EchoServer(asio::io_context& io, std::uint16_t port)
    : acceptor_(std::make_shared<LoopbackAcceptor>(io, port, [](tcp::socket socket) {
          std::make_shared<EchoSession>(std::move(socket))->start();
      })) {
    acceptor_->start();
}

EchoServer::~EchoServer() {
    stop();
}

std::uint16_t EchoServer::port() const {
    return acceptor_->port();
}

void EchoServer::stop() {
    acceptor_->close();
}

} // namespace loadtest
