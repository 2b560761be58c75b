#include "server/net/message_dispatcher.h"

#include "lobby/errors.h"
#include "server/log.h"
#include "server/protocol/plain_move.h"

#include <exception>

namespace server::net {

void answer_handler_failure(const std::shared_ptr<Connection>& conn, std::string_view type,
                            const protocol::json& id, const std::exception& e) {
    log::error("message handler for \"" + std::string(type) + "\" threw: " + e.what());
    conn->send(shared_text(protocol::make_error(id, lobby::errc::internal_error,
                                                "the server failed on this message")));
}

void MessageDispatcher::add(std::shared_ptr<MessageHandler> handler) {
    handlers_.push_back(std::move(handler));
}

void MessageDispatcher::load_gone() const {
    for (const auto& handler : handlers_)
        handler->on_load_gone();
}

void MessageDispatcher::open(const std::shared_ptr<Connection>& conn) const {
    for (const auto& handler : handlers_) {
        try {
            handler->on_open(conn);
        } catch (const std::exception& e) {
            log::error(std::string("message handler on_open threw: ") + e.what());
        }
    }
}

void MessageDispatcher::close(const std::shared_ptr<Connection>& conn) const {
    for (const auto& handler : handlers_) {
        try {
            handler->on_close(conn);
        } catch (const std::exception& e) {
            log::error(std::string("message handler on_close threw: ") + e.what());
        }
    }
}

bool MessageDispatcher::offer(const std::shared_ptr<Connection>& conn,
                              const protocol::Envelope& message) const {
    for (const auto& handler : handlers_)
        if (handler->on_message(conn, message))
            return true;
    return false;
}

bool MessageDispatcher::offer_plain_move(const std::shared_ptr<Connection>& conn,
                                         std::string_view text) const {
    auto move = protocol::read_plain_move(text);
    if (!move)
        return false;
    const auto id = move->id; // a handler may take the request before it throws
    try {
        for (const auto& handler : handlers_)
            if (handler->on_request(conn, *move))
                return true;
    } catch (const std::exception& e) {
        answer_handler_failure(conn, "move", id, e);
        return true;
    }
    return false;
}

void MessageDispatcher::dispatch(const std::shared_ptr<Connection>& conn,
                                 std::string_view text) const {
    // A plain move needs no envelope (protocol/plain_move.h); anything else, or a move no
    // handler takes that way, is read as one.
    if (offer_plain_move(conn, text))
        return;
    auto parsed = protocol::parse_envelope(text);
    if (auto* error = std::get_if<protocol::ProtocolError>(&parsed)) {
        conn->send(shared_text(protocol::make_error(*error)));
        return;
    }
    const auto& message = std::get<protocol::Envelope>(parsed);
    if (message.type == "ping") {
        conn->send(shared_text(protocol::make_pong(message.id)));
        return;
    }
    try {
        if (offer(conn, message))
            return;
    } catch (const std::exception& e) {
        answer_handler_failure(conn, message.type, message.id, e);
        return;
    }
    conn->send(shared_text(protocol::make_error(message.id, lobby::errc::unknown_type,
                                                "unknown message type \"" + message.type + "\"")));
}

} // namespace server::net
