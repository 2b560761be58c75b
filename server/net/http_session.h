#pragma once
// One accepted TCP (or TLS) connection while it speaks HTTP: reads requests one at a time,
// answers them through request_dispatch.h, and hands the stream to a WebSocketSession when a
// request upgrades at /ws (after the Origin check and the Authenticator), with the connection's
// slot under the caps (connection_registry.h), taken when it was accepted.
//
// Each request is its client's (http/client_address.h): behind a trusted proxy, one connection
// carries the requests of many clients. The upgrade binds the slot to its client's address.
//
// A connection accepted beyond the caps (`refused`) holds a refusal slot instead: it reads one
// request within 2 s, answers /healthz (and /health) as usual and anything else with 503 (the
// refusal's code: server_full or too_many_connections), and closes.

#include "server/http/http_types.h"
#include "server/net/server_context.h"
#include "server/net/stream_types.h"

#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>

namespace server::net {

template <class Stream>
class HttpSession final : public std::enable_shared_from_this<HttpSession<Stream>> {
public:
    HttpSession(Stream&& stream, std::shared_ptr<ServerContext> context, std::string remote_address,
                ConnectionSlot slot, std::optional<SlotRefusal> refused = std::nullopt);

    // Starts the TLS handshake (TLS only), then reads the first request.
    void run();

private:
    using ErrorCode = boost::beast::error_code;

    Stream stream_;
    boost::beast::flat_buffer buffer_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
    std::shared_ptr<void> response_; // keeps the message alive while it is written
    std::shared_ptr<ServerContext> context_;
    std::string remote_address_;         // the peer's: a trusted proxy's, or the client's own
    std::optional<ConnectionSlot> slot_; // moved to the WebSocketSession by an upgrade
    std::optional<SlotRefusal> refused_;

    void do_read();
    void refuse_request(http::Request request);
    void on_read(ErrorCode ec);
    void upgrade();
    using CheckedPrincipal = std::optional<std::shared_ptr<const auth::Principal>>;
    // Who is behind the request's session cookie (null: a guest), or nullopt when the check
    // itself failed (the database): the request is then refused with 503, for a logged-in
    // player must not quietly become a guest. A request without a Cookie header is a guest's;
    // one with it is checked by the Authenticator on ServerContext::session_checks, never on
    // an I/O thread (with PostgreSQL a lookup is a network round trip, and up to the connect
    // timeout while the database is away). `then` runs on the session's executor; the request
    // (parser_) is left alone meanwhile.
    template <class Then> void with_principal(Then then);
    CheckedPrincipal principal_of(const http::Request& request);
    // Whose `request` is (http/client_address.h): what the per-address limits count.
    std::string client_address(const http::Request& request) const;
    void deliver(http::AnyResponse response); // any thread
    void write(http::AnyResponse response);
    void on_write(bool keep_alive, ErrorCode ec);
    void do_close();
};

extern template class HttpSession<PlainStream>;
extern template class HttpSession<TlsStream>;

} // namespace server::net
