#pragma once
// One client WebSocket connection of the load generator (plain TCP, TCP_NODELAY set, so the
// client itself adds no Nagle delay): connects, hands every text frame to `message`, writes
// queued frames one after the other. Runs on one io_context thread; not thread-safe.

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

namespace loadtest {

class WsClient : public std::enable_shared_from_this<WsClient> {
public:
    struct Handlers {
        std::function<void()> opened;                   // the upgrade succeeded
        std::function<void(std::string_view)> message;  // one text frame (valid until return)
        std::function<void(const std::string&)> failed; // connect, read or write failed
    };

    WsClient(boost::asio::io_context& io, Handlers handlers);

    // Connects to ws://endpoint/<target>.
    void connect(const boost::asio::ip::tcp::endpoint& endpoint, std::string target);
    void send(std::string text);
    // A normal close; no handler is called afterwards.
    void close();

private:
    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    Handlers handlers_;
    std::string host_;
    bool open_ = false;
    bool closing_ = false;

    void read();
    void write_front();
    void fail(const boost::beast::error_code& ec, const char* what);
};

} // namespace loadtest
