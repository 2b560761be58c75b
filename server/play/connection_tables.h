#pragma once
// What one connection knows of the tables it has entered, so that its table requests (move,
// offers, resign, chat, resync, ...) go straight to the table's strand instead of through the
// lobby strand.
//
// Filled on the lobby strand when the connection creates, joins, watches, resyncs or is matched
// at a table (and with its player when it opens or identifies); read on the connection's strand
// for each table request. A request is routed through the lobby instead while the connection has
// a lobby request in flight, so that a connection's requests are served in the order it sent
// them (a `move` never overtakes the `join` or `identify` before it). The mutex is this
// connection's own: nothing else contends for it.

#include "lobby/player.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace server::play {

class LiveTable;

class ConnectionTables {
public:
    // The table to post a request for `code` to, with the player to post it as; nothing when
    // the request must go through the lobby (an unknown code or link, a table gone, or a lobby
    // request of this connection still in flight).
    std::optional<std::pair<std::shared_ptr<LiveTable>, lobby::Player>>
    direct(const std::string& code) const {
        const std::scoped_lock lock(mutex_);
        if (lobby_pending_ > 0)
            return std::nullopt;
        const auto found = tables_.find(code);
        if (found == tables_.end())
            return std::nullopt;
        auto live_table = found->second.lock();
        if (!live_table)
            return std::nullopt;
        return std::pair{std::move(live_table), player_};
    }

    // Around each request served on the lobby strand: counted before it is posted there,
    // released once it was served (its table work, if any, posted).
    void lobby_request_posted() {
        const std::scoped_lock lock(mutex_);
        ++lobby_pending_;
    }
    void lobby_request_done() {
        const std::scoped_lock lock(mutex_);
        --lobby_pending_;
    }

    // Lobby strand.
    void set_player(lobby::Player player) {
        const std::scoped_lock lock(mutex_);
        player_ = std::move(player);
    }
    void enter(const std::string& code, const std::shared_ptr<LiveTable>& live_table) {
        const std::scoped_lock lock(mutex_);
        std::erase_if(tables_, [](const auto& entry) { return entry.second.expired(); });
        tables_[code] = live_table;
    }
    // The tables entered, for leaving them when the connection closes.
    std::vector<std::shared_ptr<LiveTable>> entered() const {
        const std::scoped_lock lock(mutex_);
        std::vector<std::shared_ptr<LiveTable>> live_tables;
        for (const auto& [code, weak] : tables_)
            if (auto live_table = weak.lock())
                live_tables.push_back(std::move(live_table));
        return live_tables;
    }

private:
    mutable std::mutex mutex_;
    lobby::Player player_;
    std::map<std::string, std::weak_ptr<LiveTable>, std::less<>> tables_;
    int lobby_pending_ = 0;
};

} // namespace server::play
