#pragma once
// Accepts TCP connections and starts an HttpSession (plain or TLS) for each, every one on its
// own strand (docs/architecture.md §2, "Threads and strands"). Every accepted socket gets
// TCP_NODELAY (docs/protocol.md §1, "Transport").
//
// Every accepted connection counts against the caps (issue 34, "Every connection counted";
// connection_registry.h): it takes a slot for its address when accepted, or, beyond the caps, a
// refusal slot (at most `refusals_at_once`), under which it is answered (/healthz as usual,
// anything else 503) and closed; with no refusal slot free it is closed at once. The
// descriptors the caps need (max_connections, the refusals and `spare_descriptors` for the
// database, files and sockets of the server's own) are asked for at open(): the soft limit is
// raised up to the hard one, and when even that is short, the caps are lowered to fit, with a
// warning, so that the caps refuse before the descriptors run out. Should they run out all the
// same (descriptors used elsewhere), one descriptor kept in reserve is given up to accept and
// close each excess connection, so the backlog keeps moving and /healthz keeps being answered.
//
// Where a connection's memory lies: the acceptor runs on an io_context of its own (`accept_io`,
// one thread, owned by the app), and the session is made on the connection's strand of the
// server's io_context. Asio registers an accepted socket with its reactor on the thread that
// completes the accept, and keeps that registration (about 160 bytes) in a free list for the
// life of the io_context. Made on the I/O threads, those registrations lay one or two to a page
// among the sessions' blocks, and after a spike of 10,000 connections kept tens of MB resident
// that malloc_trim could not give back; made on the accept thread, they lie together in its
// arena (bench/README.md, "Spikes of idle sockets").

#include "server/net/server_context.h"
#include "server/net/stream_types.h"

#include <memory>
#include <utility>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace server::net {

inline constexpr std::size_t refusals_at_once = 32;
inline constexpr std::size_t spare_descriptors = 64;

class Listener : public std::enable_shared_from_this<Listener> {
public:
    // Sessions run on `io`; accepting runs on `accept_io`. `tls` is nullptr for plain HTTP; it
    // must outlive the listener and its sessions.
    Listener(boost::asio::io_context& io, boost::asio::io_context& accept_io,
             std::shared_ptr<ServerContext> context, boost::asio::ssl::context* tls);

    ~Listener();
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;

    // Binds and listens; a StartupError names the cause (port in use, bad address). Raises the
    // open-file limit to what the caps need, or lowers the caps (in the context's config) to
    // what it allows, with a warning.
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
    int reserve_descriptor_ = -1; // /dev/null, given up to close excess connections

    void do_accept();
    // Out of descriptors: the reserve accepts one pending connection and closes it. False when
    // none was pending (or no reserve).
    bool close_one_excess();
    void on_accept(boost::system::error_code ec, SessionSocket socket);
};

} // namespace server::net
