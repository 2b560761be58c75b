#pragma once
// Routes one accepted WebSocket text message: offers a plain move as its typed request
// (protocol/plain_move.h), else parses the envelope, answers the built-in types
// (ping -> pong), offers the rest to the registered MessageHandlers in order, and replies with
// an `error` for anything malformed or unhandled. Never closes the connection. No sockets here,
// so it is tested with a fake Connection.

#include "server/net/message_handler.h"

#include <exception>
#include <memory>
#include <string_view>
#include <vector>

namespace server::net {

class MessageDispatcher {
public:
    // Before the server starts only; not thread-safe against dispatch.
    void add(std::shared_ptr<MessageHandler> handler);

    void open(const std::shared_ptr<Connection>& conn) const;
    void dispatch(const std::shared_ptr<Connection>& conn, std::string_view text) const;
    void close(const std::shared_ptr<Connection>& conn) const;
    // MessageHandler::on_load_gone of every handler.
    void load_gone() const;

private:
    std::vector<std::shared_ptr<MessageHandler>> handlers_;

    bool offer(const std::shared_ptr<Connection>& conn, const protocol::Envelope& message) const;
    bool offer_plain_move(const std::shared_ptr<Connection>& conn, std::string_view text) const;
};

// Wraps a serialized message for Connection::send.
inline std::shared_ptr<const std::string> shared_text(std::string text) {
    return std::make_shared<const std::string>(std::move(text));
}

// A handler threw on a message, during dispatch or later on a strand it posted the message
// to: logged, and the client told that this message failed (`internal_error` with its id; the
// connection stays open).
void answer_handler_failure(const std::shared_ptr<Connection>& conn, std::string_view type,
                            const protocol::json& id, const std::exception& e);

} // namespace server::net
