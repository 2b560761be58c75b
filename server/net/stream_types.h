#pragma once
// The two transports a session runs on: plain TCP, and TLS over TCP (when tls_cert is set).
// Sessions are templates over these; each is instantiated once for each transport.
//
// A session's socket runs on its own strand, named by its concrete type rather than Asio's
// type-erased any_io_executor: every asynchronous read and write keeps its executor's work
// alive, and a type-erased strand (too big for any_io_executor's in-place room) is copied to
// the heap each time, about twenty allocations a move (issue 11).

#include <utility> // before Asio with Boost 1.74 and GCC 12 (STYLE.md section 9)

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

namespace server::net {

using SessionExecutor = boost::asio::strand<boost::asio::io_context::executor_type>;
using SessionSocket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, SessionExecutor>;
using PlainStream = boost::beast::basic_stream<boost::asio::ip::tcp, SessionExecutor>;
using TlsStream = boost::beast::ssl_stream<PlainStream>;

} // namespace server::net
