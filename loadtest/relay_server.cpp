#include "loadtest/relay_server.h"

#include "loadtest/loopback_acceptor.h"
#include "loadtest/relay_store.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/websocket/stream.hpp>

namespace loadtest {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

using Frame = std::shared_ptr<const std::string>;

// The pair a WebSocket target names: "/pair/<n>", n >= 0.
std::optional<std::int64_t> pair_of(std::string_view target) {
    constexpr std::string_view prefix = "/pair/";
    if (target.substr(0, prefix.size()) != prefix)
        return std::nullopt;
    target.remove_prefix(prefix.size());
    std::int64_t pair = 0;
    const auto [end, ec] = std::from_chars(target.data(), target.data() + target.size(), pair);
    if (ec != std::errc{} || end != target.data() + target.size() || pair < 0)
        return std::nullopt;
    return pair;
}

class RelaySession;

} // namespace

// Everything the sessions share, on the io_context's one thread; the store's answers are
// posted to it.
struct RelayHub : std::enable_shared_from_this<RelayHub> {
    struct Pair {
        std::array<std::weak_ptr<RelaySession>, 2> sides;
        std::int64_t ply = 0;
        std::int64_t in_flight = 0; // received, not yet sent on
    };

    asio::io_context& io;
    std::unique_ptr<RelayStore> store;
    std::unordered_map<std::int64_t, Pair> pairs;
    std::shared_ptr<LoopbackAcceptor> acceptor;
    std::int64_t most_in_flight = 0;

    explicit RelayHub(asio::io_context& context) : io(context) {}

    // Seats the session in its pair; false when both sides are taken.
    bool join(std::int64_t pair, const std::shared_ptr<RelaySession>& session);
    // A session of `pair` has gone (called from its destructor).
    void leave(std::int64_t pair);
    // A frame from one side of `pair`: to both sides, once durable when there is a store.
    void relay(std::int64_t pair, Frame frame);
    void deliver(std::int64_t pair, const Frame& frame);
    void send_on(Pair& seated, const Frame& frame);
};

namespace {

// One connection: the upgrade (whose target names the pair), then frames in, frames out.
class RelaySession : public std::enable_shared_from_this<RelaySession> {
public:
    RelaySession(tcp::socket socket, std::shared_ptr<RelayHub> hub)
        : ws_(std::move(socket)), hub_(std::move(hub)) {}

    ~RelaySession() {
        if (pair_)
            hub_->leave(*pair_);
    }

    void start() {
        ws_.next_layer().socket().set_option(tcp::no_delay(true));
        http::async_read(ws_.next_layer(), buffer_, upgrade_,
                         [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
                             if (!ec)
                                 self->accept();
                         });
    }

    void send(Frame frame) {
        queue_.push_back(std::move(frame));
        if (queue_.size() == 1)
            write_front();
    }

private:
    websocket::stream<beast::tcp_stream> ws_;
    std::shared_ptr<RelayHub> hub_;
    beast::flat_buffer buffer_;
    http::request<http::empty_body> upgrade_;
    std::optional<std::int64_t> pair_;
    std::deque<Frame> queue_;
    bool open_ = false;

    void accept() {
        const auto pair = pair_of(upgrade_.target());
        if (!pair || !hub_->join(*pair, shared_from_this()))
            return; // not a pair's target, or the pair is full: the connection just closes
        pair_ = pair;
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.async_accept(upgrade_, [self = shared_from_this()](const beast::error_code& ec) {
            if (ec)
                return;
            self->open_ = true;
            self->ws_.text(true);
            self->read();
            if (!self->queue_.empty())
                self->write_front();
        });
    }

    void read() {
        ws_.async_read(buffer_,
                       [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
                           if (ec)
                               return;
                           auto frame = std::make_shared<const std::string>(
                               beast::buffers_to_string(self->buffer_.cdata()));
                           self->buffer_.consume(self->buffer_.size());
                           self->read();
                           self->hub_->relay(*self->pair_, std::move(frame));
                       });
    }

    void write_front() {
        if (!open_)
            return;
        ws_.async_write(asio::buffer(*queue_.front()),
                        [self = shared_from_this()](const beast::error_code& ec, std::size_t) {
                            if (ec)
                                return;
                            self->queue_.pop_front();
                            if (!self->queue_.empty())
                                self->write_front();
                        });
    }
};

} // namespace

bool RelayHub::join(std::int64_t pair, const std::shared_ptr<RelaySession>& session) {
    for (auto& side : pairs[pair].sides)
        if (side.expired()) {
            side = session;
            return true;
        }
    return false;
}

void RelayHub::leave(std::int64_t pair) {
    const auto found = pairs.find(pair);
    if (found == pairs.end())
        return;
    // The leaving session's own weak pointer has expired already; an expired side is free
    // (join), so the pair goes only when neither side is left.
    const auto& sides = found->second.sides;
    if (std::all_of(sides.begin(), sides.end(), [](const auto& side) { return side.expired(); }))
        pairs.erase(found);
}

void RelayHub::relay(std::int64_t pair, Frame frame) {
    auto& seated = pairs[pair];
    most_in_flight = std::max(most_in_flight, ++seated.in_flight);
    if (!store)
        return send_on(seated, frame);
    auto text = frame;
    store->store(pair, ++seated.ply, std::move(text),
                 [hub = shared_from_this(), pair, frame = std::move(frame)](bool stored) {
                     if (stored)
                         asio::post(hub->io, [hub, pair, frame] { hub->deliver(pair, frame); });
                 });
}

void RelayHub::deliver(std::int64_t pair, const Frame& frame) {
    const auto found = pairs.find(pair);
    if (found != pairs.end())
        send_on(found->second, frame);
}

void RelayHub::send_on(Pair& seated, const Frame& frame) {
    --seated.in_flight;
    for (const auto& side : seated.sides)
        if (auto session = side.lock())
            session->send(frame);
}

RelayServer::RelayServer(asio::io_context& io, std::uint16_t port,
                         const std::optional<std::filesystem::path>& store_file)
    : hub_(std::make_shared<RelayHub>(io)) {
    if (store_file)
        hub_->store = std::make_unique<RelayStore>(*store_file);
    hub_->acceptor = std::make_shared<LoopbackAcceptor>(
        io, port, [hub = std::weak_ptr<RelayHub>(hub_)](tcp::socket socket) {
            if (auto alive = hub.lock())
                std::make_shared<RelaySession>(std::move(socket), alive)->start();
        });
    hub_->acceptor->start();
}

RelayServer::~RelayServer() {
    stop();
    // Commits what is queued and joins the writer; its last answers are posted to the
    // io_context, which outlives this server.
    hub_->store.reset();
}

std::uint16_t RelayServer::port() const {
    return hub_->acceptor->port();
}

void RelayServer::stop() {
    hub_->acceptor->close();
}

std::uint64_t RelayServer::stored_frames() const {
    return hub_->store ? hub_->store->committed_rows() : 0;
}

std::uint64_t RelayServer::commits() const {
    return hub_->store ? hub_->store->commits() : 0;
}

std::int64_t RelayServer::most_frames_in_flight() const {
    return hub_->most_in_flight;
}

} // namespace loadtest
