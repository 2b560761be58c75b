#include "server/play/stored_game.h"

#include "lobby/errors.h"
#include "lobby/rating/glicko2.h"
#include "lobby/rating/inactivity.h"
#include "lobby/rating/placings.h"
#include "lobby/rating/rating_policy.h"
#include "lobby/time_control_text.h"
#include "rules/variant.h"
#include "server/log.h"

#include <algorithm>

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

// The clock of a stored game of more than two players as it stood after the last thing stored
// (a move or a leave). Who is to move, whether the clock runs and since when is what the table
// itself makes of the moves and leaves with their times (Table::restore without a stored clock:
// turns skip the seats that left, the clock starts after every seat still playing has moved
// once, a leaver to move passes the turn when it left); each seat's time is the one stored
// with the last move, which the rebuild cannot know (lag credits are not stored), except for
// the seats that left after that move, whose time ran on until they left. nullopt: the clock
// has not started.
rules::Result<std::optional<lobby::ClockState>>
stored_group_clock(const lobby::TableRecord& record, const std::vector<storage::MoveRow>& moves) {
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
    lobby::PerSeat<lobby::Millis> remaining = view.remaining;
    if (!moves.empty()) {
        const storage::MoveRow& after = moves.back();
        if (after.beyond_two_count != seats - 2)
            return lobby::refuse(lobby::errc::bad_setup,
                                 "a stored move has the clocks of " +
                                     std::to_string(2 + after.beyond_two_count) + " seats, not " +
                                     std::to_string(seats));
        const auto left_since = [&](int seat) {
            return std::any_of(record.leaves.begin(), record.leaves.end(),
                               [&](const lobby::RecordedLeave& leave) {
                                   return leave.seat == seat &&
                                          static_cast<std::size_t>(leave.ply) == moves.size();
                               });
        };
        for (int seat = 0; seat < seats; ++seat) {
            if (left_since(seat))
                continue;
            remaining[seat] = seat == 0 ? after.white_remaining
                              : seat == 1
                                  ? after.black_remaining
                                  : after.beyond_two_remaining[static_cast<std::size_t>(seat - 2)];
        }
    }
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
    const lobby::Player white = player_at(0);
    const lobby::Player black = player_at(1);
    storage::GameRow row;
    row.variant = std::string(rules::variant_name(table.setup().variant));
    row.start_position = table.setup().start_position;
    row.white_user_id = white.identity.account;
    row.black_user_id = black.identity.account;
    // Players are stored under their names (for an account, the one it plays under now; a
    // guest's is its id); an account's id is made again from its number.
    row.white_name = white.display_name;
    row.black_name = black.display_name;
    row.time_control = lobby::time_control_text(table.setup().time_control);
    row.rated = table.setup().rated;
    row.table_code = table.code();
    row.started_at = started_at;
    row.is_public = table.setup().is_public;
    if (ladder)
        row.ladder = storage::GameLadderLink{.ladder_id = ladder->ladder_id,
                                             .challenge_id = ladder->challenge_id,
                                             .challenger_user_id = 0}; // read from the challenge
    row.white_guest_token_hash = token_hash(white);
    row.black_guest_token_hash = token_hash(black);
    // A game of more than two players: seats 2, 3, ... as the seats beyond two, stored alike.
    for (int seat = 2; seat < summary.seats.size(); ++seat) {
        const lobby::Player player = player_at(seat);
        row.seats_beyond_two.push_back(storage::SeatRow{.user_id = player.identity.account,
                                                        .name = player.display_name,
                                                        .guest_token_hash = token_hash(player)});
    }
    return row;
}

storage::MoveRow move_row(int ply, std::string move, const lobby::PerSeat<lobby::Millis>& clocks,
                          lobby::TimePoint at) {
    storage::MoveRow row{.ply = ply,
                         .move = std::move(move),
                         .white_remaining = clocks[0],
                         .black_remaining = clocks[1],
                         .at = at};
    for (int seat = 2; seat < clocks.size(); ++seat)
        row.beyond_two_remaining[static_cast<std::size_t>(row.beyond_two_count++)] = clocks[seat];
    return row;
}

storage::MoveRow move_row(const lobby::MovePlayed& move, lobby::TimePoint at) {
    return move_row(move.ply + 1, move.move.notation, move.clocks.remaining, at);
}

storage::LeaveRow leave_row(const lobby::PlayerRetired& retired, lobby::TimePoint at) {
    return storage::LeaveRow{
        .seat = retired.seat, .ply = retired.ply, .at = at, .reason = retired.reason};
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

rules::Result<lobby::TableRecord> table_record(const storage::GameWithMoves& stored,
                                               std::uint64_t version) {
    const storage::GameRow& row = stored.game;
    const auto variant = rules::variant_from_name(row.variant);
    if (!variant)
        return lobby::refuse(lobby::errc::bad_setup, "unknown variant " + row.variant);
    const auto control = lobby::parse_time_control_text(row.time_control);
    if (!control)
        return lobby::refuse(lobby::errc::bad_setup, "unreadable time control " + row.time_control);
    lobby::TableRecord record;
    record.code = row.table_code;
    record.setup = lobby::TableSetup{.variant = *variant,
                                     .start_position = row.start_position,
                                     .time_control = *control,
                                     .rated = row.rated,
                                     .is_public = row.is_public,
                                     .color = lobby::ColorChoice::White};
    record.seats = lobby::PerSeat<std::optional<lobby::Player>>(row.seat_count());
    record.seats[0] = stored_player(row.white_user_id, row.white_name, row.white_guest_token_hash);
    record.seats[1] = stored_player(row.black_user_id, row.black_name, row.black_guest_token_hash);
    for (std::size_t i = 0; i < row.seats_beyond_two.size(); ++i) {
        const storage::SeatRow& seat = row.seats_beyond_two[i];
        record.seats[static_cast<int>(i) + 2] =
            stored_player(seat.user_id, seat.name, seat.guest_token_hash);
    }
    record.host = *record.seats[0];
    record.status = lobby::TableStatus::Playing;
    record.started_at = row.started_at;
    for (const auto& move : stored.moves)
        record.moves.push_back(lobby::RecordedMove{.move = move.move, .at = move.at});
    for (const auto& leave : stored.leaves)
        record.leaves.push_back(lobby::RecordedLeave{
            .seat = leave.seat, .ply = leave.ply, .reason = leave.reason, .at = leave.at});
    if (row.seat_count() > 2) {
        auto clock = stored_group_clock(record, stored.moves);
        if (!clock)
            return clock.error();
        record.clock = clock.value();
    } else if (stored.moves.size() >= 2) {
        // The clock as it stood after the last stored move: both times as stored, the other
        // side to move since that move's arrival. Before both first moves it has not started.
        auto game = rules::make_game(*variant, row.start_position);
        if (!game)
            return lobby::refuse(lobby::errc::bad_setup, game.error().detail);
        const int first = game.value()->seat_to_move(); // of two: 0 White, 1 Black
        const bool odd = stored.moves.size() % 2 == 1;
        const lobby::LagPolicy lag{};
        record.clock = lobby::ClockState{
            .remaining = {stored.moves.back().white_remaining, stored.moves.back().black_remaining},
            .lag_quota = {lag.initial_quota, lag.initial_quota},
            .to_move = odd ? 1 - first : first,
            .running = true,
            .turn_started = stored.moves.back().at};
    }
    record.version = version;
    return record;
}

std::optional<LadderLink> stored_ladder_link(const storage::GameRow& row) {
    if (!row.ladder)
        return std::nullopt;
    LadderLink link{.ladder_id = row.ladder->ladder_id,
                    .challenge_id = row.ladder->challenge_id,
                    .challenger = {}};
    if (row.white_user_id != row.ladder->challenger_user_id &&
        row.black_user_id != row.ladder->challenger_user_id)
        return std::nullopt;
    link.challenger = lobby::account_player_id(row.ladder->challenger_user_id);
    return link;
}

} // namespace server::play
