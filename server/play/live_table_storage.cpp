// LiveTable's way to storage (live_table.h): the game row, its moves and its end, and what
// happens when storage refuses one of them.
#include "server/log.h"
#include "server/play/live_table.h"
#include "server/play/stored_game.h"
#include "server/protocol/envelope.h"

#include <algorithm>

namespace server::play {

namespace {

std::string seconds_text(lobby::Millis pause) {
    return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(pause).count()) + " s";
}

// A row stored with only some of its moves is no game: closed, so that no restart brings it
// back. On the writer thread.
void close_partial_row(storage::GameWriter& writer, storage::GameId id, lobby::TimePoint at) {
    storage::FinishGame close;
    close.end = storage::GameEnd{
        .game_id = id, .result = "*", .termination = "storage_failed", .ended_at = at};
    writer.finish_game(std::move(close), [id](const storage::WriteStatus& closed, const auto&) {
        if (!closed.ok())
            log::error("play: game " + std::to_string(id) +
                       " was stored without all its moves and could not be closed; a restart "
                       "would bring it back: " +
                       closed.error);
    });
}

} // namespace

// --- moves -------------------------------------------------------------------------------------

// The move's outbox is Pending (live_table.h) until the writer says it is on disk.
void LiveTable::write_move() {
    with_game_id([self = shared_from_this()](std::optional<storage::GameId> id) {
        if (!self->move_pending())
            return;
        if (!id) {
            // The game's row failed for good: this move (or leave) can never be stored. Posted:
            // this may run while its own events are being handled.
            boost::asio::post(self->strand_, [self] {
                const std::string why = "the game's row could not be stored";
                if (self->move_pending() && self->move_->leave)
                    return self->give_up_leave(why);
                self->give_up_move(why);
            });
            return;
        }
        const auto started = observability::storage_write_started();
        auto done = [self, started](const storage::WriteStatus& status) {
            observability::storage_write_done(started);
            boost::asio::post(self->strand_, [self, status] { self->move_written(status); });
        };
        if (self->move_->leave)
            self->context_.writer->append_leave(*id, *self->move_->leave, std::move(done));
        else
            self->context_.writer->append_move(*id, self->move_->row, std::move(done));
    });
}

void LiveTable::move_written(const storage::WriteStatus& status) {
    if (!move_pending() || stopped_ || stop_if_fenced(status))
        return;
    PendingWrite& move = *move_;
    if (status.ok()) {
        observability::move_stored(move_received_);
        if (move.failures > 0)
            log::warn("play: table " + table_->code() + ": a move was stored at attempt " +
                      std::to_string(move.failures + 1));
        move.stage = PendingWrite::Stage::OnDisk;
        // The move goes out now: the opponent's time runs from here, not from its arrival. (A
        // leave passes the turn when it happened, as a restored table has it: not here.)
        if (!move.leave)
            table_->move_released(now());
        move.items.front()->ready = true;
        auto after = std::move(move.after);
        for (auto& next : after)
            next();
        settle();
        return;
    }
    ++move.failures;
    if (move.failures >= context_.retry.move_attempts && move.leave)
        return give_up_leave(std::to_string(move.failures) + " attempts failed: " + status.error);
    if (move.failures >= context_.retry.move_attempts)
        return give_up_move(std::to_string(move.failures) + " attempts failed: " + status.error);
    log::error("play: table " + table_->code() + ": storing a " + (move.leave ? "leave" : "move") +
               " failed (attempt " + std::to_string(move.failures) + " of " +
               std::to_string(context_.retry.move_attempts) + "), trying again in " +
               seconds_text(retry_pause(move.failures)) +
               "; nothing of it is sent meanwhile: " + status.error);
    retry_later(move.failures, [](LiveTable& h) { h.write_move(); });
    arm_timer();
}

// Storage never took the pending move: it was never shown, so the table withdraws it and the
// game ends for everyone as aborted (storage_failed). The mover's request is answered
// storage_failed after that `game_ended`.
void LiveTable::give_up_move(const std::string& why) {
    if (!move_pending())
        return;
    log::error("play: table " + table_->code() +
               ": a move could not be stored; it is withdrawn and the game aborted "
               "(storage_failed): " +
               why);
    PendingWrite failed = std::move(*move_);
    move_.reset();
    outbox_.withdraw(failed.items);
    // The move event carried the mover's answer (live_table.h); it was never sent.
    const auto mover = failed.items.empty() ? nullptr : failed.items.front()->mover;
    // An `game_ended` the move caused was named for a resync: its version goes to the next event.
    ended_with_id_.erase(ended_with_id_.upper_bound(failed.version_before), ended_with_id_.end());
    table_->abort_unstored(/*withdraw_last_move=*/true, now());
    take_table_events(); // the `game_ended`, stored like any end
    if (mover)
        outbox_.queue_reply(
            mover, std::make_shared<const std::string>(protocol::make_error(
                       failed.answer_id, lobby::errc::storage_failed,
                       "the move could not be stored: it was not played, and the game is aborted")));
    settle();
}

bool LiveTable::stores(Outgoing& item) {
    if (!context_.writer)
        return false;
    if (!game_) {
        item.ready = true;
        return false;
    }
    return true;
}

void LiveTable::store_move(const lobby::MovePlayed& move, lobby::TimePoint at,
                           std::uint64_t version, OutgoingPtr item) {
    if (!stores(*item))
        return;
    move_ = PendingWrite{.stage = PendingWrite::Stage::Pending,
                       .items = {},
                       .answer_id = nullptr,
                       .row = move_row(move, at),
                       .leave = std::nullopt,
                       .version_before = version - 1,
                       .failures = 0,
                       .after = {}};
    move_->items.push_back(std::move(item));
    write_move();
}

// --- the game's row ----------------------------------------------------------------------------

void LiveTable::store_start(lobby::TimePoint at) {
    if (!context_.writer)
        return;
    auto game = std::make_shared<StoredGame>();
    game->row = game_row(*table_, at, ladder_);
    game_ = game;
    create_row(game);
}

// Stored moves are never rewritten: after a takeback the stored game is closed as
// superseded and the game as it now stands is stored as a new row with its moves.
void LiveTable::store_takeback(lobby::TimePoint at) {
    if (!context_.writer || !game_)
        return;
    with_game_id([self = shared_from_this(), at](std::optional<storage::GameId> id) {
        if (!id)
            return;
        // Written until it is on disk: else a restart would bring back both rows.
        storage::FinishGame finish;
        finish.end = storage::GameEnd{
            .game_id = *id, .result = "*", .termination = "takeback", .ended_at = at};
        ++self->ends_unstored_;
        self->write_end(std::make_shared<EndWrite>(EndWrite{std::move(finish), std::nullopt, 0}),
                        nullptr);
    });
    auto game = std::make_shared<StoredGame>();
    game->row = game_row(*table_, at, ladder_);
    // Every move with its mover's clock as it stands now (the times of the moves kept are not
    // stored per move), and the leaves kept (all before the move taken back: a leave since
    // refuses the takeback) with the leaver's clock, go into the new game with its moves.
    auto moves = move_rows(*table_, at);
    if (!moves) {
        // The table played these moves, so they replay; should they not, the game cannot be
        // stored whole and ends as a row that failed (storage_failed), never stored in part.
        game_ = game;
        game->attempts = context_.retry.row_attempts;
        const storage::WriteStatus failed{"the game after the takeback does not replay: " +
                                          moves.error().detail};
        post([game, failed](LiveTable& h) { h.row_written(game, failed, 0); });
        return;
    }
    game->moves = std::move(moves).value();
    const auto clocks = table_->state(at).clocks;
    for (const auto& leave : table_->recorded_leaves())
        game->leaves.push_back(storage::LeaveRow{.seat = leave.seat,
                                                 .ply = leave.ply,
                                                 .at = leave.at,
                                                 .reason = leave.reason,
                                                 .remaining = clocks.remaining[leave.seat]});
    game_ = game;
    create_row(game);
}

// One attempt at the row (with its moves, if any). The writer calls back in the order of the
// calls, so the last move's callback comes after every other.
void LiveTable::create_row(const std::shared_ptr<StoredGame>& game) {
    ++game->attempts;
    storage::GameWriter* writer = context_.writer;
    const lobby::TimeSource* time = context_.time; // thread-safe
    auto done = [self = shared_from_this(), game](const storage::WriteStatus& status,
                                                  storage::GameId id) {
        boost::asio::post(self->strand_,
                          [self, game, status, id] { self->row_written(game, status, id); });
    };
    writer->create_game(game->row, [writer, time, game, done](const storage::WriteStatus& status,
                                                              storage::GameId id) {
        const std::size_t rows = game->moves.size() + game->leaves.size();
        if (!status.ok() || rows == 0)
            return done(status, id);
        auto first_error = std::make_shared<storage::WriteStatus>();
        auto written = std::make_shared<std::size_t>(0);
        // The writer calls back in order: the last row's callback reports for all of them.
        auto row_done = [writer, time, id, done, first_error, written,
                         rows](const storage::WriteStatus& row) {
            if (!row.ok() && first_error->ok())
                *first_error = row;
            if (++*written != rows)
                return;
            if (!first_error->ok())
                close_partial_row(*writer, id, time->now());
            done(*first_error, id);
        };
        for (const auto& move : game->moves)
            writer->append_move(id, move, row_done);
        for (const auto& leave : game->leaves)
            writer->append_leave(id, leave, row_done);
    });
}

void LiveTable::row_written(const std::shared_ptr<StoredGame>& game,
                            const storage::WriteStatus& status, storage::GameId id) {
    if (stop_if_fenced(status))
        return;
    const std::string where = "play: table " + table_->code() + ": storing its game ";
    if (status.ok()) {
        game->id = id;
        if (game->attempts > 1)
            log::warn(where + "succeeded at attempt " + std::to_string(game->attempts));
        if (ladder_ && !ladder_reported_ && context_.ladder_game_stored)
            context_.ladder_game_stored(*ladder_, id);
    } else if (game->attempts < context_.retry.row_attempts) {
        log::error(where + "failed (attempt " + std::to_string(game->attempts) + " of " +
                   std::to_string(context_.retry.row_attempts) + "), trying again in " +
                   seconds_text(retry_pause(game->attempts)) + ": " + status.error);
        retry_later(game->attempts, [game](LiveTable& h) { h.create_row(game); });
        after_change();
        return;
    } else {
        log::error(where + "failed " + std::to_string(game->attempts) +
                   " times; the game is aborted (storage_failed): " + status.error);
        game->failed = true;
    }
    auto waiting = std::move(game->waiting);
    for (auto& work : waiting)
        work(game->id);
    // After the withdrawal of a move that waited for the row (posted above, so it runs first).
    if (game->failed)
        post([game](LiveTable& h) { h.abort_unstored(game); });
    after_change();
}

// Nothing of the game at this table can be stored: if it is still being played, it ends for
// everyone as aborted, reason "storage_failed" (no rating change). Its `game_ended` is taken from
// the table after this work, like any event, and is shown without being stored.
void LiveTable::abort_unstored(const std::shared_ptr<StoredGame>& game) {
    if (game != game_ || table_->status() != lobby::TableStatus::Playing)
        return; // a newer game, or this one ended otherwise (shown, not stored)
    table_->abort_unstored(/*withdraw_last_move=*/false, now());
}

// --- the game's end ----------------------------------------------------------------------------

void LiveTable::store_end(const lobby::GameEnded& ended, lobby::TimePoint at,
                          OutgoingPtr item) {
    if (!context_.writer || !game_) {
        item->ready = true;
        report_ladder_end(ended.result);
        return;
    }
    ++ends_unstored_;
    with_game_id([self = shared_from_this(), ended, at, item](std::optional<storage::GameId> id) {
        if (!id) {
            // The game has no row: its end is shown, not stored. A ladder hears only that the
            // game decided nothing (its challenge is cancelled).
            --self->ends_unstored_;
            item->ready = true;
            log::error("play: table " + self->table_->code() +
                       ": a game ended that could not be stored (" + ended.result.reason + ")");
            if (ended.result.reason == lobby::storage_failed_reason)
                self->report_ladder_end(ended.result);
            return;
        }
        auto end = std::make_shared<EndWrite>(
            EndWrite{finish_row(*id, *self->table_, ended, at), ended.result, 0});
        self->write_end(end, item);
    });
}

// One attempt. The `game_ended` event (`item`) goes out after the first attempt, stored or not:
// everyone sees the game end, and the table keeps it ended while the writes go on.
void LiveTable::write_end(const std::shared_ptr<EndWrite>& end, OutgoingPtr item) {
    context_.writer->finish_game(
        end->finish,
        [self = shared_from_this(), end, item = std::move(item)](
            const storage::WriteStatus& status, const std::vector<storage::RatingRow>&) {
            boost::asio::post(self->strand_,
                              [self, end, item, status] { self->end_written(end, item, status); });
        });
}

void LiveTable::end_written(const std::shared_ptr<EndWrite>& end,
                            const OutgoingPtr& item,
                            const storage::WriteStatus& status) {
    if (stop_if_fenced(status))
        return;
    if (item)
        item->ready = true;
    const std::string what = "play: table " + table_->code() + ": the end of game " +
                             std::to_string(end->finish.end.game_id);
    if (status.ok()) {
        --ends_unstored_;
        if (end->failures > 0)
            log::warn(what + " is stored, after " + std::to_string(end->failures) +
                      " failed attempts");
        if (end->ladder_result)
            report_ladder_end(*end->ladder_result);
    } else {
        ++end->failures;
        log::error(what + " could not be stored (attempt " + std::to_string(end->failures) +
                   "), trying again in " + seconds_text(retry_pause(end->failures)) +
                   "; a restart now would bring the game back unfinished: " + status.error);
        retry_later(end->failures, [end](LiveTable& h) { h.write_end(end, nullptr); });
    }
    after_change();
}

// A ladder challenge is decided by its first game: a win for either side as played, a draw
// for the challenged player (who holds the rung), and a first-move timeout against the side
// that did not move.
void LiveTable::report_ladder_end(const lobby::GameResult& result) {
    if (!ladder_ || ladder_reported_ || !context_.ladder_game_ended)
        return;
    ladder_reported_ = true;
    if (result.reason == lobby::storage_failed_reason) {
        // Aborted because the game could not be stored: it decides nothing, and the challenge
        // is cancelled so that it can be made again (lobby/ladder/ladder.h).
        log::error("play: ladder " + std::to_string(ladder_->ladder_id) + " challenge " +
                   std::to_string(ladder_->challenge_id) +
                   ": its game could not be stored and was aborted; the challenge is cancelled");
        context_.ladder_game_ended(*ladder_, lobby::ladder::ChallengeResult::NoResult);
        return;
    }
    const auto challenger = table_->seat_of(ladder_->challenger);
    if (!challenger)
        return;
    using lobby::GameResult;
    bool challenger_won = false;
    if (result.kind == GameResult::Kind::Win)
        challenger_won = *challenger == result.winner;
    else if (result.kind == GameResult::Kind::Aborted && result.did_not_start)
        challenger_won = *result.did_not_start != *challenger;
    context_.ladder_game_ended(
        *ladder_, challenger_won ? lobby::ladder::ChallengeResult::ChallengerWon
                                 : lobby::ladder::ChallengeResult::ChallengerLostOrDrew);
}

// --- fencing ---------------------------------------------------------------------------------

// Another node took the table over (its writer's fence moved on): what this node holds of it
// is not stored and never will be by this node, so nothing of it may go out, be retried or end
// the game. The new owner goes on from what is stored; the players' connections resync there.
bool LiveTable::stop_if_fenced(const storage::WriteStatus& status) {
    if (!status.fenced)
        return false;
    if (stopped_)
        return true;
    log::warn("play: table " + table_->code() +
              ": the writer is fenced, so this node no longer owns the table; it is dropped "
              "without ending its game");
    const std::string code = table_->code();
    gone_ = true;
    shut_down();
    if (context_.fenced)
        context_.fenced(code);
    return true;
}

void LiveTable::drop_unended(std::function<void()> then) {
    boost::asio::post(strand_, [self = shared_from_this(), then = std::move(then)] {
        if (!self->stopped_) {
            self->gone_ = true;
            self->shut_down();
        }
        if (then)
            then();
    });
}

// --- retries -----------------------------------------------------------------------------------

lobby::Millis LiveTable::retry_pause(int failures) const {
    lobby::Millis pause = context_.retry.first_pause;
    for (int i = 1; i < failures && pause < context_.retry.longest_pause; ++i)
        pause *= 2;
    return std::min(pause, context_.retry.longest_pause);
}

void LiveTable::retry_later(int failures, std::function<void(LiveTable&)> attempt) {
    retries_.push_back(Retry{.at = now() + retry_pause(failures), .attempt = std::move(attempt)});
}

void LiveTable::retry_due_writes() {
    if (retries_.empty() || stopped_ || !context_.writer)
        return;
    const auto at = now();
    std::vector<Retry> due;
    std::erase_if(retries_, [&](Retry& retry) {
        if (retry.at > at)
            return false;
        due.push_back(std::move(retry));
        return true;
    });
    for (auto& retry : due)
        retry.attempt(*this);
}

std::optional<lobby::TimePoint> LiveTable::next_retry() const {
    std::optional<lobby::TimePoint> next;
    for (const auto& retry : retries_)
        if (!next || retry.at < *next)
            next = retry.at;
    return next;
}

} // namespace server::play
