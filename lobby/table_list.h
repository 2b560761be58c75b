#pragma once
// The lobby's public table list at the size of a site (issue 34, "The lobby at the size of a
// site"): the open tables a player could join, filtered by what they ask, a page at a time; the
// public games in play apart (a count, and pages on request); the changes gathered between two
// pushes; at most so many open tables from one address; and a table whose host has gone taken
// off the list within seconds instead of when it closes.
//
// The Lobby reports every change of a public table (TableListChanged) and this list keeps what
// it needs of them. The server asks pages (page()), takes the gathered changes once per push
// interval (take_batch()) and sends each subscriber the part its filter matches (filtered()).
//
// Order and cursors: a table gets a sequence number each time it enters a list (open or in
// play), and pages go in that order, oldest first. A cursor is the number of the last table of
// a page: the next page starts after it, so tables that come and go between two pages neither
// repeat nor shift what follows.
//
// Pure and single-threaded (STYLE.md §3): time is passed in; the server runs it on the lobby
// strand.

#include "lobby/errors.h"
#include "lobby/lobby_events.h"
#include "lobby/table_state.h"
#include "lobby/time.h"
#include "lobby/time_control.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lobby {

// What a player asks of the list. An empty list of variants or speeds is any; ratings bound the
// host's rating (the one shown at the table), both ends included.
struct ListFilter {
    std::vector<rules::VariantId> variants{};
    std::vector<SpeedCategory> speeds{};
    std::optional<bool> rated{};
    std::optional<int> rating_min{};
    std::optional<int> rating_max{};

    bool matches(const TableSummary& table) const;
    // The same filter with its lists sorted and without repeats: equal filters compare equal.
    ListFilter normalized() const;
    // A text naming the normalized filter ("" for none), for caches and groups of subscribers.
    std::string key() const;

    friend bool operator==(const ListFilter&, const ListFilter&) = default;
};

enum class ListKind : std::uint8_t {
    Open,   // waiting for players, host present
    Playing // every seat taken, the game on
};

struct ListPage {
    std::vector<const TableSummary*> tables{}; // valid until the list next changes
    std::size_t total = 0;                     // tables of the kind that match the filter
    std::optional<std::uint64_t> cursor{};     // for the next page; none: this was the last
};

// What changed in the open list since the last batch, one entry per table (the last change
// wins): `listed` are tables to show or update, `gone` tables to take off (their last summary,
// so that a filter can tell who had them). `playing` is the number of public games in play
// when it changed.
struct ListBatch {
    std::vector<TableSummary> listed{};
    std::vector<TableSummary> gone{};
    std::optional<std::size_t> playing{};

    bool empty() const { return listed.empty() && gone.empty() && !playing; }
};

struct ListLimits {
    // Tables in a page: the first answer of a subscription, and at most what one asks.
    std::size_t page_size = 150;
    // Open public tables from one IP address at once (tables made, not yet started or gone).
    std::size_t max_open_per_address = 20;
    // How long a host may be without a connection before their open tables leave the list
    // (a page reload takes less); they come back when the host does.
    Millis host_gone_unlist{std::chrono::seconds(5)};
};

class TableList {
public:
    explicit TableList(ListLimits limits = {});

    const ListLimits& limits() const { return limits_; }

    // --- what the lobby reports ---------------------------------------------------------------
    void apply(const TableListChanged& change);

    // --- tables from one address --------------------------------------------------------------
    // "rate_limited" when `address` has max_open_per_address open public tables already; a
    // private setup is never refused here.
    Refusal admit(const std::string& address, const TableSetup& setup) const;
    // A public table `code` was made from `address`: it counts until it starts or goes.
    void note_address(const std::string& code, const std::string& address);
    std::size_t open_from(const std::string& address) const;

    // --- hosts present or gone ----------------------------------------------------------------
    // The player's last connection closed: their open tables leave the list at
    // now + host_gone_unlist unless host_back() comes first.
    void host_gone(const PlayerId& host, TimePoint now);
    void host_back(const PlayerId& host);
    void check_timeouts(TimePoint now);
    std::optional<TimePoint> next_deadline() const;

    // --- what a player sees -------------------------------------------------------------------
    // At most `limit` tables of `kind` matching `filter`, after the table whose cursor is
    // `after` (none: from the first).
    ListPage page(ListKind kind, const ListFilter& filter, std::optional<std::uint64_t> after,
                  std::size_t limit) const;
    std::size_t count(ListKind kind) const;
    // Moves whenever a page could answer differently: a cache of pages is good while it stays.
    std::uint64_t revision() const { return revision_; }

    // --- pushes -------------------------------------------------------------------------------
    // The changes gathered since the last call, and a fresh start.
    ListBatch take_batch();
    bool has_changes() const { return !pending_.empty() || playing_changed_; }
    // The part of `batch` a subscriber with `filter` needs: the tables it matches.
    static ListBatch filtered(const ListBatch& batch, const ListFilter& filter);

private:
    struct Entry {
        TableSummary summary;
        std::uint64_t seq = 0;
        std::optional<ListKind> kind; // in which list it shows; none: hidden (host gone)
    };
    ListLimits limits_;
    std::map<std::string, Entry, std::less<>> entries_;                          // by code
    std::map<std::uint64_t, std::string> open_;                                  // by seq
    std::map<std::uint64_t, std::string> playing_;                               // by seq
    std::map<PlayerId, std::set<std::string, std::less<>>, std::less<>> hosted_; // open, by host
    std::map<PlayerId, TimePoint, std::less<>> leaving_; // hosts gone, until they are unlisted
    std::set<PlayerId, std::less<>> away_;               // hosts gone past the grace
    std::map<std::string, std::string, std::less<>> address_of_; // counted codes
    std::map<std::string, std::size_t, std::less<>> open_by_address_;
    std::uint64_t next_seq_ = 1;
    std::uint64_t revision_ = 0;
    struct Pending {
        TableSummary summary;
        bool gone = false;
    };
    std::map<std::string, Pending, std::less<>> pending_;
    bool playing_changed_ = false;

    void place(Entry& entry, std::optional<ListKind> kind);
    void remove(const std::string& code);
    void uncount_address(const std::string& code);
    void set_hidden(const PlayerId& host, bool hidden);
};

} // namespace lobby
