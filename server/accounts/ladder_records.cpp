#include "server/accounts/ladder_records.h"

#include <string>
#include <utility>

namespace server::accounts {

namespace ladder = lobby::ladder;

ladder::LadderRules ladder_rules_of(const storage::LadderRow& row) {
    ladder::LadderRules rules;
    rules.max_rungs_up = row.max_rungs_up;
    rules.max_open_challenges = 2;
    rules.response_time = row.response_time;
    return rules;
}

ladder::Challenge ladder_challenge_of(const storage::LadderChallengeRow& row) {
    return ladder::Challenge{
        .id = row.id,
        .challenger = row.challenger_user_id,
        .challenged = row.challenged_user_id,
        .created = row.created_at,
        .deadline = row.deadline_at,
        .status = ladder::status_from_key(row.status).value_or(ladder::ChallengeStatus::Cancelled),
        .started = row.game_id.has_value()};
}

ladder::Ladder ladder_of(const storage::LadderRow& row,
                         const std::vector<storage::UserId>& top_first,
                         std::vector<ladder::Challenge> challenges) {
    return ladder::Ladder(ladder_rules_of(row), row.organiser_user_id, top_first,
                          std::move(challenges));
}

storage::LadderChallengeRow ladder_challenge_row(storage::LadderId ladder,
                                                 const ladder::Challenge& challenge,
                                                 const storage::LadderChallengeRow* stored) {
    storage::LadderChallengeRow row;
    if (stored != nullptr)
        row = *stored;
    row.id = challenge.id;
    row.ladder_id = ladder;
    row.challenger_user_id = challenge.challenger;
    row.challenged_user_id = challenge.challenged;
    row.created_at = challenge.created;
    row.deadline_at = challenge.deadline;
    row.status = std::string(ladder::status_key(challenge.status));
    return row;
}

storage::LadderChange
ladder_change_of(const storage::LadderRow& ladder, const std::vector<storage::UserId>& before,
                 const ladder::Ladder& after, const ladder::LadderUpdate& update,
                 const std::map<storage::ChallengeId, storage::LadderChallengeRow>& stored) {
    storage::LadderChange change;
    change.ladder_id = ladder.id;
    change.computed_from = before;
    if (!update.changes.empty())
        change.top_first = after.standings();
    for (const auto& c : update.changes)
        change.history.push_back({ladder.id, c.player, c.at, std::string(c.event), c.rung_before,
                                  c.rung_after, c.challenge});
    const auto add = [&](const ladder::Challenge& challenge) {
        const auto it = stored.find(challenge.id);
        const auto* row = it == stored.end() ? nullptr : &it->second;
        change.challenges.push_back({ladder_challenge_row(ladder.id, challenge, row),
                                     row != nullptr ? row->status : std::string("open")});
    };
    if (update.challenge)
        add(*update.challenge);
    for (const auto& cancelled : update.cancelled)
        add(cancelled);
    return change;
}

ladder::LadderUpdate merged_update(const std::vector<ladder::LadderUpdate>& updates) {
    ladder::LadderUpdate merged;
    for (const auto& update : updates) {
        if (update.challenge)
            merged.cancelled.push_back(*update.challenge); // written alike (ladder_change_of)
        merged.changes.insert(merged.changes.end(), update.changes.begin(), update.changes.end());
        merged.cancelled.insert(merged.cancelled.end(), update.cancelled.begin(),
                                update.cancelled.end());
    }
    return merged;
}

} // namespace server::accounts
