#pragma once
// What a live table (live_table.h) sends, and to whom: pure, no strand, timer or storage, so
// that its order rules are tested on their own (tests/server/play/table_outbox_test.cpp).
//
// - The audience: the connections that receive the table's events, each with the player it
//   speaks for (a seat's player or a spectator). A player may have several connections.
// - The outbox: everything to send, in the order things happened. An item goes to the whole
//   audience (a table event) or to one connection (a reply). flush() sends the items at the
//   front that are ready and stops at the first that is not: a move's event waits there until
//   its write is on disk, and everything queued after it waits behind it.
// - A move's event has a second text for its mover (the same event with its request's id, the
//   answer to the move): the mover's connection gets that one instead, and gets it even when it
//   is not in the audience (a seat moving from a connection not resynced yet).

#include "lobby/player.h"
#include "server/net/connection.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace server::play {

struct Outgoing {
    std::shared_ptr<const std::string> text;
    std::shared_ptr<net::Connection> to; // null: the whole audience
    bool ready = true;
    std::uint64_t version = 0; // a table event's, 0 for a reply
    // A move event's mover (null: none, or the computer) gets `mover_text` instead of `text`.
    std::shared_ptr<net::Connection> mover = nullptr;
    std::shared_ptr<const std::string> mover_text = nullptr;
};

using OutgoingPtr = std::shared_ptr<Outgoing>;

class Audience {
public:
    void add(const std::shared_ptr<net::Connection>& conn, const lobby::PlayerId& player) {
        members_[conn->id()] = Member{conn, player};
    }
    // Removes the connection; answers the player it spoke for (nullopt: it was not here).
    std::optional<lobby::PlayerId> remove(net::ConnectionId id);
    bool contains(net::ConnectionId id) const { return members_.contains(id); }
    bool has_connection_of(const lobby::PlayerId& player) const;
    bool empty() const { return members_.empty(); }
    // Sends `item`: its mover's copy to its mover, the text to everyone else.
    void send(const Outgoing& item) const;
    void send_all(const std::shared_ptr<const std::string>& text) const;

private:
    struct Member {
        std::shared_ptr<net::Connection> conn;
        lobby::PlayerId player;
    };
    std::map<net::ConnectionId, Member> members_;
};

class TableOutbox {
public:
    // A table event of `version`, ready to go or waiting for storage.
    OutgoingPtr queue_event(std::shared_ptr<const std::string> text, bool ready,
                            std::uint64_t version);
    // A reply to one connection, after everything queued.
    void queue_reply(const std::shared_ptr<net::Connection>& conn,
                     std::shared_ptr<const std::string> text);
    // The outbox's length now; reply_before(mark, ...) queues a reply ahead of whatever was
    // queued since (live_table.h says when that is wanted).
    std::size_t mark() const { return items_.size(); }
    void reply_before(std::size_t mark, const std::shared_ptr<net::Connection>& conn,
                      std::shared_ptr<const std::string> text);
    // The queued table event of `version` (null when it is not in the outbox).
    OutgoingPtr queued_event(std::uint64_t version) const;
    // Takes these items out unsent (a move storage never took).
    void withdraw(const std::vector<OutgoingPtr>& items);
    // Sends the ready items at the front, in order; `released(item)` is called after each item
    // that went to the audience. Returns whether anything was sent.
    template <class Released> bool flush(const Audience& audience, Released&& released) {
        bool sent = false;
        while (!items_.empty() && items_.front()->ready) {
            const OutgoingPtr item = std::move(items_.front());
            items_.pop_front();
            sent = true;
            if (item->to) {
                item->to->send(item->text);
                continue;
            }
            audience.send(*item);
            if (item->version > released_version_)
                released_version_ = item->version;
            released(item);
        }
        return sent;
    }
    // The version of the last table event that went out to the audience.
    std::uint64_t released_version() const { return released_version_; }
    void set_released_version(std::uint64_t version) { released_version_ = version; }

private:
    std::deque<OutgoingPtr> items_;
    std::uint64_t released_version_ = 0;
};

} // namespace server::play
