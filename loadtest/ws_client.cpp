#include "loadtest/ws_client.h"

#include <boost/asio/buffer.hpp>
#include <boost/beast/websocket/error.hpp>

namespace loadtest {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

WsClient::WsClient(boost::asio::io_context& io, Handlers handlers)
    : ws_(io), handlers_(std::move(handlers)) {
}

void WsClient::connect(const tcp::endpoint& endpoint, std::string target) {
    host_ = endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
    ws_.next_layer().async_connect(endpoint, [self = shared_from_this(),
                                              target = std::move(target)](
                                                 const beast::error_code& ec) mutable {
        if (ec)
            return self->fail(ec, "connect");
        self->ws_.next_layer().socket().set_option(tcp::no_delay(true));
        self->ws_.next_layer().expires_never();
        self->ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
        self->ws_.async_handshake(self->host_, target, [self](const beast::error_code& hec) {
            if (hec)
                return self->fail(hec, "handshake");
            self->open_ = true;
            self->ws_.text(true);
            // What was sent before the socket opened goes first; a send from `opened` then
            // queues behind it. One write in flight at a time (Beast allows no second).
            if (!self->queue_.empty())
                self->write_front();
            if (self->handlers_.opened)
                self->handlers_.opened();
            self->read();
        });
    });
}

void WsClient::read() {
    ws_.async_read(buffer_, [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
        if (ec)
            return self->fail(ec, "read");
        const auto data = self->buffer_.cdata();
        if (!self->closing_ && self->handlers_.message)
            self->handlers_.message(
                std::string_view(static_cast<const char*>(data.data()), data.size()));
        self->buffer_.consume(self->buffer_.size());
        self->read();
    });
}

void WsClient::send(std::string text) {
    if (closing_)
        return;
    queue_.push_back(std::move(text));
    if (open_ && queue_.size() == 1)
        write_front();
}

void WsClient::write_front() {
    ws_.async_write(boost::asio::buffer(queue_.front()),
                    [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
                        if (ec)
                            return self->fail(ec, "write");
                        self->queue_.pop_front();
                        if (!self->queue_.empty())
                            self->write_front();
                    });
}

void WsClient::close() {
    if (closing_)
        return;
    closing_ = true;
    if (!open_) {
        beast::error_code ignored;
        ws_.next_layer().socket().close(ignored);
        return;
    }
    ws_.async_close(websocket::close_code::normal,
                    [self = shared_from_this()](const beast::error_code&) {
                        beast::error_code ignored;
                        self->ws_.next_layer().socket().close(ignored);
                    });
}

void WsClient::fail(const beast::error_code& ec, const char* what) {
    if (closing_ || ec == boost::asio::error::operation_aborted || ec == websocket::error::closed)
        return;
    closing_ = true;
    if (handlers_.failed)
        handlers_.failed(std::string(what) + ": " + ec.message());
}

} // namespace loadtest
