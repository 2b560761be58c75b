#include "lobby/event_log.h"

#include <cassert>

namespace lobby {

EventLog::EventLog(std::size_t capacity, std::uint64_t first_version)
    : capacity_(capacity), next_version_(first_version) {
    assert(capacity >= 1 && first_version >= 1);
}

namespace {

bool describes_position(const TableEventBody& body) {
    return std::holds_alternative<MovePlayed>(body) || std::holds_alternative<TakebackDone>(body) ||
           std::holds_alternative<GameStarted>(body);
}

// The event without its board and legal moves (a start keeps its board: it resets the game).
// The copy leaves those out instead of copying and clearing them: this runs on every move,
// and the legal moves are most of an event's allocations.
TableEventBody slim_body(const TableEventBody& body) {
    if (const auto* move = std::get_if<MovePlayed>(&body))
        return MovePlayed{.ply = move->ply,
                          .by = move->by,
                          .next = move->next,
                          .move = move->move,
                          .position = move->position,
                          .board = {},
                          .legal_moves = {},
                          .clocks = move->clocks,
                          .first_move_deadline = move->first_move_deadline};
    if (const auto* takeback = std::get_if<TakebackDone>(&body))
        return TakebackDone{.plies_undone = takeback->plies_undone,
                            .ply = takeback->ply,
                            .moves = takeback->moves,
                            .last_move = takeback->last_move,
                            .position = takeback->position,
                            .board = {},
                            .legal_moves = {},
                            .clocks = takeback->clocks};
    const auto& started = std::get<GameStarted>(body);
    return GameStarted{.game_number = started.game_number,
                       .players = started.players,
                       .start_position = started.start_position,
                       .board = started.board,
                       .legal_moves = {},
                       .clocks = started.clocks,
                       .first_move_deadline = started.first_move_deadline};
}

// Leaves out the same bulk as slim_body, from the event itself.
void drop_bulk(TableEventBody& body) {
    if (auto* move = std::get_if<MovePlayed>(&body)) {
        move->board = rules::BoardView{}; // assigned from a new one: the old storage is freed
        move->legal_moves = std::vector<rules::MoveView>{};
    } else if (auto* takeback = std::get_if<TakebackDone>(&body)) {
        takeback->board = rules::BoardView{};
        takeback->legal_moves = std::vector<rules::MoveView>{};
    } else {
        std::get<GameStarted>(body).legal_moves = std::vector<rules::MoveView>{};
    }
}

// Slims the kept event in place when the log holds the only reference to it, so no one can
// see it change: the usual case, since a move's event has been sent and stored before the
// next move comes. Otherwise a slimmed copy takes its place and the holders keep the whole.
void slim(std::shared_ptr<TableEvent>& kept) {
    if (kept.use_count() == 1) {
        drop_bulk(kept->body);
        return;
    }
    kept = std::make_shared<TableEvent>(TableEvent{.version = kept->version,
                                                   .at = kept->at,
                                                   .body = slim_body(kept->body)});
}

} // namespace

EventPtr EventLog::append(TimePoint at, TableEventBody body) {
    auto event = std::make_shared<TableEvent>(
        TableEvent{.version = next_version_++, .at = at, .body = std::move(body)});
    if (describes_position(event->body)) {
        // The previous position's bulk is no longer needed by anyone resyncing.
        for (auto it = events_.rbegin(); it != events_.rend(); ++it)
            if (describes_position((*it)->body)) {
                slim(*it);
                break;
            }
    }
    events_.push_back(event);
    if (events_.size() > capacity_)
        events_.pop_front();
    return event;
}

void EventLog::withdraw_after(std::uint64_t kept, const rules::BoardView& board) {
    if (kept >= version())
        return;
    while (!events_.empty() && events_.back()->version > kept)
        events_.pop_back();
    next_version_ = kept + 1;
    for (auto it = events_.rbegin(); it != events_.rend(); ++it) {
        if (!describes_position((*it)->body))
            continue;
        TableEvent whole = **it;
        if (auto* move = std::get_if<MovePlayed>(&whole.body))
            move->board = board;
        else if (auto* takeback = std::get_if<TakebackDone>(&whole.body))
            takeback->board = board;
        *it = std::make_shared<TableEvent>(std::move(whole));
        break;
    }
}

std::optional<std::vector<EventPtr>> EventLog::since(std::uint64_t seen) const {
    if (seen > version())
        return std::nullopt;
    if (seen == version())
        return std::vector<EventPtr>{};
    if (events_.empty() || events_.front()->version > seen + 1)
        return std::nullopt;
    const auto skip = static_cast<std::ptrdiff_t>(seen + 1 - events_.front()->version);
    return std::vector<EventPtr>(events_.begin() + skip, events_.end());
}

} // namespace lobby
