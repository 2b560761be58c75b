#include "lobby/table.h"

#include <algorithm>
#include <cassert>

namespace lobby {

GameFactory rules_game_factory() {
    return [](rules::VariantId id, std::string_view position, const rules::GameOptions& options) {
        return rules::make_game(id, position, options);
    };
}

std::string_view status_name(TableStatus status) {
    switch (status) {
    case TableStatus::Waiting:
        return "waiting";
    case TableStatus::Playing:
        return "playing";
    case TableStatus::Finished:
        return "finished";
    case TableStatus::Closed:
        return "closed";
    }
    return "closed";
}

Table::Table(std::string code, TableSetup setup, Player host, TableContext context,
             std::unique_ptr<rules::Game> game)
    : code_(std::move(code)), setup_(std::move(setup)), host_(std::move(host)),
      context_(std::move(context)), seats_(game->players()), game_(std::move(game)),
      clock_(setup_.time_control, context_.limits.lag, seats_.size()),
      rematch_offers_(seats_.size(), false), log_(context_.limits.event_history) {
}

rules::Result<std::unique_ptr<Table>> Table::create(std::string code, TableSetup setup, Player host,
                                                    TableContext context, RandomSource& random,
                                                    TimePoint now) {
    if (auto error = validate_game(setup))
        return *error;
    if (setup.rated && !host.registered())
        return refuse(errc::not_allowed, "rated games are for registered players");
    // A variant of numbered start positions (Chess960) without a position given starts from
    // one drawn at random, kept in the setup: the stored game, a restart and the rematch (the
    // same position with the seats turned) all start from it.
    if (const int count = rules::start_position_count(setup.variant);
        count > 0 && setup.start_position.empty()) {
        const auto number = static_cast<int>(random.below(static_cast<std::uint64_t>(count)));
        auto fen = rules::start_position_fen(setup.variant, number);
        if (!fen)
            return refuse(errc::bad_setup, fen.error().detail);
        setup.start_position = std::move(fen).value();
    }
    rules::GameOptions options{.draw_rules = setup.draw_rules};
    auto game = context.make_game(setup.variant, setup.start_position, options);
    if (!game)
        return refuse(errc::bad_setup, game.error().detail);
    if (game.value()->players() < 2 || game.value()->players() > max_seats)
        return refuse(errc::bad_setup, "a table seats 2 to " + std::to_string(max_seats));
    int seat = 0;
    if (setup.color == ColorChoice::Black)
        seat = 1;
    if (setup.color == ColorChoice::Random)
        seat = static_cast<int>(random.below(static_cast<std::uint64_t>(game.value()->players())));
    std::unique_ptr<Table> table(new Table(std::move(code), std::move(setup), host,
                                           std::move(context), std::move(game).value()));
    table->seats_[seat] = Seat{.player = host};
    table->emit(now, PlayerSeated{seat, std::move(host)});
    return table;
}

// --- seats, spectators, chat ----------------------------------------------------------------

rules::Result<int> Table::join(const Player& player, TimePoint now) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    if (seat_of(player.id))
        return refuse(errc::already_seated, "you already sit at this table");
    if (status_ != TableStatus::Waiting)
        return refuse(errc::table_full, "every seat is taken");
    if (setup_.rated && !player.registered())
        return refuse(errc::not_allowed, "rated games are for registered players");
    if (blocked_from(player.id))
        return refuse(errc::blocked, "you cannot join this table");
    int seat = 0;
    while (seats_[seat])
        ++seat; // a Waiting table has an open seat
    spectators_.erase(player.id);
    seats_[seat] = Seat{.player = player};
    emit(now, PlayerSeated{seat, player});
    if (all_seated())
        start_game(now);
    return seat;
}

Refusal Table::leave(const PlayerId& player, TimePoint now) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    if (spectators_.erase(player) > 0) {
        emit(now, SpectatorLeft{player});
        return std::nullopt;
    }
    const auto index = seat_of(player);
    if (!index)
        return refuse(errc::not_seated, "you are not at this table");
    // Past two seats a player who has finished or left the game may leave the table while the
    // others play on (issue 14: "players who finish may leave").
    const bool out_of_game = status_ == TableStatus::Playing && !still_in_game(*index);
    if (status_ == TableStatus::Playing && !out_of_game)
        return refuse(errc::already_started, "the game is on: resign or abort instead");
    if (status_ == TableStatus::Finished || out_of_game) {
        Seat& seat = *seats_[*index];
        if (seat.left)
            return std::nullopt;
        seat.left = true;
        rematch_offers_.clear();
        emit(now, PlayerLeft{*index, player});
        return std::nullopt;
    }
    // Waiting: a guest frees the seat; the host closes the table.
    if (player != host_.id) {
        seats_[*index].reset();
        emit(now, PlayerLeft{*index, player});
        return std::nullopt;
    }
    close(now, "host-left");
    return std::nullopt;
}

Refusal Table::cancel(const PlayerId& host, TimePoint now) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    if (host != host_.id)
        return refuse(errc::not_host, "only the host can cancel the table");
    if (status_ != TableStatus::Waiting)
        return refuse(errc::already_started, "the game has started: resign or abort instead");
    close(now, "cancelled");
    return std::nullopt;
}

Refusal Table::watch(const Player& spectator, TimePoint now) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    if (seat_of(spectator.id))
        return refuse(errc::already_seated, "you sit at this table");
    if (spectators_.contains(spectator.id))
        return std::nullopt;
    if (blocked_from(spectator.id))
        return refuse(errc::blocked, "you cannot watch this table");
    if (spectators_.size() >= context_.limits.max_spectators)
        return refuse(errc::table_full, "this table has as many spectators as it can take");
    spectators_.emplace(spectator.id, spectator);
    emit(now, SpectatorJoined{spectator});
    return std::nullopt;
}

Refusal Table::chat(const PlayerId& from, std::string_view text, TimePoint now) {
    if (status_ == TableStatus::Closed)
        return refuse(errc::table_closed, "the table is closed");
    const Seat* seat = seat_for(from);
    const auto spectator = spectators_.find(from);
    if (!seat && spectator == spectators_.end())
        return refuse(errc::not_seated, "join or watch the table to chat");
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return refuse(errc::empty_message, "the message is empty");
    const TableLimits& limits = context_.limits;
    if (text.size() > limits.max_chat_length)
        return refuse(errc::message_too_long, "at most " + std::to_string(limits.max_chat_length) +
                                                  " characters per message");
    auto bucket = chat_buckets_.find(from);
    if (bucket == chat_buckets_.end())
        bucket =
            chat_buckets_.emplace(from, TokenBucket(limits.chat_burst, limits.chat_per_second, now))
                .first;
    if (!bucket->second.try_take(now))
        return refuse(errc::rate_limited, "you are chatting too fast; wait a moment");
    const Player& who = seat ? seat->player : spectator->second;
    keep_chat_line(ChatLine{.from = who.id,
                            .display_name = who.display_name,
                            .spectator = seat == nullptr,
                            .text = std::string(text),
                            .at = now});
    emit(now, ChatPosted{.from = who.id,
                         .display_name = who.display_name,
                         .spectator = seat == nullptr,
                         .text = std::string(text)});
    return std::nullopt;
}

// The history a (re)joining client gets: newest last, the oldest dropped past the limit, so a
// table's chat never holds more than chat_history lines of at most max_chat_length bytes.
void Table::keep_chat_line(ChatLine line) {
    const std::size_t keep = context_.limits.chat_history;
    if (keep == 0)
        return;
    while (chat_.size() >= keep)
        chat_.pop_front();
    chat_.push_back(std::move(line));
}

// --- events -----------------------------------------------------------------------------------

void Table::take_events(std::vector<EventPtr>& into) {
    into.clear();
    into.swap(produced_);
}

// --- reading ----------------------------------------------------------------------------------

std::optional<std::vector<EventPtr>> Table::events_since(std::uint64_t seen) const {
    return log_.since(seen);
}

std::optional<int> Table::seat_of(const PlayerId& player) const {
    for (int seat = 0; seat < seats_.size(); ++seat)
        if (seats_[seat] && seats_[seat]->player.id == player)
            return seat;
    return std::nullopt;
}

bool Table::all_seated() const {
    return std::all_of(seats_.begin(), seats_.end(), [](const auto& seat) { return seat; });
}

std::optional<Millis> Table::claim_grace() const {
    return abandonment_grace(setup_.time_control);
}

std::vector<Player> Table::players() const {
    std::vector<Player> out;
    out.reserve(static_cast<std::size_t>(seats_.size()));
    for (const auto& seat : seats_)
        out.push_back(seat ? seat->player : Player{});
    return out;
}

std::optional<ClockState> Table::clock_state() const {
    if (status_ == TableStatus::Waiting || status_ == TableStatus::Closed)
        return std::nullopt;
    return clock_.state();
}

TableSummary Table::summary() const {
    TableSummary s{.code = code_,
                   .setup = setup_,
                   .host = host_,
                   .status = status_,
                   .game_number = game_number_,
                   .spectators = spectators_.size()};
    s.seats = PerSeat<std::optional<Player>>(seats_.size());
    for (int i = 0; i < seats_.size(); ++i)
        if (seats_[i])
            s.seats[i] = seats_[i]->player;
    return s;
}

TableState Table::state(TimePoint now) const {
    TableState s{.code = code_,
                 .setup = setup_,
                 .host = host_,
                 .status = status_,
                 .game_number = game_number_};
    s.seats = PerSeat<std::optional<SeatView>>(seats_.size());
    for (int i = 0; i < seats_.size(); ++i) {
        if (!seats_[i])
            continue;
        const RecordedLeave* leave = leave_of(i);
        s.seats[i] = SeatView{.player = seats_[i]->player,
                              .connected = seats_[i]->connected,
                              .disconnected_since = seats_[i]->disconnected_since,
                              .retired = leave != nullptr,
                              .left_reason = leave ? leave->reason : std::string{}};
    }
    for (const auto& [id, player] : spectators_)
        s.spectators.push_back(player);
    s.start_position = game_->start_position();
    s.position = game_->position();
    s.board = game_->board();
    for (const auto& m : moves_)
        s.moves.push_back(m.move);
    s.moves_display = moves_display_;
    s.history = played_moves();
    s.last_move = last_move_;
    if (status_ == TableStatus::Playing)
        s.legal_moves = game_->legal_move_views();
    s.clocks = clock_view(now);
    s.first_move_deadline = first_move_deadline();
    s.draw_offer = draw_offer_;
    s.takeback_request = takeback_by_;
    if (takeback_by_) {
        s.takeback_accepted = takeback_accepted_;
        s.takeback_waiting = takeback_waiting_;
    }
    s.rematch_offers = rematch_offers_;
    s.result = result_;
    s.chat.assign(chat_.begin(), chat_.end());
    if (status_ != TableStatus::Waiting && status_ != TableStatus::Closed)
        s.started_at = started_at_;
    s.version = log_.version();
    return s;
}

TableSnapshot Table::snapshot() const {
    TableSnapshot r{.code = code_,
                  .setup = setup_,
                  .host = host_,
                  .status = status_,
                  .game_number = game_number_,
                  .started_at = started_at_,
                  .moves = moves_,
                  .leaves = leaves_,
                  .clock = clock_state(),
                  .result = result_,
                  .version = log_.version()};
    r.seats = PerSeat<std::optional<Player>>(seats_.size());
    r.present = PerSeat<bool>(seats_.size(), false);
    for (int i = 0; i < seats_.size(); ++i)
        if (seats_[i])
            r.seats[i] = seats_[i]->player;
    r.chat.assign(chat_.begin(), chat_.end());
    return r;
}

// --- helpers ----------------------------------------------------------------------------------

void Table::emit(TimePoint now, TableEventBody body) {
    emit_and_get(now, std::move(body));
}

EventPtr Table::emit_and_get(TimePoint now, TableEventBody body) {
    if (!std::holds_alternative<MovePlayed>(body))
        ++summary_revision_;
    EventPtr event = log_.append(now, std::move(body));
    produced_.push_back(event);
    return event;
}

ClockView Table::clock_view(TimePoint now) const {
    return ClockView{.remaining = clock_.all_remaining(now),
                     .to_move = clock_.running() ? clock_.to_move() : game_->seat_to_move(),
                     .running = clock_.running(),
                     .at = now,
                     .turn_started = clock_.running() ? clock_.state().turn_started : now};
}

// Every move of the game with its cells, replayed from the start position (with the leaves
// between them, which change whose move it is). A move keeps only
// its notation (the cells would cost every move a copy on the move path), and a client asks
// for the full state seldom (a join, a reload, a gap in events), so the replay is done then.
std::vector<rules::MoveView> Table::played_moves() const {
    std::vector<rules::MoveView> views;
    views.reserve(moves_.size());
    auto game = context_.make_game(setup_.variant, game_->start_position(), game_options());
    assert(game && "the game's own start position makes a game");
    if (!game)
        return views;
    std::size_t leave = 0;
    for (const RecordedMove& move : moves_) {
        [[maybe_unused]] const bool retired = retire_stored(**game, views.size(), leave);
        assert(retired && "a leave the game accepted replays");
        auto played = game.value()->play(move.move);
        assert(played && "a move the game accepted replays from its start");
        if (!played)
            break;
        views.push_back(std::move(played).value());
    }
    return views;
}

Table::Seat* Table::seat_for(const PlayerId& player) {
    const auto seat = seat_of(player);
    return seat ? &*seats_[*seat] : nullptr;
}

const Table::Seat* Table::seat_for(const PlayerId& player) const {
    const auto seat = seat_of(player);
    return seat ? &*seats_[*seat] : nullptr;
}

bool Table::blocked_from(const PlayerId& player) const {
    if (!context_.blocks)
        return false;
    for (const auto& seat : seats_)
        if (seat && context_.blocks->either_blocks(seat->player.id, player))
            return true;
    return false;
}

rules::GameOptions Table::game_options() const {
    return rules::GameOptions{.draw_rules = setup_.draw_rules};
}

} // namespace lobby
