#pragma once
// The transport ceiling: a bare Beast WebSocket server that sends every frame straight back
// (TCP_NODELAY set, no parsing, no storage). `tabula loadtest --echo` measures it with the
// same client loop as the games, so the ratio of the two says what the game server adds.

#include <cstdint>
#include <memory>

#include <boost/asio/io_context.hpp>

namespace loadtest {

class LoopbackAcceptor;

class EchoServer {
public:
    // Listens on 127.0.0.1:port (0: any free port) on `io`; serves once io runs.
    EchoServer(boost::asio::io_context& io, std::uint16_t port);
    ~EchoServer();
    EchoServer(const EchoServer&) = delete;
    EchoServer& operator=(const EchoServer&) = delete;

    std::uint16_t port() const;
    void stop();

private:
    std::shared_ptr<LoopbackAcceptor> acceptor_;
};

} // namespace loadtest
