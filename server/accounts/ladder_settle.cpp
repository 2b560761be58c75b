#include "server/accounts/ladder_settle.h"

#include "server/accounts/ladder_outcome.h"
#include "server/accounts/ladder_records.h"

#include <map>
#include <optional>
#include <vector>

namespace server::accounts {

LadderSettlement settle_ladders(storage::LadderStore& ladders, storage::TimePoint now,
                                SettleMoment moment) {
    LadderSettlement settled;
    for (const auto& accepted : ladders.accepted_challenges()) {
        const auto& challenge = accepted.challenge;
        const auto ladder = ladders.find_ladder(challenge.ladder_id);
        if (!ladder)
            continue;
        std::vector<storage::UserId> top_first;
        for (const auto& rung : ladders.standings(ladder->id))
            top_first.push_back(rung.user_id);
        if (accepted.game && !accepted.game->ended_at)
            continue; // its game goes on
        if (accepted.game) {
            const storage::LadderGameEnd end{.ladder = *ladder,
                                             .top_first = top_first,
                                             .challenge = challenge,
                                             .game = *accepted.game,
                                             .moves = accepted.moves};
            if (const auto change = decide_ladder_game(end)) {
                if (ladders.apply_change(*change)) // false: settled meanwhile
                    ++settled.decided;
                continue;
            }
            // An end that decides nothing (a row a takeback closed): the game never went on.
        }
        // No game started: cancelled at a restart, or once its start deadline has passed.
        if (moment == SettleMoment::Running && now < challenge.deadline_at)
            continue;
        auto unstarted = ladder_challenge_of(challenge);
        unstarted.started = false; // a row a takeback closed: the game never went on
        auto rules = ladder_of(*ladder, top_first, {unstarted});
        const auto withdrawn = rules.withdraw(challenge.id, challenge.challenger_user_id);
        if (!withdrawn)
            continue;
        const std::map<storage::ChallengeId, storage::LadderChallengeRow> stored{
            {challenge.id, challenge}};
        lobby::ladder::LadderUpdate update;
        update.challenge = *withdrawn;
        if (ladders.apply_change(ladder_change_of(*ladder, rules, update, stored)))
            ++settled.cancelled;
    }
    return settled;
}

} // namespace server::accounts
