#pragma once
// The lobby's table list over the protocol (docs/protocol.md §7.3): `lobby_subscribe` and
// `lobby_page` answered a page at a time from pages built once and shared until the list
// changes, the changes pushed to each subscriber at most once per push interval (only what its
// filter matches, each distinct message serialized once), both requests rate-limited per
// connection, open public tables bounded per address, and a gone live table's tables unlisted
// within seconds. The decisions are lobby::TableList's (lobby/table_list.h); this keeps the
// connections, the timers and the text.
//
// Why: issue 34, "The lobby at the size of a site": the whole list rebuilt for every subscriber
// cost 12-17 us of the lobby strand per table, and each change 11-16 us per subscriber.
//
// Threading: every call on the lobby strand (`strand`); the timers run there too. stop() before
// the io_context goes.

#include "lobby/table_list.h"
#include "lobby/time.h"
#include "lobby/token_bucket.h"
#include "server/net/connection.h"
#include "server/protocol/lobby_list_request.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

namespace server::play {

struct LobbyFeedOptions {
    lobby::ListLimits list{};
    // Changes gathered this long go out together: a subscriber gets at most one push per
    // interval, whatever the number of changes.
    std::chrono::milliseconds push_interval{500};
    // lobby_subscribe and lobby_page of one connection: a burst, then this many a second.
    double requests_burst = 10;
    double requests_per_second = 1;
};

class LobbyFeed : public std::enable_shared_from_this<LobbyFeed> {
public:
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

    // `time` must outlive the feed.
    LobbyFeed(const Strand& strand, const lobby::TimeSource& time, LobbyFeedOptions options);

    // A public table changed (the lobby's TableListChanged events).
    void on_change(const lobby::TableListChanged& change);

    // A public table from `address`: refused past the bound ("rate_limited"), counted when made.
    lobby::Refusal admit(const std::string& address, const lobby::TableSetup& setup) const;
    void note_address(const std::string& code, const std::string& address);

    // A player's first connection opened (or a guest took back its name), or its last closed.
    void player_online(const lobby::PlayerId& player);
    void player_offline(const lobby::PlayerId& player);

    // The requests; each answers `conn` with the reply or an error echoing `id`.
    void subscribe(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                   const protocol::LobbyListQuery& query);
    void unsubscribe(const std::shared_ptr<net::Connection>& conn);
    void page(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
              const protocol::LobbyListQuery& query);
    void closed(net::ConnectionId id);

    // Unlists the tables of hosts gone past the grace and pushes what is gathered now (what the
    // timers do, for tests that move an injected clock).
    void check_now();
    void stop();

    const lobby::TableList& list() const { return list_; }

private:
    struct Subscriber {
        std::shared_ptr<net::Connection> conn;
        bool subscribed = false;
        lobby::ListFilter filter;
        std::string key; // filter.key()
        lobby::TokenBucket requests;
    };
    // A page's tables as JSON text, with its total and cursor: the expensive part of a reply,
    // kept until the list changes.
    struct CachedPage {
        std::string tables;
        std::size_t total = 0;
        std::optional<std::uint64_t> cursor;
    };

    const lobby::TimeSource& time_;
    LobbyFeedOptions options_;
    lobby::TableList list_;
    std::optional<boost::asio::steady_timer> push_timer_;
    std::optional<boost::asio::steady_timer> host_timer_;
    bool push_armed_ = false;
    std::optional<lobby::TimePoint> host_armed_for_;
    std::map<net::ConnectionId, Subscriber> subscribers_;
    std::map<std::string, CachedPage, std::less<>> pages_;
    std::uint64_t pages_revision_ = 0;

    // The connection's entry, with a token taken; null (and `conn` answered rate_limited) when
    // it has none left.
    Subscriber* take_request(const std::shared_ptr<net::Connection>& conn,
                             const nlohmann::json& id);
    const CachedPage& cached_page(lobby::ListKind kind, const lobby::ListFilter& filter,
                                  std::optional<std::uint64_t> cursor, std::size_t limit);
    void push();
    void arm_push();
    void arm_host_timer();
};

} // namespace server::play
