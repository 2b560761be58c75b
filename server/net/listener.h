#pragma once
// Accepts TCP connections and starts an HttpSession (plain or TLS) for each, every one on its
// own strand (docs/architecture.md §2, "Threads and strands"). Every accepted socket gets
// TCP_NODELAY (docs/protocol.md §1, "Transport").

#include "server/net/server_context.h"
#include "server/net/stream_types.h"

#include <memory>
#include <utility>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace server::net {

class Listener : public std::enable_shared_from_this<Listener> {
public:
    // `tls` is nullptr for plain HTTP; it must outlive the listener and its sessions.
    Listener(boost::asio::io_context& io, std::shared_ptr<ServerContext> context,
             boost::asio::ssl::context* tls);

    // Binds and listens; a StartupError names the cause (port in use, bad address). Warns when
    // the process's open-file limit is below max_connections.
    void open(const boost::asio::ip::tcp::endpoint& endpoint);
    std::uint16_t port() const;
    void start();
    // Stops accepting (posted; any thread).
    void stop();

private:
    boost::asio::io_context& io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer retry_timer_; // after a failed accept (e.g. out of descriptors)
    std::shared_ptr<ServerContext> context_;
    boost::asio::ssl::context* tls_;

    void do_accept();
    void on_accept(boost::system::error_code ec, SessionSocket socket);
};

} // namespace server::net
