#pragma once
// One WebSocket connection after the upgrade: the Connection the lobby sees.
//
// It owns the stream, the read buffer and a bounded send queue (STYLE.md section 4). Every
// member function runs on the connection's strand; send() and close() get there from any
// thread (send() on the strand itself queues at once). Incoming messages pass the MessageLimiter
// (rate and size), then go to the MessageDispatcher. A WebSocket ping every ping_interval keeps the
// connection alive and measures the round trip (read by Connection::round_trip()). A peer from
// which nothing at all arrives (no message and no control frame, pongs included) for three ping
// intervals is dropped; Beast's own idle timeout is off, because it restarts only on whole
// messages.
//
// Reading follows writing (issue 34, "Every connection counted"): once half of
// max_queued_messages wait to be sent, the connection stops reading (its requests stay in the
// socket's buffers and TCP slows the client down) until the queue is down to a quarter, so a
// client that sends a burst (up to `burst` messages at once) faster than it reads the answers is
// slowed, not dropped. A connection is dropped (without a close frame) only when its queue
// reaches max_queued_messages + burst: messages pushed to it (a table's events, answers from a
// table's strand to requests it already read) that it does not read.
//
// Memory (issue 11, an idle socket <= 8 KB): the send queue is a vector, which holds nothing
// while empty (a std::deque keeps a 512-byte block from its construction); a read buffer that a
// large message grew past `kept_read_capacity` is released after that message, and a send queue
// that grew past `kept_queue_capacity` once it has drained.

#include "lobby/time.h"
#include "server/http/http_types.h"
#include "server/net/connection.h"
#include "server/net/connection_registry.h"
#include "server/net/message_limiter.h"
#include "server/net/server_context.h"
#include "server/net/stream_types.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/stream.hpp>

namespace server::net {

// What the HTTP session learned about the peer before the upgrade.
struct PeerInfo {
    std::string remote_address;
    std::string origin;
    std::shared_ptr<const auth::Principal> principal;
};

template <class Stream>
class WebSocketSession final : public Connection,
                               public std::enable_shared_from_this<WebSocketSession<Stream>> {
public:
    // `slot` is this connection's place under the connection caps, held until it ends.
    WebSocketSession(Stream&& stream, std::shared_ptr<ServerContext> context, PeerInfo peer,
                     ConnectionSlot slot);

    // Completes the upgrade answering `request`, then starts reading.
    void run(http::Request request);

    ConnectionId id() const override { return id_; }
    void send(std::shared_ptr<const std::string> message) override;
    void close(CloseCode code, std::string reason) override;
    const std::string& remote_address() const override { return peer_.remote_address; }
    const std::string& origin() const override { return peer_.origin; }
    std::optional<std::chrono::microseconds> round_trip() const override;
    std::shared_ptr<const auth::Principal> principal() const override;
    void set_principal(std::shared_ptr<const auth::Principal> principal) override;

private:
    using WebSocket = boost::beast::websocket::stream<Stream>;
    using ErrorCode = boost::beast::error_code;

    WebSocket ws_;
    boost::beast::flat_buffer buffer_;
    std::vector<std::shared_ptr<const std::string>> queue_; // front: the write in flight
    std::shared_ptr<ServerContext> context_;
    PeerInfo peer_;
    ConnectionSlot slot_; // after context_: given back to its registry before context_ goes
    mutable std::mutex principal_mutex_;
    ConnectionId id_;
    MessageLimiter limiter_;
    boost::asio::steady_timer ping_timer_;
    boost::asio::steady_timer idle_timer_;
    std::chrono::steady_clock::time_point last_heard_; // any frame from the peer
    std::string ping_payload_;
    std::chrono::steady_clock::time_point ping_sent_;
    std::atomic<std::int64_t> round_trip_us_{-1};
    bool ping_in_flight_ = false;
    bool read_paused_ = false; // no read in flight: the send queue is too long
    bool open_ = false;
    bool closing_ = false;
    bool finished_ = false;

    void configure();
    void on_accept(ErrorCode ec);
    void do_read();
    // After a message: the next read, or a pause while the send queue is long.
    void read_next();
    void on_read(ErrorCode ec, std::size_t bytes);
    void handle_message();
    std::string_view received_text() const; // the message in buffer_
    void enqueue(std::shared_ptr<const std::string> message);
    void write_front();
    void on_write(ErrorCode ec);
    void start_close(CloseCode code, std::string reason);
    void schedule_ping();
    void on_ping_timer(ErrorCode ec);
    void schedule_idle_check();
    void on_idle_timer(ErrorCode ec);
    void on_control_frame(boost::beast::websocket::frame_type kind,
                          boost::beast::string_view payload);
    void finish();
    void fail(ErrorCode ec, const char* what);
};

extern template class WebSocketSession<PlainStream>;
extern template class WebSocketSession<TlsStream>;

} // namespace server::net
