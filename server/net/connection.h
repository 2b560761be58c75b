#pragma once
// EXTENSION POINT: one live WebSocket connection, as the lobby and accounts see it.
//
// The server creates one per accepted /ws upgrade (websocket_session.h implements it) and hands
// it to every registered MessageHandler (message_handler.h). All members are safe to call from
// any thread: send() and close() hand over to the connection's strand and return at once
// (send() from that strand itself queues the message directly, without a post).
//
//   conn->send(std::make_shared<const std::string>(R"({"t":"table","code":"K7QF"})"));
//   conn->close(CloseCode::PolicyViolation, "banned");
//
// A broadcast serializes once and shares the same shared_ptr among all connections. A
// connection whose outgoing queue exceeds max_queued_messages is dropped (the client resyncs
// when it reconnects); send() never blocks.

#include "server/auth/principal.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace server::net {

using ConnectionId = std::uint64_t; // unique per process run, never reused

// WebSocket close codes the server uses (RFC 6455 section 7.4.1).
enum class CloseCode : std::uint16_t {
    Normal = 1000,
    GoingAway = 1001,       // server shutting down
    PolicyViolation = 1008, // sustained abuse (rate limit, oversized messages)
    TooBig = 1009,
    ServiceRestart = 1012, // this node stops serving (a cluster node fenced): reconnect
};

class Connection {
public:
    virtual ~Connection() = default;

    virtual ConnectionId id() const = 0;
    // Queues one text frame. Any thread; never blocks.
    virtual void send(std::shared_ptr<const std::string> message) = 0;
    // Sends a close frame with `code` and `reason`, then ends the connection. Any thread.
    virtual void close(CloseCode code, std::string reason) = 0;
    // The peer's IP address as text ("127.0.0.1", "::1").
    virtual const std::string& remote_address() const = 0;
    // The Origin header of the upgrade request; empty if the client sent none.
    virtual const std::string& origin() const = 0;
    // The latest round trip of a WebSocket ping/pong control frame; nothing before the first
    // pong. Pings go out every ping_interval_seconds.
    virtual std::optional<std::chrono::microseconds> round_trip() const = 0;
    // Who is connected (server/auth/principal.h); nullptr for an anonymous connection.
    virtual std::shared_ptr<const auth::Principal> principal() const = 0;
    virtual void set_principal(std::shared_ptr<const auth::Principal> principal) = 0;

    // The message handler's own state for this connection (server/play keeps the tables the
    // connection entered there): set in on_open, read in on_message and on_close, all on the
    // connection's strand.
    std::shared_ptr<void> handler_state;
};

} // namespace server::net
