#include "lobby/table.h"

#include <algorithm>

namespace lobby {

namespace {

// Leaves in order, each between the moves (at most after the last), plies never decreasing.
bool leaves_in_order(const TableSnapshot& record) {
    int ply = 0;
    for (const RecordedLeave& leave : record.leaves) {
        if (leave.ply < ply || static_cast<std::size_t>(leave.ply) > record.moves.size())
            return false;
        ply = leave.ply;
    }
    return true;
}

} // namespace

rules::Result<std::unique_ptr<Table>> Table::restore(const TableSnapshot& record,
                                                     TableContext context, TimePoint now) {
    if (auto error = validate_stored(record.setup))
        return *error;
    if (record.status == TableStatus::Closed)
        return refuse(errc::table_closed, "a closed table is not restored");
    const bool all = std::all_of(record.seats.begin(), record.seats.end(),
                                 [](const auto& seat) { return seat.has_value(); });
    if (record.status != TableStatus::Waiting && !all)
        return refuse(errc::bad_setup, "a started game needs all its players");
    if (!leaves_in_order(record))
        return refuse(errc::bad_setup, "the stored leaves are not in the order of the moves");
    if (record.status == TableStatus::Waiting &&
        (all || !record.moves.empty() || !record.leaves.empty()))
        return refuse(errc::bad_setup, "a waiting table has an open seat and no moves");
    auto game = context.make_game(record.setup.variant, record.setup.start_position,
                                  rules::GameOptions{.draw_rules = record.setup.draw_rules});
    if (!game)
        return refuse(errc::bad_setup, game.error().detail);
    if (game.value()->players() != record.seats.size())
        return refuse(errc::bad_setup, "the record has " + std::to_string(record.seats.size()) +
                                           " seats, the game " +
                                           std::to_string(game.value()->players()) + " players");
    std::unique_ptr<Table> table(new Table(record.code, record.setup, record.host,
                                           std::move(context), std::move(game).value()));
    table->log_ = EventLog(table->context_.limits.event_history, record.version + 1);
    if (auto error = table->replay_record(record, now))
        return *error;
    return table;
}

// Seats the players (absent until they reconnect, unless marked present) and replays the moves with
// their times, and the leaves where they happened (rules/game.h: before the move stored at their
// ply, those after the last move at the end), so the clock comes back exactly as it was (or as
// stored, when the record has it).
Refusal Table::replay_record(const TableSnapshot& record, TimePoint now) {
    for (int i = 0; i < seat_count(); ++i) {
        if (!record.seats[i])
            continue;
        const bool present = i < record.present.size() && record.present[i];
        seats_[i] =
            Seat{.player = *record.seats[i],
                 .connected = present,
                 .disconnected_since = present ? std::nullopt : std::optional<TimePoint>(now)};
    }
    for (const Player& spectator : record.spectators)
        spectators_[spectator.id] = spectator;
    for (const ChatLine& line : record.chat)
        keep_chat_line(line);
    game_number_ = record.game_number;
    if (record.status == TableStatus::Waiting)
        return std::nullopt;
    status_ = TableStatus::Playing;
    started_at_ = record.started_at;
    turn_started_ = record.started_at;
    first_seat_ = game_->seat_to_move();
    std::size_t leave = 0;
    for (std::size_t i = 0; i <= record.moves.size(); ++i) {
        if (auto refused = replay_leaves(record, i, leave))
            return refused;
        if (i == record.moves.size())
            break;
        const RecordedMove& move = record.moves[i];
        const int mover = game_->seat_to_move();
        auto played = game_->play(move.move);
        if (!played)
            return refuse(errc::bad_setup, "stored move " + std::to_string(i + 1) + " (" +
                                               move.move +
                                               ") does not replay: " + played.error().detail);
        if (clock_.running())
            clock_.press(move.at, move.lag, game_->seat_to_move());
        last_mover_ = mover;
        moves_.push_back(move);
        moves_display_.push_back(played.value().display);
        last_move_ = std::move(played).value();
        turn_started_ = move.at;
        if (!clock_.running() && moves_.size() >= opening_moves() && !game_->outcome().over())
            clock_.start(game_->seat_to_move(), move.at);
    }
    if (record.clock && (record.clock->remaining.size() != seat_count() ||
                         record.clock->lag_quota.size() != seat_count()))
        return refuse(errc::bad_setup, "the stored clock has another number of seats");
    if (record.clock)
        clock_ = GameClock::restore(setup_.time_control, *record.clock, context_.limits.lag);
    if (record.result || game_->outcome().over()) {
        result_ = record.result ? *record.result : result_of(game_->outcome());
        status_ = TableStatus::Finished;
        TimePoint ended = moves_.empty() ? started_at_ : moves_.back().at;
        if (!leaves_.empty())
            ended = std::max(ended, leaves_.back().at);
        clock_.stop(ended);
    }
    return std::nullopt;
}

// The stored leaves at `ply` moves, from record.leaves[next] on, as leave_game made them: the
// seat retires and, if it was to move, the next seat's time starts when it left.
Refusal Table::replay_leaves(const TableSnapshot& record, std::size_t ply, std::size_t& next) {
    for (; next < record.leaves.size() && static_cast<std::size_t>(record.leaves[next].ply) == ply;
         ++next) {
        const RecordedLeave& leave = record.leaves[next];
        const bool was_to_move = game_->seat_to_move() == leave.seat;
        const bool had_moved = has_moved(leave.seat);
        const auto retired = game_->retire(leave.seat);
        if (!retired)
            return refuse(errc::bad_setup, "stored leave " + std::to_string(next + 1) + " (seat " +
                                               std::to_string(leave.seat) +
                                               ") does not replay: " + retired.error().detail);
        if (was_to_move && !retired.value().over()) {
            if (clock_.running())
                clock_.switch_to(game_->seat_to_move(), leave.at);
            turn_started_ = leave.at;
        }
        if (!retired.value().over())
            opening_after_leave(had_moved, leave.at);
        leaves_.push_back(leave);
    }
    return std::nullopt;
}

} // namespace lobby
