#include "server/net/websocket_session.h"

#include "lobby/errors.h"
#include "server/log.h"
#include "server/net/request_id.h"
#include "server/protocol/envelope.h"
#include "server/version.h"

#include <algorithm>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>

namespace server::net {
namespace {

namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;

// Beast's own frame limit, far above the protocol limit: a frame between the two gets a
// message_too_large error and the connection lives on; past this Beast closes with 1009.
constexpr std::size_t hard_message_max = 1024 * 1024;

// What an idle connection keeps of the buffers a burst grew (see the header).
constexpr std::size_t kept_read_capacity = 4096; // a Beast read prepares 1536 at a time
constexpr std::size_t kept_queue_capacity = 16;

// The same for every connection: serialised once, shared by all.
const std::shared_ptr<const std::string>& hello_message() {
    static const auto hello = std::make_shared<const std::string>(protocol::make_hello(version()));
    return hello;
}

lobby::TimePoint wall_now() {
    return std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
}

} // namespace

template <class Stream>
WebSocketSession<Stream>::WebSocketSession(Stream&& stream, std::shared_ptr<ServerContext> context,
                                           PeerInfo peer, ConnectionSlot slot)
    : ws_(std::move(stream)), context_(std::move(context)), peer_(std::move(peer)),
      slot_(std::move(slot)), id_(context_->next_connection_id.fetch_add(1)),
      limiter_(context_->config, wall_now()), ping_timer_(ws_.get_executor()),
      idle_timer_(ws_.get_executor()) {
}

template <class Stream> void WebSocketSession<Stream>::configure() {
    beast::get_lowest_layer(ws_).expires_never(); // the WebSocket timeouts take over
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = std::chrono::seconds(10);
    // Beast restarts its idle timer only when a whole message is read, so a peer answering
    // every ping but sending nothing else would be dropped; our idle timer counts every frame.
    timeouts.idle_timeout = websocket::stream_base::none();
    timeouts.keep_alive_pings = false;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
        response.set(beast::http::field::server, "tabula");
    }));
    ws_.read_message_max(std::max(hard_message_max, context_->config.read_message_max + 1));
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view payload) {
        on_control_frame(kind, payload);
    });
}

template <class Stream> void WebSocketSession<Stream>::run(http::Request request) {
    configure();
    ws_.async_accept(request,
                     [self = this->shared_from_this()](ErrorCode ec) { self->on_accept(ec); });
}

template <class Stream> void WebSocketSession<Stream>::on_accept(ErrorCode ec) {
    if (ec)
        return fail(ec, "websocket accept");
    open_ = true;
    ws_.text(true);
    const std::shared_ptr<Connection> self = this->shared_from_this();
    context_->registry.add(self);
    log::debug("connection " + std::to_string(id_) + " opened from " + peer_.remote_address);
    enqueue(hello_message());
    context_->messages.open(self);
    if (context_->stopping.load())
        start_close(CloseCode::GoingAway, "server shutting down");
    last_heard_ = std::chrono::steady_clock::now();
    schedule_ping();
    schedule_idle_check();
    do_read();
}

template <class Stream> void WebSocketSession<Stream>::do_read() {
    ws_.async_read(buffer_, [self = this->shared_from_this()](ErrorCode ec, std::size_t bytes) {
        self->on_read(ec, bytes);
    });
}

template <class Stream> void WebSocketSession<Stream>::on_read(ErrorCode ec, std::size_t bytes) {
    if (ec) {
        fail(ec, "websocket read");
        return finish();
    }
    last_heard_ = std::chrono::steady_clock::now();
    if (!closing_) {
        const auto admission = limiter_.admit(bytes, wall_now());
        if (admission.error_code) {
            // The reply echoes the refused request's id, so a client matching replies by id
            // learns which request to send again.
            const auto id = ws_.got_text() ? peek_request_id(received_text()) : nullptr;
            enqueue(std::make_shared<const std::string>(
                protocol::make_error(id, *admission.error_code, admission.error_message)));
            if (admission.close)
                start_close(CloseCode::PolicyViolation, "too many refused messages");
        } else {
            handle_message();
        }
    }
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > kept_read_capacity)
        buffer_.shrink_to_fit(); // empty: frees the block a large message needed
    read_next();
}

template <class Stream> void WebSocketSession<Stream>::read_next() {
    const std::size_t pause_at = std::max<std::size_t>(context_->config.max_queued_messages / 2, 1);
    if (queue_.size() >= pause_at) {
        read_paused_ = true; // on_write reads again once the client has caught up
        return;
    }
    do_read();
}

template <class Stream> void WebSocketSession<Stream>::handle_message() {
    if (!ws_.got_text()) {
        enqueue(std::make_shared<const std::string>(protocol::make_error(
            nullptr, lobby::errc::bad_message, "binary frames are not supported")));
        return;
    }
    context_->messages.dispatch(this->shared_from_this(), received_text());
}

template <class Stream> std::string_view WebSocketSession<Stream>::received_text() const {
    const auto data = buffer_.cdata();
    return {static_cast<const char*>(data.data()), data.size()};
}

template <class Stream>
void WebSocketSession<Stream>::send(std::shared_ptr<const std::string> message) {
    // On the connection's own strand (a reply from a handler) this queues at once; from another
    // strand (a table's broadcast) it is posted.
    boost::asio::dispatch(ws_.get_executor(),
                          [self = this->shared_from_this(), m = std::move(message)]() mutable {
                              self->enqueue(std::move(m));
                          });
}

template <class Stream>
void WebSocketSession<Stream>::enqueue(std::shared_ptr<const std::string> message) {
    if (finished_ || closing_)
        return;
    // The burst of requests a client may send at once, answered on top of a queue that stopped
    // its reading, fits (the header says why reading pauses first).
    const auto burst = static_cast<std::size_t>(context_->config.burst);
    if (queue_.size() >= context_->config.max_queued_messages + burst) {
        // A client that cannot keep up is dropped; it resyncs when it reconnects.
        log::warn("connection " + std::to_string(id_) + " dropped: send queue full");
        closing_ = true;
        ErrorCode ignored;
        beast::get_lowest_layer(ws_).socket().close(ignored);
        return;
    }
    queue_.push_back(std::move(message));
    if (queue_.size() == 1)
        write_front(); // else a write is in flight; on_write continues
}

template <class Stream> void WebSocketSession<Stream>::write_front() {
    ws_.async_write(
        boost::asio::buffer(*queue_.front()),
        [self = this->shared_from_this()](ErrorCode ec, std::size_t) { self->on_write(ec); });
}

template <class Stream> void WebSocketSession<Stream>::on_write(ErrorCode ec) {
    if (ec) {
        queue_ = {};
        return fail(ec, "websocket write");
    }
    // Usually one or two messages are queued; at most max_queued_messages shared_ptrs move.
    queue_.erase(queue_.begin());
    if (read_paused_ && !closing_ && !finished_ &&
        queue_.size() <= context_->config.max_queued_messages / 4) {
        read_paused_ = false;
        do_read();
    }
    if (!queue_.empty())
        return write_front();
    if (queue_.capacity() > kept_queue_capacity)
        queue_ = {};
}

template <class Stream> void WebSocketSession<Stream>::close(CloseCode code, std::string reason) {
    boost::asio::post(ws_.get_executor(),
                      [self = this->shared_from_this(), code, r = std::move(reason)]() mutable {
                          self->start_close(code, std::move(r));
                      });
}

template <class Stream>
void WebSocketSession<Stream>::start_close(CloseCode code, std::string reason) {
    if (!open_ || closing_ || finished_)
        return;
    closing_ = true;
    ping_timer_.cancel();
    idle_timer_.cancel(); // the close handshake has its own timeout (handshake_timeout)
    const websocket::close_reason why(static_cast<websocket::close_code>(code), reason);
    ws_.async_close(why, [self = this->shared_from_this()](ErrorCode ec) {
        if (ec)
            self->fail(ec, "websocket close");
    });
}

template <class Stream> void WebSocketSession<Stream>::schedule_ping() {
    ping_timer_.expires_after(context_->config.ping_interval);
    ping_timer_.async_wait(
        [self = this->shared_from_this()](ErrorCode ec) { self->on_ping_timer(ec); });
}

template <class Stream> void WebSocketSession<Stream>::on_ping_timer(ErrorCode ec) {
    if (ec || closing_ || finished_)
        return;
    if (!ping_in_flight_) {
        ping_in_flight_ = true;
        ping_payload_ = std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
        ping_sent_ = std::chrono::steady_clock::now();
        ws_.async_ping(websocket::ping_data(ping_payload_.c_str()),
                       [self = this->shared_from_this()](ErrorCode ping_ec) {
                           self->ping_in_flight_ = false;
                           if (ping_ec)
                               self->fail(ping_ec, "websocket ping");
                       });
    }
    schedule_ping();
}

template <class Stream> void WebSocketSession<Stream>::schedule_idle_check() {
    idle_timer_.expires_at(last_heard_ + 3 * context_->config.ping_interval);
    idle_timer_.async_wait(
        [self = this->shared_from_this()](ErrorCode ec) { self->on_idle_timer(ec); });
}

template <class Stream> void WebSocketSession<Stream>::on_idle_timer(ErrorCode ec) {
    if (ec || closing_ || finished_)
        return;
    if (std::chrono::steady_clock::now() < last_heard_ + 3 * context_->config.ping_interval)
        return schedule_idle_check(); // the peer spoke since: wait from its last frame
    // Not even a pong for three pings: the peer is gone; a close handshake would wait too.
    log::debug("connection " + std::to_string(id_) + " dropped: silent for three pings");
    closing_ = true;
    ping_timer_.cancel();
    ErrorCode ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
}

template <class Stream>
void WebSocketSession<Stream>::on_control_frame(websocket::frame_type kind,
                                                beast::string_view payload) {
    last_heard_ = std::chrono::steady_clock::now(); // a pong (or ping, close) is a sign of life
    if (kind != websocket::frame_type::pong || payload != ping_payload_)
        return;
    const auto elapsed = std::chrono::steady_clock::now() - ping_sent_;
    round_trip_us_.store(std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count());
}

template <class Stream>
std::optional<std::chrono::microseconds> WebSocketSession<Stream>::round_trip() const {
    const auto us = round_trip_us_.load();
    if (us < 0)
        return std::nullopt;
    return std::chrono::microseconds(us);
}

template <class Stream>
std::shared_ptr<const auth::Principal> WebSocketSession<Stream>::principal() const {
    const std::lock_guard lock(principal_mutex_);
    return peer_.principal;
}

template <class Stream>
void WebSocketSession<Stream>::set_principal(std::shared_ptr<const auth::Principal> principal) {
    const std::lock_guard lock(principal_mutex_);
    peer_.principal = std::move(principal);
}

template <class Stream> void WebSocketSession<Stream>::finish() {
    if (finished_)
        return;
    finished_ = true;
    ping_timer_.cancel();
    idle_timer_.cancel();
    if (!open_)
        return;
    const std::shared_ptr<Connection> self = this->shared_from_this();
    context_->messages.close(self);
    context_->registry.remove(id_);
    log::debug("connection " + std::to_string(id_) + " closed");
}

template <class Stream> void WebSocketSession<Stream>::fail(ErrorCode ec, const char* what) {
    if (ec == boost::asio::error::operation_aborted || ec == websocket::error::closed)
        return;
    log::debug(std::string(what) + ": " + ec.message() + " (connection " + std::to_string(id_) +
               ")");
}

template class WebSocketSession<PlainStream>;
template class WebSocketSession<TlsStream>;

} // namespace server::net
