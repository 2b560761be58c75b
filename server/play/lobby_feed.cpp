#include "server/play/lobby_feed.h"

#include "lobby/errors.h"
#include "server/protocol/envelope.h"
#include "server/protocol/json_text.h"
#include "server/protocol/replies_json.h"
#include "server/protocol/values_json.h"

#include <algorithm>
#include <utility>

namespace server::play {

namespace {

// Distinct pages kept at once: the first page of each filter in use, and the pages behind
// cursors; past this the cache starts again (a client inventing filters gains nothing).
constexpr std::size_t most_cached_pages = 256;

void write_tables(protocol::JsonText& out, const std::vector<const lobby::TableSummary*>& tables) {
    out.begin_array();
    for (const auto* table : tables)
        protocol::write_summary(out, *table);
    out.end_array();
}

void write_cursor(protocol::JsonText& out, std::optional<std::uint64_t> cursor) {
    out.key("cursor");
    if (cursor)
        out.value(std::to_string(*cursor));
    else
        out.value(nullptr);
}

std::string_view list_name(lobby::ListKind kind) {
    return kind == lobby::ListKind::Open ? "open" : "playing";
}

} // namespace

LobbyFeed::LobbyFeed(const Strand& strand, const lobby::TimeSource& time,
                     LobbyFeedOptions options)
    : time_(time), options_(options), list_(options.list), push_timer_(std::in_place, strand),
      host_timer_(std::in_place, strand) {
}

void LobbyFeed::on_change(const lobby::TableListChanged& change) {
    list_.apply(change);
    arm_push();
}

lobby::Refusal LobbyFeed::admit(const std::string& address,
                                const lobby::TableSetup& setup) const {
    return list_.admit(address, setup);
}

void LobbyFeed::note_address(const std::string& code, const std::string& address) {
    list_.note_address(code, address);
}

void LobbyFeed::player_online(const lobby::PlayerId& player) {
    list_.host_back(player);
    arm_push();
    arm_host_timer();
}

void LobbyFeed::player_offline(const lobby::PlayerId& player) {
    list_.host_gone(player, time_.now());
    arm_host_timer();
}

LobbyFeed::Subscriber* LobbyFeed::take_request(const std::shared_ptr<net::Connection>& conn,
                                               const nlohmann::json& id) {
    const auto now = time_.now();
    auto [it, added] = subscribers_.try_emplace(
        conn->id(), Subscriber{conn, false, {}, {},
                               lobby::TokenBucket(options_.requests_burst,
                                                  options_.requests_per_second, now)});
    if (!it->second.requests.try_take(now)) {
        conn->send(std::make_shared<const std::string>(protocol::make_error(
            id, lobby::errc::rate_limited,
            "too many lobby_subscribe and lobby_page requests; wait a second")));
        return nullptr;
    }
    return &it->second;
}

const LobbyFeed::CachedPage& LobbyFeed::cached_page(lobby::ListKind kind,
                                                    const lobby::ListFilter& filter,
                                                    std::optional<std::uint64_t> cursor,
                                                    std::size_t limit) {
    if (pages_revision_ != list_.revision() || pages_.size() >= most_cached_pages) {
        pages_.clear();
        pages_revision_ = list_.revision();
    }
    std::string key(list_name(kind));
    key += '|';
    key += filter.key();
    key += '|';
    key += cursor ? std::to_string(*cursor) : std::string();
    key += '|';
    key += std::to_string(limit);
    const auto found = pages_.find(key);
    if (found != pages_.end())
        return found->second;
    const auto page = list_.page(kind, filter, cursor, limit);
    protocol::JsonText out;
    write_tables(out, page.tables);
    return pages_
        .emplace(std::move(key), CachedPage{std::string(out.view()), page.total, page.cursor})
        .first->second;
}

void LobbyFeed::subscribe(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                          const protocol::LobbyListQuery& query) {
    Subscriber* subscriber = take_request(conn, id);
    if (!subscriber)
        return;
    subscriber->subscribed = true;
    subscriber->filter = query.filter;
    subscriber->key = query.filter.key();
    const std::size_t limit =
        std::min(query.limit.value_or(options_.list.page_size), options_.list.page_size);
    const auto& page = cached_page(lobby::ListKind::Open, query.filter, query.cursor, limit);
    protocol::JsonText out;
    protocol::begin_reply(out, "lobby", id);
    out.key("tables");
    out.raw_value(page.tables);
    out.member("total", page.total);
    write_cursor(out, page.cursor);
    out.member("playing", list_.count(lobby::ListKind::Playing));
    out.end_object();
    conn->send(out.shared());
}

void LobbyFeed::unsubscribe(const std::shared_ptr<net::Connection>& conn) {
    if (const auto it = subscribers_.find(conn->id()); it != subscribers_.end())
        it->second.subscribed = false;
}

void LobbyFeed::page(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                     const protocol::LobbyListQuery& query) {
    if (!take_request(conn, id))
        return;
    const std::size_t limit =
        std::min(query.limit.value_or(options_.list.page_size), options_.list.page_size);
    const auto& page = cached_page(query.list, query.filter, query.cursor, limit);
    protocol::JsonText out;
    protocol::begin_reply(out, "lobby_page", id);
    out.member("list", list_name(query.list));
    out.key("tables");
    out.raw_value(page.tables);
    out.member("total", page.total);
    write_cursor(out, page.cursor);
    out.end_object();
    conn->send(out.shared());
}

void LobbyFeed::closed(net::ConnectionId id) {
    subscribers_.erase(id);
}

void LobbyFeed::check_now() {
    list_.check_timeouts(time_.now());
    push();
    arm_host_timer();
}

void LobbyFeed::stop() {
    push_timer_.reset();
    host_timer_.reset();
    subscribers_.clear();
}

void LobbyFeed::push() {
    if (!list_.has_changes())
        return;
    const auto batch = list_.take_batch();
    // One message for each filter in use, shared by every subscriber that has it; none for a
    // filter that matches nothing of the batch.
    std::map<std::string, std::shared_ptr<const std::string>, std::less<>> messages;
    for (const auto& [id, subscriber] : subscribers_) {
        if (!subscriber.subscribed)
            continue;
        auto [it, added] = messages.try_emplace(subscriber.key);
        if (added) {
            const auto mine = lobby::TableList::filtered(batch, subscriber.filter);
            if (mine.empty())
                continue;
            protocol::JsonText out;
            out.begin_object();
            out.member("t", "lobby_changes");
            out.key("tables");
            out.begin_array();
            for (const auto& table : mine.listed)
                protocol::write_summary(out, table);
            out.end_array();
            out.key("gone");
            out.begin_array();
            for (const auto& table : mine.gone)
                out.value(table.code);
            out.end_array();
            if (mine.playing)
                out.member("playing", *mine.playing);
            out.end_object();
            it->second = out.shared();
        }
        if (it->second)
            subscriber.conn->send(it->second);
    }
}

void LobbyFeed::arm_push() {
    if (push_armed_ || !push_timer_ || !list_.has_changes())
        return;
    push_armed_ = true;
    push_timer_->expires_after(options_.push_interval);
    push_timer_->async_wait(
        [weak = weak_from_this()](const boost::system::error_code& ec) {
            const auto self = weak.lock();
            if (ec || !self || !self->push_timer_)
                return;
            self->push_armed_ = false;
            self->push();
        });
}

void LobbyFeed::arm_host_timer() {
    const auto deadline = list_.next_deadline();
    if (deadline == host_armed_for_ || !host_timer_)
        return;
    host_armed_for_ = deadline;
    host_timer_->cancel();
    if (!deadline)
        return;
    const auto wait = std::max(lobby::Millis{0}, *deadline - time_.now());
    host_timer_->expires_after(wait + std::chrono::milliseconds(1));
    host_timer_->async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
        const auto self = weak.lock();
        if (ec || !self || !self->host_timer_)
            return;
        self->host_armed_for_.reset();
        self->list_.check_timeouts(self->time_.now());
        self->arm_push();
        self->arm_host_timer();
    });
}

} // namespace server::play
