#include "server/play/stored_game.h"

#include "lobby/errors.h"
#include "lobby/game_clock.h"
#include "lobby/rating/glicko2.h"
#include "lobby/rating/inactivity.h"
#include "lobby/rating/placings.h"
#include "lobby/rating/rating_policy.h"
#include "lobby/time_control_text.h"
#include "rules/game.h"
#include "rules/variant.h"
#include "server/log.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace server::play {

namespace {

// A seat as stored: an account's id comes from its number, the name is the one it played under;
// a guest's (and the computer's) id is its name. An account's seat has no token hash (a row
// that has one anyway is not believed: the seat is the account's), and a guest's hash that is
// not 64 hex digits proves nothing (the guest cannot take the seat back).
lobby::Player stored_player(std::optional<storage::UserId> user, const std::string& name,
                            const std::string& guest_token_hash) {
    lobby::Player player{.id = user ? lobby::account_player_id(*user) : name,
                         .display_name = name,
                         .identity = {.account = user}};
    if (!user)
        player.identity.guest_token_hash =
            lobby::TokenHash::parse(guest_token_hash).value_or(lobby::TokenHash{});
    return player;
}

// The rating as it stands at `now`: a stored one with its RD grown for the time since its
// last rated game (lobby/rating/inactivity.h), or the starting rating.
lobby::rating::Glicko glicko_at(const std::optional<storage::RatingRow>& row,
                                lobby::TimePoint now) {
    if (!row)
        return lobby::rating::lichess_default;
    return lobby::rating::rating_at(
        {.rating = row->rating, .deviation = row->deviation, .volatility = row->volatility},
        row->updated_at, now);
}

storage::RatingRow rating_row(const storage::RatingKey& key, const lobby::rating::Glicko& value,
                              const std::optional<storage::RatingRow>& before,
                              lobby::TimePoint at) {
    return storage::RatingRow{.key = key,
                              .rating = value.rating,
                              .deviation = value.deviation,
                              .volatility = value.volatility,
                              .games = (before ? before->games : 0) + 1,
                              .updated_at = at};
}

// Each seat's clock as the stored moves leave it: that of its last move (a move changes only
// its mover's clock), or `otherwise` for a seat without one.
lobby::PerSeat<lobby::Millis> clocks_after(const std::vector<storage::MoveRow>& moves,
                                           lobby::PerSeat<lobby::Millis> otherwise) {
    const int seats = otherwise.size();
    std::vector<bool> known(static_cast<std::size_t>(seats), false);
    int left_to_find = seats;
    for (auto move = moves.rbegin(); move != moves.rend() && left_to_find > 0; ++move) {
        const auto seat = static_cast<std::size_t>(move->seat); // checked by table_record
        if (known[seat])
            continue;
        known[seat] = true;
        otherwise[move->seat] = move->remaining;
        --left_to_find;
    }
    return otherwise;
}

// The clock of a stored game of more than two players as it stood after the last thing stored
// (a move or a leave). Who is to move, whether the clock runs and since when is what the table
// itself makes of the moves and leaves with their times (Table::restore without a stored clock:
// turns skip the seats that left, the clock starts after every seat still playing has moved
// once, a leaver to move passes the turn when it left); each seat's time is the one stored
// with its last move, which the rebuild cannot know (lag credits are not stored), or for a seat
// that left, the one stored with its leave: its time ran on until it left. A leave stored
// without its clock (after the last move, by schema version 7) takes the rebuild's. nullopt:
// the clock has not started.
rules::Result<std::optional<lobby::ClockState>>
stored_group_clock(const lobby::TableSnapshot& record, const storage::GameWithMoves& stored) {
    lobby::TimePoint last = record.started_at;
    if (!record.moves.empty())
        last = std::max(last, record.moves.back().at);
    if (!record.leaves.empty())
        last = std::max(last, record.leaves.back().at);
    auto rebuilt = lobby::Table::restore(record, lobby::TableContext{}, last);
    if (!rebuilt)
        return rebuilt.error();
    const lobby::ClockView view = rebuilt.value()->state(last).clocks;
    if (!view.running)
        return std::optional<lobby::ClockState>{};
    const int seats = record.seats.size();
    lobby::PerSeat<lobby::Millis> remaining = clocks_after(stored.moves, view.remaining);
    for (const storage::LeaveRow& leave : stored.leaves)
        if (leave.seat >= 0 && leave.seat < seats)
            remaining[leave.seat] = leave.remaining.value_or(view.remaining[leave.seat]);
    const lobby::LagPolicy lag{};
    return std::optional<lobby::ClockState>{
        lobby::ClockState{.remaining = remaining,
                          .lag_quota = lobby::PerSeat<lobby::Millis>(seats, lag.initial_quota),
                          .to_move = view.to_move,
                          .running = true,
                          .turn_started = view.turn_started}};
}

} // namespace

storage::GameRow game_row(const lobby::Table& table, lobby::TimePoint started_at,
                          const std::optional<LadderLink>& ladder) {
    const auto summary = table.summary();
    const auto player_at = [&summary](int seat) {
        return summary.seats[seat].value_or(lobby::Player{});
    };
    // An account's seat has no token; a guest's has the hash its connection was given.
    const auto token_hash = [](const lobby::Player& player) {
        return player.registered() ? std::string()
                                   : std::string(player.identity.guest_token_hash.hex());
    };
    storage::GameRow row;
    row.variant = std::string(rules::variant_name(table.setup().variant));
    row.start_position = table.setup().start_position;
    row.time_control = lobby::time_control_text(table.setup().time_control);
    row.rated = table.setup().rated;
    row.table_code = table.code();
    row.started_at = started_at;
    row.is_public = table.setup().is_public;
    if (ladder)
        row.ladder = storage::GameLadderLink{.ladder_id = ladder->ladder_id,
                                             .challenge_id = ladder->challenge_id,
                                             .challenger_user_id = 0}; // read from the challenge
    // Players are stored under their names (for an account, the one it plays under now; a
    // guest's is its id); an account's id is made again from its number.
    for (int seat = 0; seat < summary.seats.size(); ++seat) {
        const lobby::Player player = player_at(seat);
        row.seats.push_back(storage::SeatRow{.user_id = player.identity.account,
                                             .name = player.display_name,
                                             .guest_token_hash = token_hash(player),
                                             .place = std::nullopt});
    }
    return row;
}

storage::MoveRow move_row(int ply, std::string move, int seat, lobby::Millis remaining,
                          lobby::TimePoint at) {
    return storage::MoveRow{
        .ply = ply, .move = std::move(move), .seat = seat, .remaining = remaining, .at = at};
}

storage::MoveRow move_row(const lobby::MovePlayed& move, lobby::TimePoint at) {
    return move_row(move.ply + 1, move.move.notation, move.by, move.clocks.remaining[move.by], at);
}

rules::Result<std::vector<storage::MoveRow>> move_rows(const lobby::Table& table,
                                                       lobby::TimePoint at) {
    const auto& recorded = table.recorded_moves();
    const auto& leaves = table.recorded_leaves();
    const auto clocks = table.state(at).clocks;
    // The movers, from the game replayed as rules/game.h tells (each leave once ply() reaches
    // its ply, before the move stored at that ply).
    auto made = rules::make_game(table.setup().variant, table.game().start_position());
    if (!made)
        return lobby::refuse(lobby::errc::bad_setup, made.error().detail);
    rules::Game& game = *made.value();
    std::vector<storage::MoveRow> rows;
    rows.reserve(recorded.size());
    std::size_t next_leave = 0;
    for (std::size_t i = 0; i < recorded.size(); ++i) {
        for (; next_leave < leaves.size() && static_cast<std::size_t>(leaves[next_leave].ply) == i;
             ++next_leave)
            if (const auto left = game.retire(leaves[next_leave].seat); !left)
                return lobby::refuse(lobby::errc::bad_setup, left.error().detail);
        const int seat = game.seat_to_move();
        if (const auto played = game.play(recorded[i].move); !played)
            return lobby::refuse(lobby::errc::bad_setup, played.error().detail);
        rows.push_back(move_row(static_cast<int>(i) + 1, recorded[i].move, seat,
                                clocks.remaining[seat], recorded[i].at));
    }
    return rows;
}

storage::LeaveRow leave_row(const lobby::PlayerRetired& retired, lobby::TimePoint at) {
    std::optional<lobby::Millis> remaining;
    if (retired.seat >= 0 && retired.seat < retired.clocks.remaining.size())
        remaining = retired.clocks.remaining[retired.seat]; // it stands still from now on
    return storage::LeaveRow{.seat = retired.seat,
                             .ply = retired.ply,
                             .at = at,
                             .reason = retired.reason,
                             .remaining = remaining};
}

namespace {

// The Glicko-2 update of every seat of a rated game of more than two players that ended in
// places: pairwise by place, each player's game weighing one game (lobby/rating/placings.h and
// its README say why). Nothing is rated when the places do not fit the seats.
void rate_by_places(storage::FinishGame& finish, const std::string& variant,
                    const std::string& speed,
                    const std::vector<std::optional<storage::UserId>>& users,
                    const std::vector<int>& places, lobby::TimePoint at) {
    std::vector<storage::RatingKey> keys;
    keys.reserve(users.size());
    for (const auto& user : users)
        keys.push_back(storage::RatingKey{*user, variant, speed});
    // The places are checked before anything is queued: the updater cannot fail on them.
    const std::vector<lobby::rating::Glicko> probe(users.size(), lobby::rating::lichess_default);
    if (const auto checked = lobby::rating::update_after_placings(probe, places); !checked) {
        log::error("play: game " + std::to_string(finish.end.game_id) +
                   " is stored unrated: " + checked.error().detail);
        return;
    }
    finish.rated_players = keys;
    finish.rate = [keys, places,
                   at](const std::vector<std::optional<storage::RatingRow>>& current) {
        std::vector<lobby::rating::Glicko> before;
        before.reserve(keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i)
            before.push_back(glicko_at(i < current.size() ? current[i] : std::nullopt, at));
        const auto after = lobby::rating::update_after_placings(before, places);
        std::vector<storage::RatingRow> rows;
        if (!after)
            return rows; // checked above
        rows.reserve(keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i)
            rows.push_back(rating_row(keys[i], after.value()[i],
                                      i < current.size() ? current[i] : std::nullopt, at));
        return rows;
    };
}

} // namespace

storage::FinishGame finish_row(storage::GameId id, const lobby::Table& table,
                               const lobby::GameEnded& ended, lobby::TimePoint at) {
    storage::FinishGame finish;
    finish.end = storage::GameEnd{.game_id = id,
                                  .result = std::string(lobby::result_name(ended.result)),
                                  .termination = ended.result.reason,
                                  .ended_at = at,
                                  .places = ended.result.places};
    const std::string variant(rules::variant_name(table.setup().variant));
    const std::string speed(lobby::speed_name(lobby::speed_of(table.setup().time_control)));
    if (ended.players.size() > 2) {
        std::vector<std::optional<storage::UserId>> users;
        users.reserve(ended.players.size());
        for (const auto& player : ended.players)
            users.push_back(player.identity.account);
        if (ended.result.kind == lobby::GameResult::Kind::Ranked &&
            lobby::rating::changes_ratings(ended.rated, !ended.result.counts(), users))
            rate_by_places(finish, variant, speed, users, ended.result.places, at);
        return finish;
    }
    const auto account_of_seat = [&ended](std::size_t seat) {
        return seat < ended.players.size() ? ended.players[seat].identity.account : std::nullopt;
    };
    const auto white = account_of_seat(0);
    const auto black = account_of_seat(1);
    const lobby::rating::GameFacts facts{.rated = ended.rated,
                                         .aborted = !ended.result.counts(),
                                         .white_user = white,
                                         .black_user = black};
    if (!lobby::rating::changes_ratings(facts))
        return finish;
    const storage::RatingKey white_key{*white, variant, speed};
    const storage::RatingKey black_key{*black, variant, speed};
    finish.rated_players = {white_key, black_key};
    double white_score = 0.5;
    if (ended.result.won_by(0))
        white_score = 1;
    if (ended.result.won_by(1))
        white_score = 0;
    finish.rate = [white_key, black_key, white_score,
                   at](const std::vector<std::optional<storage::RatingRow>>& current) {
        const auto before_white = current.size() > 0 ? current[0] : std::nullopt;
        const auto before_black = current.size() > 1 ? current[1] : std::nullopt;
        const auto after = lobby::rating::update_after_game(
            glicko_at(before_white, at), glicko_at(before_black, at), white_score);
        return std::vector<storage::RatingRow>{
            rating_row(white_key, after.white, before_white, at),
            rating_row(black_key, after.black, before_black, at)};
    };
    return finish;
}

namespace {

// What the pauses at `ply` add to a turn that started at `turn_started`: for each, the time
// from the later of the turn's start and `charged_until` to `resumed_at` (table_record).
lobby::Millis unpaid_pauses(lobby::TimePoint turn_started, std::int64_t ply,
                            std::span<const storage::GamePause> pauses) {
    lobby::Millis unpaid{0};
    for (const auto& pause : pauses) {
        if (pause.ply != ply)
            continue;
        const auto from = std::max(turn_started, pause.charged_until);
        if (pause.resumed_at > from)
            unpaid += pause.resumed_at - from;
    }
    return unpaid;
}

} // namespace

rules::Result<lobby::TableSnapshot> table_record(const storage::GameWithMoves& stored,
                                               std::uint64_t version,
                                               std::span<const storage::GamePause> pauses) {
    const storage::GameRow& row = stored.game;
    const auto variant = rules::variant_from_name(row.variant);
    if (!variant)
        return lobby::refuse(lobby::errc::bad_setup, "unknown variant " + row.variant);
    const auto control = lobby::parse_time_control_text(row.time_control);
    if (!control)
        return lobby::refuse(lobby::errc::bad_setup, "unreadable time control " + row.time_control);
    lobby::TableSnapshot record;
    record.code = row.table_code;
    record.setup = lobby::TableSetup{.variant = *variant,
                                     .start_position = row.start_position,
                                     .time_control = *control,
                                     .rated = row.rated,
                                     .is_public = row.is_public,
                                     .color = lobby::ColorChoice::White};
    if (row.seat_count() < 2)
        return lobby::refuse(lobby::errc::bad_setup,
                             "a stored game of " + std::to_string(row.seat_count()) + " seats");
    record.seats = lobby::PerSeat<std::optional<lobby::Player>>(row.seat_count());
    for (int seat = 0; seat < row.seat_count(); ++seat) {
        const storage::SeatRow& stored_seat = row.seats[static_cast<std::size_t>(seat)];
        record.seats[seat] =
            stored_player(stored_seat.user_id, stored_seat.name, stored_seat.guest_token_hash);
    }
    for (const auto& move : stored.moves)
        if (move.seat < 0 || move.seat >= row.seat_count())
            return lobby::refuse(lobby::errc::bad_setup, "stored move " + std::to_string(move.ply) +
                                                             " is by seat " +
                                                             std::to_string(move.seat) + " of " +
                                                             std::to_string(row.seat_count()));
    record.host = *record.seats[0];
    record.status = lobby::TableStatus::Playing;
    record.started_at = row.started_at;
    for (const auto& move : stored.moves)
        record.moves.push_back(lobby::RecordedMove{.move = move.move, .at = move.at});
    for (const auto& leave : stored.leaves)
        record.leaves.push_back(lobby::RecordedLeave{
            .seat = leave.seat, .ply = leave.ply, .reason = leave.reason, .at = leave.at});
    if (row.seat_count() > 2) {
        auto clock = stored_group_clock(record, stored);
        if (!clock)
            return clock.error();
        record.clock = clock.value();
    } else if (stored.moves.size() >= 2) {
        // The clock as it stood after the last stored move: each side's time as its last move
        // left it, the other side to move since that move's arrival. Before both first moves it
        // has not started.
        auto game = rules::make_game(*variant, row.start_position);
        if (!game)
            return lobby::refuse(lobby::errc::bad_setup, game.error().detail);
        const int first = game.value()->seat_to_move(); // of two: 0 White, 1 Black
        const bool odd = stored.moves.size() % 2 == 1;
        const lobby::LagPolicy lag{};
        const lobby::Millis base = lobby::GameClock(*control).state().remaining[0];
        record.clock = lobby::ClockState{.remaining = clocks_after(stored.moves, {base, base}),
                                         .lag_quota = {lag.initial_quota, lag.initial_quota},
                                         .to_move = odd ? 1 - first : first,
                                         .running = true,
                                         .turn_started = stored.moves.back().at};
    }
    if (record.clock && record.clock->running)
        record.clock->turn_started += unpaid_pauses(record.clock->turn_started,
                                                    std::ssize(stored.moves), pauses);
    record.version = version;
    return record;
}

std::optional<LadderLink> stored_ladder_link(const storage::GameRow& row) {
    if (!row.ladder)
        return std::nullopt;
    LadderLink link{.ladder_id = row.ladder->ladder_id,
                    .challenge_id = row.ladder->challenge_id,
                    .challenger = {}};
    const auto seat = row.seat_of(row.ladder->challenger_user_id);
    if (!seat || *seat > 1)
        return std::nullopt;
    link.challenger = lobby::account_player_id(row.ladder->challenger_user_id);
    return link;
}

} // namespace server::play
