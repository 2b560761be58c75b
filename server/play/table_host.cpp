#include "server/play/table_host.h"

#include "server/log.h"
#include "server/play/play_json.h"
#include "server/play/stored_game.h"
#include "server/protocol/envelope.h"

#include <algorithm>

namespace server::play {

TableHost::TableHost(boost::asio::io_context& io, TableHostContext context)
    : context_(std::move(context)), strand_(boost::asio::make_strand(io)), timer_(strand_) {}

void TableHost::adopt(std::unique_ptr<lobby::Table> table,
                      std::map<lobby::PlayerId, storage::UserId, std::less<>> accounts,
                      std::optional<storage::GameId> stored_game) {
    table_ = std::move(table);
    accounts_ = std::move(accounts);
    if (stored_game)
        game_ = std::make_shared<StoredGame>(StoredGame{.id = *stored_game, .waiting = {}});
}

void TableHost::add_account(const lobby::PlayerId& player, storage::UserId id) {
    accounts_[player] = id;
}

void TableHost::add_audience(const std::shared_ptr<net::Connection>& conn,
                             const lobby::PlayerId& who) {
    audience_[conn->id()] = Member{conn, who};
    if (table_->seat_of(who)) {
        // A returning player: the seat was kept and the clock ran.
        (void)table_->set_connected(who, true, now());
    }
}

bool TableHost::has_connection_of(const lobby::PlayerId& player) const {
    return std::any_of(audience_.begin(), audience_.end(),
                       [&](const auto& entry) { return entry.second.player == player; });
}

void TableHost::remove_audience(net::ConnectionId id) {
    const auto found = audience_.find(id);
    if (found == audience_.end())
        return;
    const lobby::PlayerId player = found->second.player;
    audience_.erase(found);
    if (has_connection_of(player))
        return;
    if (table_->seat_of(player))
        (void)table_->set_connected(player, false, now());
    else if (table_->is_spectator(player))
        (void)table_->leave(player, now());
}

std::shared_ptr<TableHost::Outgoing> TableHost::queue(std::shared_ptr<const std::string> text,
                                                      bool ready) {
    auto item = std::make_shared<Outgoing>(Outgoing{std::move(text), nullptr, ready});
    outbox_.push_back(item);
    return item;
}

void TableHost::reply(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& message) {
    outbox_.push_back(std::make_shared<Outgoing>(Outgoing{shared_text(message), conn, true}));
}

void TableHost::reply_error(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                            const rules::Error& error) {
    outbox_.push_back(std::make_shared<Outgoing>(Outgoing{
        std::make_shared<const std::string>(protocol::make_error(id, error.code, error.detail)),
        conn, true}));
}

nlohmann::json TableHost::state_message(const lobby::PlayerId& viewer,
                                        const nlohmann::json& id) const {
    nlohmann::json message = play::reply("table", id);
    const auto seat = table_->seat_of(viewer);
    message["you"] = seat ? nlohmann::json(color_name(*seat)) : nlohmann::json(nullptr);
    message["table"] = state_json(table_->state(now()));
    return message;
}

void TableHost::resync(const std::shared_ptr<net::Connection>& conn, const lobby::PlayerId& who,
                       std::uint64_t since, const nlohmann::json& id) {
    const auto missed = since <= table_->version() ? table_->events_since(since) : std::nullopt;
    if (!missed) {
        reply(conn, state_message(who, id));
        return;
    }
    for (const auto& event : *missed)
        outbox_.push_back(std::make_shared<Outgoing>(
            Outgoing{table_event_message(table_->code(), *event), conn, true}));
    nlohmann::json done = play::reply("resynced", id);
    done["table"] = table_->code();
    done["version"] = table_->version();
    done["missed"] = missed->size();
    reply(conn, done);
}

void TableHost::on_table_event(const std::string& table_code, const lobby::EventPtr& event) {
    auto text = table_event_message(table_code, *event);
    if (const auto* started = std::get_if<lobby::GameStarted>(&event->body)) {
        (void)started;
        queue(std::move(text), true);
        store_start(event->at);
    } else if (const auto* move = std::get_if<lobby::MovePlayed>(&event->body)) {
        store_move(*move, event->at, queue(std::move(text), context_.writer == nullptr));
    } else if (const auto* ended = std::get_if<lobby::GameEnded>(&event->body)) {
        store_end(*ended, event->at, queue(std::move(text), context_.writer == nullptr));
        if (ended->result.did_not_start) {
            const auto seats = table_->summary().seats;
            const auto& seat = seats[static_cast<std::size_t>(*ended->result.did_not_start)];
            if (seat && context_.did_not_start)
                context_.did_not_start(seat->id);
        }
    } else {
        if (std::holds_alternative<lobby::TakebackDone>(event->body))
            store_takeback(event->at);
        queue(std::move(text), true);
    }
}

std::optional<storage::UserId>
TableHost::account_of(const std::optional<lobby::Player>& seat) const {
    if (!seat || !seat->registered)
        return std::nullopt;
    const auto found = accounts_.find(seat->id);
    if (found == accounts_.end())
        return std::nullopt;
    return found->second;
}

void TableHost::with_game_id(std::function<void(storage::GameId)> work) {
    if (!game_)
        return;
    if (game_->id)
        work(*game_->id);
    else
        game_->waiting.push_back(std::move(work));
}

void TableHost::store_start(lobby::TimePoint at) {
    if (!context_.writer)
        return;
    const auto seats = table_->summary().seats;
    auto row = game_row(*table_, at, account_of(seats[0]), account_of(seats[1]));
    auto game = std::make_shared<StoredGame>();
    game_ = game;
    context_.writer->create_game(
        std::move(row), [self = shared_from_this(), game](const storage::WriteStatus& status,
                                                          storage::GameId id) {
            boost::asio::post(self->strand_, [self, game, status, id] {
                if (!status.ok()) {
                    log::error("play: storing a new game failed: " + status.error);
                    // Nothing can be stored for this game: let what waits go out unstored.
                    game->waiting.clear();
                    for (auto& item : self->outbox_)
                        item->ready = true;
                    self->flush();
                    return;
                }
                game->id = id;
                auto waiting = std::move(game->waiting);
                for (auto& work : waiting)
                    work(id);
            });
        });
}

void TableHost::store_move(const lobby::MovePlayed& move, lobby::TimePoint at,
                           std::shared_ptr<Outgoing> item) {
    if (!context_.writer)
        return;
    if (!game_) {
        item->ready = true;
        return;
    }
    auto row = move_row(move, at);
    with_game_id([self = shared_from_this(), row, item](storage::GameId id) {
        self->context_.writer->append_move(id, row, [self, item](const storage::WriteStatus& s) {
            boost::asio::post(self->strand_, [self, item, s] {
                if (!s.ok())
                    log::error("play: storing a move failed: " + s.error);
                item->ready = true;
                self->flush();
            });
        });
    });
}

void TableHost::store_end(const lobby::GameEnded& ended, lobby::TimePoint at,
                          std::shared_ptr<Outgoing> item) {
    if (!context_.writer)
        return;
    if (!game_) {
        item->ready = true;
        return;
    }
    const auto seats = table_->summary().seats;
    const auto white = account_of(seats[0]);
    const auto black = account_of(seats[1]);
    const lobby::GameEnded copy = ended;
    with_game_id([self = shared_from_this(), copy, at, item, white, black](storage::GameId id) {
        auto finish = finish_row(id, *self->table_, copy, at, white, black);
        self->context_.writer->finish_game(
            std::move(finish),
            [self, item](const storage::WriteStatus& s, const std::vector<storage::RatingRow>&) {
                boost::asio::post(self->strand_, [self, item, s] {
                    if (!s.ok())
                        log::error("play: storing a game's end failed: " + s.error);
                    item->ready = true;
                    self->flush();
                });
            });
    });
}

// Stored moves are never rewritten: after a takeback the stored game is closed as
// superseded and the game as it now stands is stored as a new row with its moves.
void TableHost::store_takeback(lobby::TimePoint at) {
    if (!context_.writer || !game_)
        return;
    with_game_id([self = shared_from_this(), at](storage::GameId id) {
        storage::FinishGame finish;
        finish.end = storage::GameEnd{
            .game_id = id, .result = "*", .termination = "takeback", .ended_at = at};
        self->context_.writer->finish_game(std::move(finish), [](const auto&, const auto&) {});
    });
    const auto seats = table_->summary().seats;
    auto row = game_row(*table_, at, account_of(seats[0]), account_of(seats[1]));
    auto game = std::make_shared<StoredGame>();
    game_ = game;
    std::vector<storage::MoveRow> moves;
    const auto& recorded = table_->recorded_moves();
    const auto clocks = table_->state(at).clocks;
    for (std::size_t i = 0; i < recorded.size(); ++i)
        moves.push_back(storage::MoveRow{.ply = static_cast<int>(i) + 1,
                                         .move = recorded[i].move,
                                         .white_remaining = clocks.remaining[0],
                                         .black_remaining = clocks.remaining[1],
                                         .at = recorded[i].at});
    context_.writer->create_game(
        std::move(row), [self = shared_from_this(), game, moves](const storage::WriteStatus& s,
                                                                 storage::GameId id) {
            if (s.ok())
                for (const auto& move : moves)
                    self->context_.writer->append_move(id, move, [](const auto&) {});
            boost::asio::post(self->strand_, [self, game, s, id] {
                if (!s.ok()) {
                    log::error("play: storing a game after a takeback failed: " + s.error);
                    game->waiting.clear();
                    return;
                }
                game->id = id;
                auto waiting = std::move(game->waiting);
                for (auto& work : waiting)
                    work(id);
            });
        });
}

void TableHost::flush() {
    while (!outbox_.empty() && outbox_.front()->ready) {
        const auto item = outbox_.front();
        outbox_.pop_front();
        if (item->to) {
            item->to->send(item->text);
            continue;
        }
        for (const auto& [id, member] : audience_)
            member.conn->send(item->text);
    }
}

void TableHost::check_timeouts() {
    if (table_)
        table_->check_timeouts(now());
}

void TableHost::after_change() {
    if (!table_ || stopped_)
        return;
    flush();
    arm_timer();
    if (gone_)
        return;
    const auto summary = table_->summary();
    if (!reported_ || *reported_ != summary) {
        reported_ = summary;
        if (context_.summary_changed)
            context_.summary_changed(summary);
    }
    if (summary.status == lobby::TableStatus::Closed) {
        gone_ = true;
        if (context_.gone)
            context_.gone(table_->code());
    }
}

void TableHost::arm_timer() {
    const auto deadline = table_->next_deadline();
    if (deadline == armed_for_)
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
        self->check_timeouts();
        self->after_change();
    });
}

void TableHost::shut_down() {
    stopped_ = true;
    timer_.cancel();
}

} // namespace server::play
