#include "server/accounts/ladder_outcome.h"

#include "lobby/table.h"
#include "lobby/table_events.h"
#include "rules/game.h"
#include "rules/variant.h"
#include "server/accounts/ladder_records.h"

#include <map>

namespace server::accounts {
namespace {

namespace ladder = lobby::ladder;

// lobby/table_events.h, GameResult::reason: the row a takeback closed (live_table_storage.cpp)
// and a first move not made in time.
constexpr std::string_view takeback_termination = "takeback";
constexpr std::string_view first_move_timeout = "first-move-timeout";

// The seat (0 white, 1 black) that was to move when the game ended: the one that did not
// make its first move, on a first-move timeout.
std::optional<int> seat_to_move(const storage::GameRow& game, int moves) {
    const auto variant = rules::variant_from_name(game.variant);
    if (!variant)
        return std::nullopt;
    const auto start = rules::make_game(*variant, game.start_position);
    if (!start)
        return std::nullopt;
    return (start.value()->seat_to_move() + moves) % 2;
}

} // namespace

std::optional<ladder::ChallengeResult> ladder_result_of(const storage::LadderGameEnd& end) {
    const auto& game = end.game;
    if (game.termination == takeback_termination)
        return std::nullopt;
    if (game.termination == lobby::storage_failed_reason)
        return ladder::ChallengeResult::NoResult;
    const auto challenger = end.challenge.challenger_user_id;
    const std::optional<int> seat = game.seat_of(challenger);
    if (!seat || *seat > 1) // a ladder game has two seats
        return std::nullopt;
    bool won = false;
    if (game.result == lobby::result_name(lobby::GameResult::win(0, {})))
        won = *seat == 0;
    else if (game.result == lobby::result_name(lobby::GameResult::win(1, {})))
        won = *seat == 1;
    else if (game.termination == first_move_timeout) {
        const auto idle = seat_to_move(game, end.moves);
        won = idle && *idle != *seat;
    }
    return won ? ladder::ChallengeResult::ChallengerWon
               : ladder::ChallengeResult::ChallengerLostOrDrew;
}

std::optional<storage::LadderChange> decide_ladder_game(const storage::LadderGameEnd& end) {
    const auto result = ladder_result_of(end);
    if (!result)
        return std::nullopt;
    auto rules = ladder_of(end.ladder, end.top_first, {ladder_challenge_of(end.challenge)});
    const auto at = end.game.ended_at.value_or(end.game.started_at);
    const auto update = rules.report(end.challenge.id, *result, at);
    if (!update)
        return std::nullopt; // not accepted: nothing to decide
    const std::map<storage::ChallengeId, storage::LadderChallengeRow> stored{
        {end.challenge.id, end.challenge}};
    return ladder_change_of(end.ladder, end.top_first, rules, *update, stored);
}

storage::LadderDecider ladder_decider() {
    return [](const storage::LadderGameEnd& end) { return decide_ladder_game(end); };
}

} // namespace server::accounts
