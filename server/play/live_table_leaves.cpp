// LiveTable's way to storage for a seat that leaves a game of more than two players (resigned,
// flagged, abandoned: lobby::PlayerRetired): stored like a move, through the same outbox
// (live_table.h), with GameWriter::append_leave in order with the moves.
#include "server/log.h"
#include "server/play/stored_game.h"
#include "server/play/live_table.h"

namespace server::play {

// A seat left a game of more than two: stored like a move (the outbox waits for it), after the
// move being written if there is one, so the writer gets them in the order they happened.
void LiveTable::store_leave(const lobby::PlayerRetired& retired, lobby::TimePoint at,
                            std::uint64_t version, OutgoingPtr item) {
    if (!stores(*item))
        return;
    if (move_pending()) {
        move_->items.push_back(item); // withdrawn with the move should it never be stored
        move_->after.push_back([self = shared_from_this(), retired, at, version, item] {
            self->store_leave(retired, at, version, item);
        });
        return;
    }
    move_.emplace();
    move_->stage = PendingWrite::Stage::Pending;
    move_->answer_id = nullptr;
    move_->leave = leave_row(retired, at);
    move_->version_before = version - 1;
    move_->items.push_back(std::move(item));
    write_move();
}

// Storage never took a seat's leave: the game cannot go on stored, so it ends for everyone as
// aborted (storage_failed). The leave is shown (the table has it: no replay rolls it back) and
// the `game_ended` after it is stored like any end.
void LiveTable::give_up_leave(const std::string& why) {
    if (!move_pending())
        return;
    log::error(
        "play: table " + table_->code() +
        ": a seat's leave could not be stored; the game is aborted (storage_failed): " + why);
    PendingWrite failed = std::move(*move_);
    move_.reset();
    for (const auto& item : failed.items)
        item->ready = true;
    // What waited for the leave (an `game_ended` it caused) goes on; the abort below then finds
    // the game over, or ends it.
    for (auto& next : failed.after)
        next();
    table_->abort_unstored(/*withdraw_last_move=*/false, now());
    take_table_events();
    settle();
}

} // namespace server::play
