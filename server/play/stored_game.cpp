#include "server/play/stored_game.h"

#include "lobby/errors.h"
#include "lobby/rating/glicko2.h"
#include "lobby/rating/inactivity.h"
#include "lobby/rating/rating_policy.h"
#include "lobby/time_control_text.h"
#include "rules/variant.h"

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

} // namespace

storage::GameRow game_row(const lobby::Table& table, lobby::TimePoint started_at,
                          const std::optional<LadderLink>& ladder) {
    const auto summary = table.summary();
    const lobby::Player white = summary.seats[0].value_or(lobby::Player{});
    const lobby::Player black = summary.seats[1].value_or(lobby::Player{});
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
    // An account's seat has no token; a guest's has the hash its connection was given.
    row.white_guest_token_hash =
        white.registered() ? std::string() : std::string(white.identity.guest_token_hash.hex());
    row.black_guest_token_hash =
        black.registered() ? std::string() : std::string(black.identity.guest_token_hash.hex());
    return row;
}

storage::MoveRow move_row(const lobby::MovePlayed& move, lobby::TimePoint at) {
    return storage::MoveRow{.ply = move.ply + 1,
                            .move = move.move.notation,
                            .white_remaining = move.clocks.remaining[0],
                            .black_remaining = move.clocks.remaining[1],
                            .at = at};
}

storage::FinishGame finish_row(storage::GameId id, const lobby::Table& table,
                               const lobby::GameEnded& ended, lobby::TimePoint at) {
    const auto account_of_seat = [&ended](std::size_t seat) {
        return seat < ended.players.size() ? ended.players[seat].identity.account : std::nullopt;
    };
    const auto white = account_of_seat(0);
    const auto black = account_of_seat(1);
    storage::FinishGame finish;
    finish.end = storage::GameEnd{.game_id = id,
                                  .result = std::string(lobby::result_name(ended.result.kind)),
                                  .termination = ended.result.reason,
                                  .ended_at = at};
    const lobby::rating::GameFacts facts{.rated = ended.rated,
                                         .aborted = !ended.result.counts(),
                                         .white_user = white,
                                         .black_user = black};
    if (!lobby::rating::changes_ratings(facts))
        return finish;
    const std::string variant(rules::variant_name(table.setup().variant));
    const std::string speed(lobby::speed_name(lobby::speed_of(table.setup().time_control)));
    const storage::RatingKey white_key{*white, variant, speed};
    const storage::RatingKey black_key{*black, variant, speed};
    finish.rated_players = {white_key, black_key};
    double white_score = 0.5;
    if (ended.result.kind == lobby::GameResult::Kind::WhiteWins)
        white_score = 1;
    if (ended.result.kind == lobby::GameResult::Kind::BlackWins)
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
    record.seats[0] = stored_player(row.white_user_id, row.white_name, row.white_guest_token_hash);
    record.seats[1] = stored_player(row.black_user_id, row.black_name, row.black_guest_token_hash);
    record.host = *record.seats[0];
    record.status = lobby::TableStatus::Playing;
    record.started_at = row.started_at;
    for (const auto& move : stored.moves)
        record.moves.push_back(lobby::RecordedMove{.move = move.move, .at = move.at});
    // The clock as it stood after the last stored move: both times as stored, the other side
    // to move since that move's arrival. Before both first moves the clock has not started.
    if (stored.moves.size() >= 2) {
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
