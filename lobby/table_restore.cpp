#include "lobby/table.h"

#include <algorithm>

namespace lobby {

namespace {} // namespace

rules::Result<std::unique_ptr<Table>> Table::restore(const TableRecord& record,
                                                     TableContext context, TimePoint now) {
    if (auto error = validate_stored(record.setup))
        return *error;
    if (record.status == TableStatus::Closed)
        return refuse(errc::table_closed, "a closed table is not restored");
    const bool all = std::all_of(record.seats.begin(), record.seats.end(),
                                 [](const auto& seat) { return seat.has_value(); });
    if (record.status != TableStatus::Waiting && !all)
        return refuse(errc::bad_setup, "a started game needs all its players");
    if (record.status == TableStatus::Waiting && (all || !record.moves.empty()))
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
    table->log_ =
        EventLog(table->context_.limits.event_history, record.version + 1, table->seat_count());
    if (auto error = table->replay_record(record, now))
        return *error;
    return table;
}

// Seats the players (absent until they reconnect, unless marked present) and replays the moves with
// their times, so the clock comes back exactly as it was (or as stored, when the record has it).
Refusal Table::replay_record(const TableRecord& record, TimePoint now) {
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
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
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
        clock_.stop(moves_.empty() ? started_at_ : moves_.back().at);
    }
    return std::nullopt;
}

} // namespace lobby
