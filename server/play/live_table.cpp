#include "server/play/live_table.h"

#include "server/protocol/envelope.h"
#include "server/protocol/replies_json.h"
#include "server/protocol/table_events_json.h"
#include "server/protocol/table_state_json.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <string_view>

namespace server::play {

namespace {

// `message`, a serialised JSON object with at least one field, with "id":`id` spliced in as
// its first field: the mover's copy of its move event (docs/protocol.md 7.5), made without a
// second JSON document. For an integer id (what clients send) the one allocation is the new
// string (and its shared_ptr); any other id (a string) is escaped by the JSON writer first.
std::shared_ptr<const std::string> with_request_id(const std::string& message,
                                                   const nlohmann::json& id) {
    std::array<char, 24> digits{};
    std::string written;
    std::string_view id_text;
    if (id.is_number_integer()) {
        const auto [end, ec] = id.is_number_unsigned()
                                   ? std::to_chars(digits.data(), digits.data() + digits.size(),
                                                   id.get<std::uint64_t>())
                                   : std::to_chars(digits.data(), digits.data() + digits.size(),
                                                   id.get<std::int64_t>());
        (void)ec; // 24 characters hold any 64-bit integer
        id_text = std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data()));
    } else {
        written = id.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        id_text = written;
    }
    constexpr std::string_view head = "{\"id\":";
    std::string out;
    out.reserve(message.size() + head.size() + id_text.size() + 1);
    out.append(head).append(id_text).append(1, ',').append(message, 1);
    return std::make_shared<const std::string>(std::move(out));
}

} // namespace

LiveTable::LiveTable(boost::asio::io_context& io, LiveTableContext context)
    : context_(std::move(context)), strand_(boost::asio::make_strand(io)), timer_(strand_) {
}

void LiveTable::adopt(std::unique_ptr<lobby::Table> table,
                      std::optional<storage::GameId> stored_game) {
    table_ = std::move(table);
    outbox_.set_released_version(table_->version());
    if (stored_game)
        game_ = std::make_shared<StoredGame>(StoredGame{.id = *stored_game, .waiting = {}});
    take_table_events(); // the creation's `player_seated`
}

void LiveTable::add_audience(const std::shared_ptr<net::Connection>& conn,
                             const lobby::PlayerId& who) {
    audience_.add(conn, who);
    if (table_->seat_of(who)) {
        // A returning player: the seat was kept and the clock ran.
        (void)table_->set_connected(who, true, now());
    }
}

bool LiveTable::has_connection_of(const lobby::PlayerId& player) const {
    return audience_.has_connection_of(player);
}

void LiveTable::remove_audience(net::ConnectionId id) {
    const auto removed = audience_.remove(id);
    if (!removed)
        return;
    const lobby::PlayerId& player = *removed;
    if (has_connection_of(player))
        return;
    if (table_->seat_of(player))
        (void)table_->set_connected(player, false, now());
    else if (table_->is_spectator(player))
        (void)table_->leave(player, now());
}

void LiveTable::after_leave(net::ConnectionId id, const lobby::PlayerId& who) {
    if (table_->seat_of(who) || table_->is_spectator(who))
        return;
    flush(); // what the leave itself caused (its `left` event, the `ok`) still reaches it
    (void)audience_.remove(id);
}

void LiveTable::reply(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& message) {
    reply(conn, protocol::shared_text(message));
}

void LiveTable::reply(const std::shared_ptr<net::Connection>& conn,
                      std::shared_ptr<const std::string> text) {
    take_table_events();
    outbox_.queue_reply(conn, std::move(text));
}

void LiveTable::reply_before(std::size_t mark, const std::shared_ptr<net::Connection>& conn,
                             const nlohmann::json& message) {
    reply_before(mark, conn, protocol::shared_text(message));
}

void LiveTable::reply_before(std::size_t mark, const std::shared_ptr<net::Connection>& conn,
                             std::shared_ptr<const std::string> text) {
    take_table_events();
    outbox_.reply_before(mark, conn, std::move(text));
}

void LiveTable::reply_error(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                            const rules::Error& error) {
    take_table_events();
    outbox_.queue_reply(conn, std::make_shared<const std::string>(
                                  protocol::make_error(id, error.code, error.detail)));
}

std::shared_ptr<const std::string>
LiveTable::state_message(const lobby::PlayerId& viewer, const nlohmann::json& id,
                         std::string_view type,
                         const std::function<void(protocol::JsonText&)>& more) const {
    protocol::JsonText out;
    protocol::begin_reply(out, type, id);
    out.member("table", table_->code());
    out.member("you", table_->seat_of(viewer)); // a spectator's is null
    out.key("state");
    // With the stored game's id, which the table does not know.
    protocol::write_state(out, table_->state(now()),
                          game_ && game_->id ? std::optional<std::int64_t>(*game_->id)
                                             : std::nullopt);
    if (more)
        more(out);
    out.end_object();
    return out.shared();
}

void LiveTable::resync(const std::shared_ptr<net::Connection>& conn, const lobby::PlayerId& who,
                       std::uint64_t since, const nlohmann::json& id) {
    // Only what has gone out: an event still waiting for storage is in the outbox and reaches
    // this connection (in the audience now) after these, so each missed event comes once, in
    // order. Sent at once: everything still in the outbox comes after them.
    const std::uint64_t released = outbox_.released_version();
    const auto missed = since <= released ? table_->events_since(since) : std::nullopt;
    if (!missed) {
        reply(conn, state_message(who, id));
        return;
    }
    std::size_t sent = 0;
    for (const auto& event : *missed) {
        if (event->version > released)
            break;
        const auto ended = ended_with_id_.find(event->version);
        const bool named = ended != ended_with_id_.end() && ended->second.first == event;
        conn->send(named ? ended->second.second
                         : protocol::table_event_message(table_->code(), *event));
        ++sent;
    }
    nlohmann::json done = protocol::reply("resynced", id);
    done["table"] = table_->code();
    done["version"] = std::max(since, released);
    done["missed"] = sent;
    conn->send(protocol::shared_text(done));
}

void LiveTable::take_table_events() {
    if (!table_)
        return;
    // Moved out while handled: should handling ever reach here again, it finds an empty buffer.
    std::vector<lobby::EventPtr> events = std::move(taken_);
    table_->take_events(events);
    for (const auto& event : events)
        handle_event(event);
    events.clear();
    taken_ = std::move(events);
}

void LiveTable::handle_event(const lobby::EventPtr& event) {
    if (const auto* ended = std::get_if<lobby::GameEnded>(&event->body)) {
        handle_end(event, *ended);
        return;
    }
    auto text = protocol::table_event_message(table_->code(), *event);
    if (const auto* started = std::get_if<lobby::GameStarted>(&event->body)) {
        (void)started;
        outbox_.queue_event(std::move(text), true, event->version);
        store_start(event->at);
    } else if (const auto* move = std::get_if<lobby::MovePlayed>(&event->body)) {
        store_move(*move, event->at, event->version,
                   outbox_.queue_event(std::move(text), context_.writer == nullptr, event->version));
    } else if (const auto* retired = std::get_if<lobby::PlayerRetired>(&event->body)) {
        store_leave(*retired, event->at, event->version,
                    outbox_.queue_event(std::move(text), context_.writer == nullptr, event->version));
    } else {
        if (std::holds_alternative<lobby::TakebackDone>(event->body))
            store_takeback(event->at);
        auto item = outbox_.queue_event(std::move(text), true, event->version);
        if (move_pending())
            move_->items.push_back(std::move(item)); // a draw offer the move withdrew
    }
}

void LiveTable::handle_end(const lobby::EventPtr& event, const lobby::GameEnded& ended) {
    auto item = outbox_.queue_event(nullptr, context_.writer == nullptr, event->version);
    // The event goes out once its end is stored, so it can name the stored game. Its text (the
    // whole move list) is written once: with the id when the row's id is known, as it nearly
    // always is by now; else without it, and again with it once the row has one.
    with_game_id([self = shared_from_this(), item, event](std::optional<storage::GameId> id) {
        if (!id)
            return;
        item->text = protocol::ended_event_message(self->table_->code(), *event, *id);
        self->ended_with_id_[event->version] = {event, item->text};
    });
    if (!item->text)
        item->text = protocol::table_event_message(table_->code(), *event);
    if (move_pending()) {
        // The move that ended the game is being written: its end waits for it (and is
        // withdrawn with it should storage never take the move).
        move_->items.push_back(item);
        move_->after.push_back([self = shared_from_this(), copy = ended, at = event->at, item] {
            self->store_end(copy, at, item);
        });
    } else {
        store_end(ended, event->at, item);
    }
    if (ended.result.did_not_start) {
        const auto seats = table_->summary().seats;
        const auto& seat = seats[static_cast<std::size_t>(*ended.result.did_not_start)];
        if (seat && context_.did_not_start)
            context_.did_not_start(seat->id);
    }
}

bool LiveTable::must_wait() {
    // Storage retries are not table work and never wait: a move may be waiting for the game
    // row a retry creates.
    retry_due_writes();
    if (!move_pending())
        return false;
    arm_timer(); // for the move's next attempt
    return true;
}

void LiveTable::settle() {
    after_change();
    while (!move_pending() && !deferred_.empty()) {
        auto work = std::move(deferred_.front());
        deferred_.pop_front();
        work(*this);
        after_change();
    }
}

void LiveTable::play_move(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                          const lobby::PlayerId& who, int ply, const std::string& move,
                          lobby::Millis lag) {
    move_received_ = observability::Clock::now();
    auto played = table_->play(who, ply, move, now(), lag);
    take_table_events(); // the move's events, its answer among them
    if (!conn)
        return;
    if (!played)
        return reply_error(conn, id, played.error());
    if (played.value().duplicate) {
        // Nothing happened, so there is no event to answer with.
        nlohmann::json ok = protocol::reply("ok", id);
        ok["duplicate"] = true;
        outbox_.queue_reply(conn, protocol::shared_text(ok));
        return;
    }
    // The answer is the mover's copy of the move event, with the request's id: it goes out
    // with the event, once the move is stored (docs/protocol.md 7.5).
    const auto item = outbox_.queued_event(played.value().event->version);
    if (!item) {
        // Cannot happen: the event was queued just above. Answered the old way rather than not.
        nlohmann::json ok = protocol::reply("ok", id);
        ok["duplicate"] = false;
        outbox_.queue_reply(conn, protocol::shared_text(ok));
        return;
    }
    item->mover = conn;
    item->mover_text = id.is_null() ? item->text : with_request_id(*item->text, id);
    if (move_pending())
        move_->answer_id = id;
}

void LiveTable::flush() {
    outbox_.flush(audience_, [this](const OutgoingPtr& item) {
        if (move_ && move_->stage == PendingWrite::Stage::OnDisk && item == move_->items.front()) {
            // Acknowledged: nothing of it needs holding any more.
            move_->stage = PendingWrite::Stage::Sent;
            move_->items.clear();
        }
    });
}

void LiveTable::check_timeouts() {
    if (table_)
        table_->check_timeouts(now());
}

void LiveTable::track_finish() {
    if (table_->status() == lobby::TableStatus::Finished) {
        if (!finished_at_)
            finished_at_ = now();
    } else {
        finished_at_.reset();
    }
    if (audience_.empty()) {
        if (!unwatched_since_)
            unwatched_since_ = now();
    } else {
        unwatched_since_.reset();
    }
}

std::optional<lobby::TimePoint> LiveTable::sweep_deadline() const {
    if (!finished_at_)
        return std::nullopt;
    auto deadline = *finished_at_ + context_.sweep.finished_kept;
    if (unwatched_since_)
        deadline = std::min(deadline, *unwatched_since_ + context_.sweep.finished_idle);
    return deadline;
}

void LiveTable::after_change() {
    if (!table_ || stopped_)
        return;
    take_table_events();
    flush();
    track_finish();
    if (!gone_ && !move_pending() && ends_unstored_ == 0) {
        if (const auto sweep = sweep_deadline(); sweep && now() >= *sweep) {
            // Swept: whoever is still here is told, then the service forgets the table.
            nlohmann::json message{{"t", "table_gone"}, {"table", table_->code()}};
            const auto text = protocol::shared_text(message);
            audience_.send_all(text);
            gone_ = true;
            if (context_.gone)
                context_.gone(table_->code());
            shut_down();
            return;
        }
    }
    arm_timer();
    if (gone_)
        return;
    report_summary();
    if (reported_->status == lobby::TableStatus::Closed) {
        gone_ = true;
        if (context_.gone)
            context_.gone(table_->code());
    }
    if (settled_ && !move_pending())
        settled_(*this);
}

void LiveTable::report_summary() {
    const auto revision = table_->summary_revision();
    if (reported_ && revision == reported_revision_) {
        assert(*reported_ == table_->summary() && "each change of the summary moves its revision");
        return;
    }
    reported_revision_ = revision;
    auto summary = table_->summary();
    if (reported_ && *reported_ == summary)
        return;
    reported_ = std::move(summary);
    if (context_.summary_changed)
        context_.summary_changed(*reported_);
}

bool armed_timer_serves(std::optional<lobby::TimePoint> armed, std::optional<lobby::TimePoint> due,
                        bool move_pending) {
    if (!armed)
        return !due;
    return due ? *armed <= *due : move_pending;
}

void LiveTable::arm_timer() {
    // While a move is pending only the writes' retries are due: the table's own deadlines wait
    // with the rest of its work, and are looked at once the move is settled.
    auto deadline = next_retry();
    if (!move_pending())
        for (const auto other : {table_->next_deadline(), gone_ ? std::nullopt : sweep_deadline()})
            if (other)
                deadline = deadline ? std::min(*deadline, *other) : *other;
    if (armed_timer_serves(armed_for_, deadline, move_pending()))
        return;
    armed_for_ = deadline;
    timer_.cancel();
    if (!deadline)
        return;
    const auto wait = std::max(lobby::Millis{0}, *deadline - now());
    timer_.expires_after(wait + std::chrono::milliseconds(1));
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec)
            return;
        self->armed_for_.reset();
        self->run([](LiveTable& h) { h.check_timeouts(); });
    });
}

void LiveTable::shut_down() {
    stopped_ = true;
    timer_.cancel();
    // What waits here may hold the live table: let it go.
    retries_.clear();
    move_.reset();
    deferred_.clear();
    if (game_)
        game_->waiting.clear();
}

} // namespace server::play
