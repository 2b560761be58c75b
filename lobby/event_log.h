#pragma once
// The last N events of a table, by version, for clients that reconnect.
//
// Memory: an event that describes a position (a move, a takeback, a start) carries its board
// and the legal moves of the side to move, several kilobytes. A client that resyncs applies
// the events in order and needs those of the newest position only, so when a newer position
// arrives the kept copy of the previous one is slimmed: a move or takeback loses its board
// and legal moves, a start its legal moves (docs/protocol.md 7.7). A table's history then
// costs a few hundred bytes per move instead of ~14 KB (issue 11).

#include "lobby/table_events.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace lobby {

class EventLog {
public:
    // `first_version`: the version the next event gets (a restored table continues its count).
    explicit EventLog(std::size_t capacity, std::uint64_t first_version = 1);

    // Stamps the next version on `body` and keeps it, dropping the oldest beyond capacity.
    EventPtr append(TimePoint at, TableEventBody body);

    // The events after `seen` (the last version the client has), oldest first; empty when it
    // is up to date; nullopt when they are no longer all kept (or `seen` is from the future,
    // e.g. before a server restart): the client needs the full state.
    std::optional<std::vector<EventPtr>> since(std::uint64_t seen) const;

    // Drops the events after version `kept` (they never went out: a move storage could not keep)
    // and gives their versions to the next events. The position the table is back at lost its
    // board when the withdrawn move arrived: its kept event gets `board` back (its legal moves
    // stay empty: a withdrawal ends the game), so a resync still ends on a whole position.
    void withdraw_after(std::uint64_t kept, const rules::BoardView& board);

    std::uint64_t version() const { return next_version_ - 1; } // of the last event, 0 if none

private:
    std::size_t capacity_;
    std::uint64_t next_version_;
    // Not const, unlike the EventPtr handed out: slimming changes a kept event in place when
    // the log is its only holder (event_log.cpp).
    std::deque<std::shared_ptr<TableEvent>> events_;
};

} // namespace lobby
