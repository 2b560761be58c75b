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
        store_move(*move, event->at, event->version,
                   queue(std::move(text), context_.writer == nullptr));
    } else if (const auto* ended = std::get_if<lobby::GameEnded>(&event->body)) {
        auto item = queue(std::move(text), context_.writer == nullptr);
        if (move_write_) {
            // The move that ended the game is being written: its end waits for it (and is
            // dropped with it if storage refuses the move).
            move_write_->items.push_back(item);
            move_write_->after.push_back(
                [self = shared_from_this(), copy = *ended, at = event->at, item] {
                    self->store_end(copy, at, item);
                });
        } else {
            store_end(*ended, event->at, item);
        }
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

void TableHost::run(std::function<void(TableHost&)> work) {
    if (move_write_) {
        deferred_.push_back(std::move(work));
        return;
    }
    work(*this);
    after_change();
}

void TableHost::play_move(const std::shared_ptr<net::Connection>& conn, const nlohmann::json& id,
                          const lobby::PlayerId& who, int ply, const std::string& move,
                          lobby::Millis lag) {
    auto played = table_->play(who, ply, move, now(), lag);
    if (!played)
        return reply_error(conn, id, played.error());
    nlohmann::json ok = play::reply("ok", id);
    ok["duplicate"] = played.value().duplicate;
    auto answer = std::make_shared<Outgoing>(Outgoing{shared_text(ok), conn, true});
    outbox_.push_back(answer);
    if (move_write_) {
        move_write_->answer = answer;
        move_write_->refusal = std::make_shared<const std::string>(protocol::make_error(
            id, "storage_failed", "the move could not be stored; it was not played"));
    }
}

void TableHost::move_stored(bool ok, const std::string& error) {
    if (!move_write_)
        return;
    MoveWrite write = std::move(*move_write_);
    move_write_.reset();
    if (ok) {
        write.items.front()->ready = true;
        for (auto& next : write.after)
            next();
    } else {
        log::error("play: storing a move failed, the move is refused: " + error);
        std::erase_if(outbox_, [&](const std::shared_ptr<Outgoing>& item) {
            return std::find(write.items.begin(), write.items.end(), item) != write.items.end();
        });
        if (write.answer && write.refusal)
            write.answer->text = write.refusal;
        roll_back_move(write.version_before);
    }
    after_change();
    while (!move_write_ && !deferred_.empty()) {
        auto work = std::move(deferred_.front());
        deferred_.pop_front();
        work(*this);
        after_change();
    }
}

// The table as it stood before the refused move: rebuilt from its record without that move
// (the replay gives back the clock exactly), versions continuing where the clients are.
// Connected players and spectators stay (silently); pending offers are dropped.
void TableHost::roll_back_move(std::uint64_t version_before) {
    auto record = table_->record();
    if (record.moves.empty())
        return;
    record.moves.pop_back();
    record.clock.reset();
    record.result.reset();
    record.status = lobby::TableStatus::Playing;
    record.version = version_before;
    const auto state = table_->state(now());
    for (std::size_t i = 0; i < 2; ++i)
        record.present[i] = state.seats[i] && state.seats[i]->connected;
    record.spectators = state.spectators;
    auto rebuilt = lobby::Table::restore(record, table_->context(), now());
    if (!rebuilt) {
        log::error("play: a table could not be rolled back: " + rebuilt.error().detail);
        return;
    }
    table_ = std::move(rebuilt).value();
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

void TableHost::with_game_id(std::function<void(std::optional<storage::GameId>)> work) {
    if (!game_)
        return;
    if (game_->id || game_->failed)
        work(game_->id);
    else
        game_->waiting.push_back(std::move(work));
}

void TableHost::store_start(lobby::TimePoint at) {
    if (!context_.writer)
        return;
    const auto seats = table_->summary().seats;
    auto row = game_row(*table_, at, account_of(seats[0]), account_of(seats[1]), guest_tokens_,
                        ladder_);
    auto game = std::make_shared<StoredGame>();
    game_ = game;
    context_.writer->create_game(
        std::move(row), [self = shared_from_this(), game](const storage::WriteStatus& status,
                                                          storage::GameId id) {
            boost::asio::post(self->strand_, [self, game, status, id] {
                if (status.ok()) {
                    game->id = id;
                    if (self->ladder_ && !self->ladder_reported_ &&
                        self->context_.ladder_game_stored)
                        self->context_.ladder_game_stored(*self->ladder_, id);
                } else {
                    // Nothing of this game can be stored: its moves are refused.
                    log::error("play: storing a new game failed: " + status.error);
                    game->failed = true;
                }
                auto waiting = std::move(game->waiting);
                for (auto& work : waiting)
                    work(game->id);
                self->flush();
            });
        });
}

void TableHost::store_move(const lobby::MovePlayed& move, lobby::TimePoint at,
                           std::uint64_t version, std::shared_ptr<Outgoing> item) {
    if (!context_.writer)
        return;
    if (!game_) {
        item->ready = true;
        return;
    }
    move_write_ = MoveWrite{.items = {item},
                            .answer = nullptr,
                            .refusal = nullptr,
                            .version_before = version - 1,
                            .after = {}};
    auto row = move_row(move, at);
    with_game_id([self = shared_from_this(), row](std::optional<storage::GameId> id) {
        if (!id) {
            // Not from inside the table's play(): the roll-back replaces the table.
            boost::asio::post(self->strand_, [self] {
                self->move_stored(false, "the game's row could not be stored");
            });
            return;
        }
        self->context_.writer->append_move(*id, row, [self](const storage::WriteStatus& s) {
            boost::asio::post(self->strand_, [self, s] { self->move_stored(s.ok(), s.error); });
        });
    });
}

void TableHost::store_end(const lobby::GameEnded& ended, lobby::TimePoint at,
                          std::shared_ptr<Outgoing> item) {
    if (!context_.writer || !game_) {
        item->ready = true;
        report_ladder_end(ended.result);
        return;
    }
    const auto seats = table_->summary().seats;
    const auto white = account_of(seats[0]);
    const auto black = account_of(seats[1]);
    const lobby::GameEnded copy = ended;
    with_game_id([self = shared_from_this(), copy, at, item, white,
                  black](std::optional<storage::GameId> id) {
        if (!id) {
            item->ready = true;
            self->report_ladder_end(copy.result);
            return;
        }
        auto finish = finish_row(*id, *self->table_, copy, at, white, black);
        self->context_.writer->finish_game(
            std::move(finish), [self, item, result = copy.result](
                                   const storage::WriteStatus& s,
                                   const std::vector<storage::RatingRow>&) {
                boost::asio::post(self->strand_, [self, item, s, result] {
                    if (!s.ok())
                        log::error("play: storing a game's end failed: " + s.error);
                    item->ready = true;
                    self->report_ladder_end(result);
                    self->flush();
                });
            });
    });
}

// A ladder challenge is decided by its first game: a win for either side as played, a draw
// for the challenged player (who holds the rung), and a first-move timeout against the side
// that did not move.
void TableHost::report_ladder_end(const lobby::GameResult& result) {
    if (!ladder_ || ladder_reported_ || !context_.ladder_game_ended)
        return;
    ladder_reported_ = true;
    const auto challenger = table_->seat_of(ladder_->challenger);
    if (!challenger)
        return;
    using lobby::GameResult;
    bool challenger_won = false;
    if (result.kind == GameResult::Kind::WhiteWins)
        challenger_won = *challenger == lobby::Color::White;
    else if (result.kind == GameResult::Kind::BlackWins)
        challenger_won = *challenger == lobby::Color::Black;
    else if (result.kind == GameResult::Kind::Aborted && result.did_not_start)
        challenger_won = *result.did_not_start != *challenger;
    context_.ladder_game_ended(*ladder_, challenger_won
                                             ? lobby::ladder::ChallengeResult::ChallengerWon
                                             : lobby::ladder::ChallengeResult::ChallengerLostOrDrew);
}

// Stored moves are never rewritten: after a takeback the stored game is closed as
// superseded and the game as it now stands is stored as a new row with its moves.
void TableHost::store_takeback(lobby::TimePoint at) {
    if (!context_.writer || !game_)
        return;
    with_game_id([self = shared_from_this(), at](std::optional<storage::GameId> id) {
        if (!id)
            return;
        storage::FinishGame finish;
        finish.end = storage::GameEnd{
            .game_id = *id, .result = "*", .termination = "takeback", .ended_at = at};
        self->context_.writer->finish_game(std::move(finish), [](const auto&, const auto&) {});
    });
    const auto seats = table_->summary().seats;
    auto row = game_row(*table_, at, account_of(seats[0]), account_of(seats[1]), guest_tokens_,
                        ladder_);
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
                if (s.ok()) {
                    game->id = id;
                } else {
                    log::error("play: storing a game after a takeback failed: " + s.error);
                    game->failed = true;
                }
                auto waiting = std::move(game->waiting);
                for (auto& work : waiting)
                    work(game->id);
                self->flush();
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

void TableHost::track_finish() {
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

std::optional<lobby::TimePoint> TableHost::sweep_deadline() const {
    if (!finished_at_)
        return std::nullopt;
    auto deadline = *finished_at_ + context_.sweep.finished_kept;
    if (unwatched_since_)
        deadline = std::min(deadline, *unwatched_since_ + context_.sweep.finished_idle);
    return deadline;
}

void TableHost::after_change() {
    if (!table_ || stopped_)
        return;
    flush();
    track_finish();
    if (!gone_ && !move_write_) {
        if (const auto sweep = sweep_deadline(); sweep && now() >= *sweep) {
            // Swept: whoever is still here is told, then the service forgets the table.
            nlohmann::json message{{"t", "table_gone"}, {"table", table_->code()}};
            const auto text = shared_text(message);
            for (const auto& [id, member] : audience_)
                member.conn->send(text);
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
    auto deadline = table_->next_deadline();
    if (const auto sweep = sweep_deadline(); sweep && !gone_)
        deadline = deadline ? std::min(*deadline, *sweep) : *sweep;
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
        self->run([](TableHost& h) { h.check_timeouts(); });
    });
}

void TableHost::shut_down() {
    stopped_ = true;
    timer_.cancel();
}

} // namespace server::play
