#pragma once
// EXTENSION POINT: what the server calls for WebSocket events (the lobby, chat, accounts ...).
//
// Register handlers before App::start() with App::add_message_handler(). For each incoming
// message the server first answers the built-in types (ping), then offers the envelope to the
// handlers in registration order until one returns true (a plain move is offered first as its
// typed request, on_request); if none does, the client gets an `unknown_type` error.
// Malformed, oversized and rate-limited messages never reach a handler.
//
// Threads: all three calls for one connection run on that connection's strand, one at a time,
// in order (on_open, on_message..., on_close). Calls for different connections run
// concurrently. A handler must not block: post work to its own strand (the lobby's, a table's)
// and reply later with conn->send(). Exceptions escaping a handler are logged and answered with
// `internal_error`; do not rely on that.

#include "server/net/connection.h"
#include "server/protocol/envelope.h"
#include "server/protocol/requests.h"

#include <memory>

namespace server::net {

class MessageHandler {
public:
    virtual ~MessageHandler() = default;

    // After the hello was queued.
    virtual void on_open(const std::shared_ptr<Connection>& /*conn*/) {}
    // True when the handler owns message.type (it answered or will answer, errors included).
    virtual bool on_message(const std::shared_ptr<Connection>& conn,
                            const protocol::Envelope& message) = 0;
    // A plain `move` the dispatcher read straight into its typed request
    // (protocol/plain_move.h), offered before any envelope is built: true when the handler took
    // it. When no handler does, the same text comes to on_message as an envelope.
    virtual bool on_request(const std::shared_ptr<Connection>& /*conn*/,
                            protocol::Request& /*request*/) {
        return false;
    }
    // Once, when the connection has ended for any reason.
    virtual void on_close(const std::shared_ptr<Connection>& /*conn*/) {}
    // A burst of load has passed (server/app/memory_return.h): give back what it grew and no
    // longer needs (caches, containers sized for the peak). On an I/O thread, any strand; post
    // to your own. The freed memory goes back to the system about a second later.
    virtual void on_load_gone() {}
};

} // namespace server::net
