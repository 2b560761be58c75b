#include "tests/server/ws_test_client.h"

#include <utility>
#include <variant>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

namespace test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;

using PlainWs = websocket::stream<beast::tcp_stream>;
using TlsWs = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;

struct WsTestClient::Impl {
    asio::io_context io;
    asio::ssl::context tls_context{asio::ssl::context::tls_client};
    std::variant<std::unique_ptr<PlainWs>, std::unique_ptr<TlsWs>> ws;
    beast::flat_buffer buffer;
    std::chrono::milliseconds timeout{};
    bool open = false;
    std::optional<std::uint16_t> close_code;

    // A read stays pending across read_text() calls that time out, so the client keeps
    // answering the server's pings while it waits; its result lands here.
    bool read_pending = false;
    bool read_done = false;
    beast::error_code read_error;

    // Runs the io_context until `finished()` or the deadline. Handlers call io.stop() so that
    // a completed operation returns at once even while other operations stay pending.
    template <class Finished>
    bool run_until(Finished finished, std::chrono::steady_clock::time_point deadline) {
        while (!finished()) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline)
                return false;
            io.restart();
            io.run_for(deadline - now);
        }
        return true;
    }

    // Starts an operation through `start(handler)` and runs until its handler ran or the
    // deadline passed (then the socket is closed). True when it completed in time.
    template <class Start> bool run(Start start, std::chrono::milliseconds limit) {
        auto done = std::make_shared<bool>(false);
        start([this, done] {
            *done = true;
            io.stop();
        });
        if (run_until([&] { return *done; }, std::chrono::steady_clock::now() + limit))
            return true;
        std::visit([](auto& s) { beast::get_lowest_layer(*s).close(); }, ws);
        open = false;
        run_until([&] { return *done; },
                  std::chrono::steady_clock::now() + std::chrono::seconds(1));
        return false;
    }

    template <class Ws> void connect(Ws& stream, const WsOptions& options);
};

template <class Ws> void WsTestClient::Impl::connect(Ws& stream, const WsOptions& options) {
    const asio::ip::tcp::endpoint endpoint{asio::ip::make_address("127.0.0.1"), options.port};
    beast::error_code ec;
    if (!options.from.empty()) {
        // Another loopback address (127.0.0.2): a second client address on one machine.
        auto& socket = beast::get_lowest_layer(stream).socket();
        socket.open(asio::ip::tcp::v4());
        socket.bind({asio::ip::make_address(options.from), 0});
    }
    auto finish = [&ec](auto done) {
        return [&ec, done](beast::error_code e, auto&&...) {
            ec = e;
            done();
        };
    };
    if (!run(
            [&](auto done) {
                beast::get_lowest_layer(stream).async_connect(endpoint, finish(done));
            },
            timeout) ||
        ec)
        throw std::runtime_error("connect failed: " + ec.message());
    if constexpr (std::is_same_v<Ws, TlsWs>) {
        if (!run(
                [&](auto done) {
                    stream.next_layer().async_handshake(asio::ssl::stream_base::client,
                                                        finish(done));
                },
                timeout) ||
            ec)
            throw std::runtime_error("TLS handshake failed: " + ec.message());
    }
    stream.set_option(websocket::stream_base::decorator(
        [origin = options.origin, cookie = options.cookie,
         extra = options.extra_headers](websocket::request_type& request) {
            if (!origin.empty())
                request.set(beast::http::field::origin, origin);
            if (!cookie.empty())
                request.set(beast::http::field::cookie, cookie);
            for (const auto& [name, value] : extra)
                request.insert(name, value);
        }));
    websocket::response_type response;
    const std::string host = "127.0.0.1:" + std::to_string(options.port);
    if (!run(
            [&](auto done) {
                stream.async_handshake(response, host, options.target, finish(done));
            },
            timeout))
        throw std::runtime_error("WebSocket handshake timed out");
    if (ec == websocket::error::upgrade_declined)
        throw UpgradeRefused(static_cast<int>(response.result_int()));
    if (ec)
        throw std::runtime_error("WebSocket handshake failed: " + ec.message());
    open = true;
}

WsTestClient::WsTestClient(const WsOptions& options) : impl_(std::make_unique<Impl>()) {
    impl_->timeout = options.timeout;
    if (options.tls) {
        if (options.ca_file.empty()) {
            impl_->tls_context.set_verify_mode(asio::ssl::verify_none);
        } else {
            impl_->tls_context.load_verify_file(options.ca_file);
            impl_->tls_context.set_verify_mode(asio::ssl::verify_peer);
        }
        auto stream = std::make_unique<TlsWs>(impl_->io, impl_->tls_context);
        impl_->connect(*stream, options);
        impl_->ws = std::move(stream);
    } else {
        auto stream = std::make_unique<PlainWs>(impl_->io);
        impl_->connect(*stream, options);
        impl_->ws = std::move(stream);
    }
}

WsTestClient::~WsTestClient() {
    std::visit(
        [](auto& s) {
            if (s)
                beast::get_lowest_layer(*s).close();
        },
        impl_->ws);
}

void WsTestClient::send_text(std::string_view text) {
    std::visit(
        [&](auto& s) {
            s->text(true);
            beast::error_code ec;
            const bool ok = impl_->run(
                [&](auto done) {
                    s->async_write(asio::buffer(text),
                                   [&ec, done](beast::error_code e, std::size_t) {
                                       ec = e;
                                       done();
                                   });
                },
                impl_->timeout);
            if (!ok || ec)
                throw std::runtime_error("send failed: " + ec.message());
        },
        impl_->ws);
}

void WsTestClient::send_binary(std::string_view data) {
    std::visit(
        [&](auto& s) {
            s->binary(true);
            beast::error_code ec;
            const bool ok = impl_->run(
                [&](auto done) {
                    s->async_write(asio::buffer(data),
                                   [&ec, done](beast::error_code e, std::size_t) {
                                       ec = e;
                                       done();
                                   });
                },
                impl_->timeout);
            s->text(true);
            if (!ok || ec)
                throw std::runtime_error("send failed: " + ec.message());
        },
        impl_->ws);
}

std::optional<std::string> WsTestClient::read_text() {
    return read_text(impl_->timeout);
}

std::optional<std::string> WsTestClient::read_text(std::chrono::milliseconds timeout) {
    Impl& impl = *impl_;
    if (!impl.open)
        return std::nullopt;
    if (!impl.read_pending) {
        impl.read_pending = true;
        impl.read_done = false;
        impl.buffer.clear();
        std::visit(
            [&impl](auto& s) {
                s->async_read(impl.buffer, [&impl](beast::error_code ec, std::size_t) {
                    impl.read_pending = false;
                    impl.read_done = true;
                    impl.read_error = ec;
                    impl.io.stop();
                });
            },
            impl.ws);
    }
    if (!impl.run_until([&impl] { return impl.read_done; },
                        std::chrono::steady_clock::now() + timeout))
        return std::nullopt; // still pending: the next call picks it up
    impl.read_done = false;
    if (impl.read_error) {
        impl.open = false;
        if (impl.read_error == websocket::error::closed)
            std::visit([&impl](auto& s) { impl.close_code = s->reason().code; }, impl.ws);
        return std::nullopt;
    }
    auto text = beast::buffers_to_string(impl.buffer.data());
    impl.buffer.clear();
    return text;
}

nlohmann::json WsTestClient::read_json() {
    const auto text = read_text();
    if (!text)
        throw std::runtime_error("no message arrived");
    return nlohmann::json::parse(*text);
}

std::optional<std::uint16_t> WsTestClient::wait_for_close(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (impl_->open) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            return std::nullopt;
        (void)read_text(left);
    }
    return impl_->close_code;
}

bool WsTestClient::is_open() const {
    return impl_->open;
}

std::string WsTestClient::tls_version() const {
    if (const auto* tls = std::get_if<std::unique_ptr<TlsWs>>(&impl_->ws))
        return SSL_get_version((*tls)->next_layer().native_handle());
    return {};
}

} // namespace test
