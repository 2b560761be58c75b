#include "server/accounts/ladder_settle.h"

#include "server/accounts/ladder_outcome.h"
#include "server/accounts/ladder_records.h"

#include <map>
#include <optional>
#include <vector>

namespace server::accounts {
namespace {

// What settling one accepted challenge did.
enum class Settled : unsigned char { Nothing, Decided, Cancelled, Stale };

// Settles `accepted` from the ladder as stored now: Stale when another writer changed the
// ladder (its standings, or the challenge) between this read and the write, nothing written.
Settled settle_one(storage::LadderStore& ladders, const storage::AcceptedChallenge& accepted,
                   storage::TimePoint now, SettleMoment moment) {
    const auto& challenge = accepted.challenge;
    const auto ladder = ladders.find_ladder(challenge.ladder_id);
    if (!ladder)
        return Settled::Nothing;
    std::vector<storage::UserId> top_first;
    for (const auto& rung : ladders.standings(ladder->id))
        top_first.push_back(rung.user_id);
    if (accepted.game && !accepted.game->ended_at)
        return Settled::Nothing; // its game goes on
    if (accepted.game) {
        const storage::LadderGameEnd end{.ladder = *ladder,
                                         .top_first = top_first,
                                         .challenge = challenge,
                                         .game = *accepted.game,
                                         .moves = accepted.moves};
        if (const auto change = decide_ladder_game(end))
            return ladders.apply_change(*change) ? Settled::Decided : Settled::Stale;
        // An end that decides nothing (a row a takeback closed): the game never went on.
    }
    // No game started: cancelled at a restart, or once its start deadline has passed.
    if (moment == SettleMoment::Running && now < challenge.deadline_at)
        return Settled::Nothing;
    auto unstarted = ladder_challenge_of(challenge);
    unstarted.started = false; // a row a takeback closed: the game never went on
    auto rules = ladder_of(*ladder, top_first, {unstarted});
    const auto withdrawn = rules.withdraw(challenge.id, challenge.challenger_user_id);
    if (!withdrawn)
        return Settled::Nothing;
    const std::map<storage::ChallengeId, storage::LadderChallengeRow> stored{
        {challenge.id, challenge}};
    lobby::ladder::LadderUpdate update;
    update.challenge = *withdrawn;
    return ladders.apply_change(ladder_change_of(*ladder, top_first, rules, update, stored))
               ? Settled::Cancelled
               : Settled::Stale;
}

// How often one challenge is read and settled again when another writer changed its ladder
// meanwhile; one still refused then waits for the next settle step.
constexpr int settle_attempts = 5;

} // namespace

LadderSettlement settle_ladders(storage::LadderStore& ladders, storage::TimePoint now,
                                SettleMoment moment) {
    LadderSettlement settled;
    for (auto accepted : ladders.accepted_challenges()) {
        for (int attempt = 1; attempt <= settle_attempts; ++attempt) {
            const auto done = settle_one(ladders, accepted, now, moment);
            if (done == Settled::Decided)
                ++settled.decided;
            if (done == Settled::Cancelled)
                ++settled.cancelled;
            if (done != Settled::Stale)
                break;
            // Read again: still accepted (only the standings changed), or settled meanwhile
            // by another thread, and then left as it is.
            const auto now_stored = ladders.find_challenge(accepted.challenge.id);
            if (!now_stored || now_stored->status != "accepted")
                break;
            accepted.challenge = *now_stored;
        }
    }
    return settled;
}

} // namespace server::accounts
