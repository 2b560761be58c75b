#pragma once
// Between stored ladder rows (storage/records.h) and the pure ladder rules
// (lobby/ladder/ladder.h): the rules a stored ladder plays by, a stored challenge as the rules
// see it, and what an action of the rules did as the one LadderChange storage writes in one
// transaction (standings, history and challenges together). Pure functions.

#include "lobby/ladder/ladder.h"
#include "storage/records.h"

#include <map>
#include <vector>

namespace server::accounts {

lobby::ladder::LadderRules ladder_rules_of(const storage::LadderRow& row);
// A stored challenge; it has started once a game is stored for it (game_id).
lobby::ladder::Challenge ladder_challenge_of(const storage::LadderChallengeRow& row);
// The stored ladder's rules, with its standings and the given live challenges.
lobby::ladder::Ladder ladder_of(const storage::LadderRow& row,
                                const std::vector<storage::UserId>& top_first,
                                std::vector<lobby::ladder::Challenge> challenges);

// `update`, done by `after` (the ladder as it stands afterwards) on the standings `before`
// (top first, as read from storage), as a LadderChange: the standings when anyone moved, the
// history lines, and each challenge written from the status `stored` holds for it (a
// challenge not in `stored` is written from "open"). The change carries `before` as the
// standings it was computed from: storage refuses it once they are no longer stored.
storage::LadderChange
ladder_change_of(const storage::LadderRow& ladder, const std::vector<storage::UserId>& before,
                 const lobby::ladder::Ladder& after, const lobby::ladder::LadderUpdate& update,
                 const std::map<storage::ChallengeId, storage::LadderChallengeRow>& stored);

// Updates made one after another on one ladder (Ladder::expire's) as one, stored in one
// transaction: the history lines in order, every challenge they settled.
lobby::ladder::LadderUpdate merged_update(const std::vector<lobby::ladder::LadderUpdate>& updates);

// A challenge as the rules left it, on top of its stored row (the game id is kept).
storage::LadderChallengeRow ladder_challenge_row(storage::LadderId ladder,
                                                 const lobby::ladder::Challenge& challenge,
                                                 const storage::LadderChallengeRow* stored);

} // namespace server::accounts
