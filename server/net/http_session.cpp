#include "server/net/http_session.h"

#include "server/http/client_address.h"
#include "server/http/origin_check.h"
#include "server/http/request_dispatch.h"
#include "server/log.h"
#include "server/net/websocket_session.h"

#include <type_traits>
#include <variant>

#include <boost/asio/post.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

namespace server::net {
namespace {

namespace beast = boost::beast;
namespace beast_http = boost::beast::http;

constexpr auto request_timeout = std::chrono::seconds(30);
// A connection beyond the caps has this long to send its request.
constexpr auto refused_request_timeout = std::chrono::seconds(2);
constexpr std::uint32_t header_limit = 16 * 1024;

} // namespace

template <class Stream>
HttpSession<Stream>::HttpSession(Stream&& stream, std::shared_ptr<ServerContext> context,
                                 std::string remote_address, ConnectionSlot slot,
                                 std::optional<SlotRefusal> refused)
    : stream_(std::move(stream)), context_(std::move(context)),
      remote_address_(std::move(remote_address)), slot_(std::move(slot)), refused_(refused) {
}

template <class Stream> void HttpSession<Stream>::run() {
    if constexpr (std::is_same_v<Stream, TlsStream>) {
        beast::get_lowest_layer(stream_).expires_after(request_timeout);
        stream_.async_handshake(boost::asio::ssl::stream_base::server,
                                [self = this->shared_from_this()](ErrorCode ec) {
                                    if (ec)
                                        return log::debug("tls handshake: " + ec.message());
                                    self->do_read();
                                });
    } else {
        do_read();
    }
}

template <class Stream> void HttpSession<Stream>::do_read() {
    parser_.emplace();
    parser_->body_limit(context_->config.http_body_limit);
    parser_->header_limit(header_limit);
    beast::get_lowest_layer(stream_).expires_after(refused_ ? refused_request_timeout
                                                            : request_timeout);
    beast_http::async_read(
        stream_, buffer_, *parser_,
        [self = this->shared_from_this()](ErrorCode ec, std::size_t) { self->on_read(ec); });
}

template <class Stream> void HttpSession<Stream>::on_read(ErrorCode ec) {
    if (ec == beast_http::error::end_of_stream)
        return do_close();
    if (ec == beast_http::error::body_limit) {
        const http::Request& partial = parser_->get();
        auto response = http::error_response(partial, beast_http::status::payload_too_large,
                                             "body_too_large", "request body too large");
        response.keep_alive(false);
        return write(std::move(response));
    }
    if (ec &&
        ec.category() == beast_http::make_error_code(beast_http::error::bad_target).category()) {
        // A request Beast cannot parse (bad target, NUL, bad header): 400, then close.
        http::Request bad;
        bad.version(11);
        auto response = http::error_response(bad, beast_http::status::bad_request, "bad_request",
                                             "malformed HTTP request");
        response.keep_alive(false);
        return write(std::move(response));
    }
    if (ec)
        return log::debug("http read: " + ec.message());
    if (refused_)
        return refuse_request(parser_->release());
    if (beast::websocket::is_upgrade(parser_->get()))
        return upgrade();

    with_principal([this](CheckedPrincipal principal) {
        const http::Request& request = parser_->get();
        if (!principal)
            return write(http::error_response(
                request, beast_http::status::service_unavailable, "session_check_failed",
                "the server could not check your session; try again"));
        http::RequestInfo info{client_address(request), std::move(*principal),
                               std::is_same_v<Stream, TlsStream>};
        http::answer_request(*context_, request, info,
                             [self = this->shared_from_this()](http::AnyResponse response) {
                                 self->deliver(std::move(response));
                             });
    });
}

template <class Stream>
template <class Then>
void HttpSession<Stream>::with_principal(Then then) {
    const http::Request& request = parser_->get();
    if (!context_->authenticate || request.find(beast_http::field::cookie) == request.end())
        return then(CheckedPrincipal(std::shared_ptr<const auth::Principal>{}));
    if (!context_->session_checks)
        return then(principal_of(request));
    boost::asio::post(*context_->session_checks, [self = this->shared_from_this(),
                                                   then = std::move(then)]() mutable {
        auto principal = self->principal_of(self->parser_->get());
        boost::asio::post(self->stream_.get_executor(),
                          [self, principal = std::move(principal), then = std::move(then)]() mutable {
                              then(std::move(principal));
                          });
    });
}

// Beyond the caps: /healthz is answered as usual (a monitor must see the server alive when a
// client holds every connection it may), the rest gets the refusal; then the connection closes.
template <class Stream> void HttpSession<Stream>::refuse_request(http::Request request) {
    const auto target = request.target();
    const auto path = target.substr(0, std::min(target.find('?'), target.size()));
    request.keep_alive(false);
    if ((path == "/healthz" || path == "/health") && !beast::websocket::is_upgrade(request)) {
        http::RequestInfo info{client_address(request), nullptr, std::is_same_v<Stream, TlsStream>};
        return http::answer_request(*context_, request, info,
                                    [self = this->shared_from_this()](http::AnyResponse response) {
                                        self->deliver(std::move(response));
                                    });
    }
    auto response =
        *refused_ == SlotRefusal::ServerFull
            ? http::error_response(
                  request, beast_http::status::service_unavailable, "server_full",
                  "the server has as many connections as it allows; try again later")
            : http::error_response(
                  request, beast_http::status::service_unavailable, "too_many_connections",
                  "too many connections from your address; close some and try again");
    response.keep_alive(false);
    write(std::move(response));
}

template <class Stream> void HttpSession<Stream>::upgrade() {
    auto refuse = [this](beast_http::status status, const char* code, const char* message) {
        auto response = http::error_response(parser_->get(), status, code, message);
        response.keep_alive(false);
        write(std::move(response));
    };
    const http::Request& request = parser_->get();
    const auto target = request.target();
    const auto path = target.substr(0, std::min(target.find('?'), target.size()));
    if (path != "/ws")
        return refuse(beast_http::status::not_found, "not_found", "no such path");
    if (context_->stopping.load())
        return refuse(beast_http::status::service_unavailable, "shutting_down",
                      "server shutting down");
    if (!http::origin_allowed(request[beast_http::field::origin], request[beast_http::field::host],
                              context_->config.allowed_origins))
        return refuse(beast_http::status::forbidden, "bad_origin", "origin not allowed");
    // A trusted proxy's connection becomes one client's: it counts under that client's address
    // from now on (connection_registry.h); anyone else's slot is bound since its accept.
    std::string client = client_address(request);
    if (context_->registry.bind(*slot_, client, context_->config.max_connections_per_ip))
        return refuse(beast_http::status::service_unavailable, "too_many_connections",
                      "too many connections from your address; close some and try again");
    with_principal([this, refuse, address = std::move(client)](CheckedPrincipal principal) mutable {
        if (!principal)
            return refuse(beast_http::status::service_unavailable, "session_check_failed",
                          "the server could not check your session; try again");
        http::Request upgrading = parser_->release();
        PeerInfo peer{std::move(address), std::string(upgrading[beast_http::field::origin]),
                      std::move(*principal)};
        std::make_shared<WebSocketSession<Stream>>(std::move(stream_), context_, std::move(peer),
                                                   std::move(*slot_))
            ->run(std::move(upgrading));
    });
}

template <class Stream>
typename HttpSession<Stream>::CheckedPrincipal
HttpSession<Stream>::principal_of(const http::Request& request) {
    if (!context_->authenticate)
        return std::shared_ptr<const auth::Principal>{};
    try {
        return context_->authenticate(request);
    } catch (const std::exception& e) {
        log::error(std::string("http: the session check failed: ") + e.what());
        return std::nullopt;
    }
}

template <class Stream>
std::string HttpSession<Stream>::client_address(const http::Request& request) const {
    return http::client_address(remote_address_, request, context_->config.trusted_proxies);
}

template <class Stream> void HttpSession<Stream>::deliver(http::AnyResponse response) {
    boost::asio::post(stream_.get_executor(),
                      [self = this->shared_from_this(), r = std::move(response)]() mutable {
                          self->write(std::move(r));
                      });
}

template <class Stream> void HttpSession<Stream>::write(http::AnyResponse response) {
    std::visit(
        [this](auto& message) {
            using Message = std::decay_t<decltype(message)>;
            auto kept = std::make_shared<Message>(std::move(message));
            response_ = kept;
            const bool keep_alive = kept->keep_alive();
            beast_http::async_write(
                stream_, *kept,
                [self = this->shared_from_this(), keep_alive](ErrorCode ec, std::size_t) {
                    self->on_write(keep_alive, ec);
                });
        },
        response);
}

template <class Stream> void HttpSession<Stream>::on_write(bool keep_alive, ErrorCode ec) {
    response_.reset();
    if (ec)
        return log::debug("http write: " + ec.message());
    if (!keep_alive || refused_ || context_->stopping.load())
        return do_close();
    do_read();
}

template <class Stream> void HttpSession<Stream>::do_close() {
    if constexpr (std::is_same_v<Stream, TlsStream>) {
        beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(5));
        stream_.async_shutdown([self = this->shared_from_this()](ErrorCode) {});
    } else {
        ErrorCode ignored;
        stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
    }
}

template class HttpSession<PlainStream>;
template class HttpSession<TlsStream>;

} // namespace server::net
