#pragma once
// The listening side of the load generator's own servers (the echo and the relay): a TCP
// acceptor on 127.0.0.1 that hands every accepted socket to `serve` until it is closed.

#include <cstdint>
#include <functional>
#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace loadtest {

class LoopbackAcceptor : public std::enable_shared_from_this<LoopbackAcceptor> {
public:
    using Serve = std::function<void(boost::asio::ip::tcp::socket)>;

    // Binds 127.0.0.1:port (0: any free port) and listens; accepting starts with start().
    LoopbackAcceptor(boost::asio::io_context& io, std::uint16_t port, Serve serve);

    void start();
    std::uint16_t port() const;
    void close();

private:
    boost::asio::ip::tcp::acceptor acceptor_;
    Serve serve_;
};

} // namespace loadtest
