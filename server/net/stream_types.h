#pragma once
// The two transports a session runs on: plain TCP, and TLS over TCP (when tls_cert is set).
// Sessions are templates over these; each is instantiated once for each transport.

#include <utility> // before Asio with Boost 1.74 and GCC 12 (STYLE.md section 9)

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

namespace server::net {

using PlainStream = boost::beast::tcp_stream;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

} // namespace server::net
