#include "lobby/ladder/ladder.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

namespace lobby::ladder {
namespace {

constexpr std::array<std::pair<ChallengeStatus, std::string_view>, 6> status_keys{{
    {ChallengeStatus::Open, "open"},
    {ChallengeStatus::Accepted, "accepted"},
    {ChallengeStatus::ChallengerWon, "challenger_won"},
    {ChallengeStatus::ChallengerLost, "challenger_lost"},
    {ChallengeStatus::Forfeited, "forfeited"},
    {ChallengeStatus::Cancelled, "cancelled"},
}};

bool is_live(const Challenge& c) {
    return c.status == ChallengeStatus::Open || c.status == ChallengeStatus::Accepted;
}

rules::Error error(const char* code, std::string detail) {
    return {code, std::move(detail)};
}

} // namespace

std::string_view status_key(ChallengeStatus status) {
    for (const auto& [s, key] : status_keys)
        if (s == status)
            return key;
    return "cancelled"; // unreachable: every enumerator is in the table
}

std::optional<ChallengeStatus> status_from_key(std::string_view key) {
    for (const auto& [s, k] : status_keys)
        if (k == key)
            return s;
    return std::nullopt;
}

Ladder::Ladder(LadderRules rules, std::optional<PlayerId> organiser,
               std::vector<PlayerId> top_first, std::vector<Challenge> challenges)
    : rules_(rules), organiser_(organiser), standings_(std::move(top_first)),
      challenges_(std::move(challenges)) {
    drop_settled();
}

int Ladder::rung_of(PlayerId player) const {
    const auto it = std::find(standings_.begin(), standings_.end(), player);
    return it == standings_.end() ? 0 : static_cast<int>(it - standings_.begin()) + 1;
}

int Ladder::open_challenges_of(PlayerId challenger) const {
    return static_cast<int>(std::count_if(challenges_.begin(), challenges_.end(), [&](auto& c) {
        return is_live(c) && c.challenger == challenger;
    }));
}

rules::Result<LadderUpdate> Ladder::join(PlayerId player, TimePoint now) {
    if (rung_of(player) != 0)
        return error("already_on_ladder", "you are on this ladder already");
    standings_.push_back(player);
    const int rung = static_cast<int>(standings_.size());
    return LadderUpdate{std::nullopt, {{player, 0, rung, "joined", std::nullopt, now}}, {}};
}

rules::Result<Challenge> Ladder::propose(PlayerId challenger, PlayerId challenged,
                                         TimePoint now) const {
    const int from = rung_of(challenger);
    const int to = rung_of(challenged);
    if (from == 0)
        return error("not_on_ladder", "join the ladder before challenging");
    if (to == 0)
        return error("not_on_ladder", "that player is not on this ladder");
    if (challenger == challenged)
        return error("self_challenge", "you cannot challenge yourself");
    if (to >= from)
        return error("not_above", "you can only challenge players above you");
    if (from - to > rules_.max_rungs_up)
        return error("too_far_above", "you can challenge at most " +
                                          std::to_string(rules_.max_rungs_up) + " rungs up");
    if (open_challenges_of(challenger) >= rules_.max_open_challenges)
        return error("too_many_challenges", "you have " +
                                                std::to_string(rules_.max_open_challenges) +
                                                " open challenges already");
    const bool pending = std::any_of(challenges_.begin(), challenges_.end(), [&](auto& c) {
        return is_live(c) && ((c.challenger == challenger && c.challenged == challenged) ||
                              (c.challenger == challenged && c.challenged == challenger));
    });
    if (pending)
        return error("already_challenged", "a challenge between you is already open");
    return Challenge{
        0, challenger, challenged, now, now + rules_.response_time, ChallengeStatus::Open};
}

void Ladder::add(const Challenge& challenge) {
    challenges_.push_back(challenge);
}

Challenge* Ladder::find(ChallengeId id) {
    const auto it = std::find_if(challenges_.begin(), challenges_.end(),
                                 [&](const Challenge& c) { return c.id == id; });
    return it == challenges_.end() ? nullptr : &*it;
}

rules::Result<Challenge> Ladder::accept(ChallengeId id, PlayerId who, TimePoint now) {
    Challenge* c = find(id);
    if (c == nullptr)
        return error("unknown_challenge", "no such open challenge");
    if (c->challenged != who)
        return error("not_challenged", "only the challenged player accepts");
    if (c->status != ChallengeStatus::Open)
        return error("not_open", "already accepted");
    if (now >= c->deadline)
        return error("expired", "the time to accept has passed; the challenge is forfeited");
    c->status = ChallengeStatus::Accepted;
    c->deadline = now + rules_.start_time;
    return *c;
}

rules::Result<Challenge> Ladder::start(ChallengeId id) {
    Challenge* c = find(id);
    if (c == nullptr)
        return error("unknown_challenge", "no such open challenge");
    if (c->status != ChallengeStatus::Accepted)
        return error("not_accepted", "only an accepted challenge has a game to start");
    c->started = true;
    return *c;
}

rules::Result<Challenge> Ladder::withdraw(ChallengeId id, PlayerId who) {
    Challenge* c = find(id);
    if (c == nullptr)
        return error("unknown_challenge", "no such open challenge");
    if (c->status == ChallengeStatus::Open && c->challenger != who)
        return error("not_challenger", "only the challenger withdraws");
    if (c->challenger != who && c->challenged != who)
        return error("not_challenged", "only the two players withdraw a challenge");
    if (c->started)
        return error("not_open", "its game has started: the game settles the challenge");
    c->status = ChallengeStatus::Cancelled;
    Challenge withdrawn = *c;
    drop_settled();
    return withdrawn;
}

// Settles a challenge: on a win of the lower player, they take the loser's rung and everyone
// in between moves down one. A challenger who climbed above meanwhile moves nobody.
LadderUpdate Ladder::settle(Challenge challenge, bool challenger_won, const char* winner_event,
                            const char* loser_event, TimePoint now) {
    LadderUpdate update;
    const int from = rung_of(challenge.challenger);
    const int to = rung_of(challenge.challenged);
    const auto id = std::optional<ChallengeId>(challenge.id);
    if (challenger_won && from > to && to > 0) {
        update.changes.push_back({challenge.challenger, from, to, winner_event, id, now});
        update.changes.push_back({challenge.challenged, to, to + 1, loser_event, id, now});
        for (int rung = to + 1; rung < from; ++rung)
            update.changes.push_back({standings_[static_cast<std::size_t>(rung - 1)], rung,
                                      rung + 1, "moved_down", id, now});
        const auto first = standings_.begin() + (to - 1);
        std::rotate(first, standings_.begin() + (from - 1), standings_.begin() + from);
    } else if (challenger_won) {
        update.changes.push_back({challenge.challenger, from, from, winner_event, id, now});
        update.changes.push_back({challenge.challenged, to, to, loser_event, id, now});
    } else {
        update.changes.push_back({challenge.challenger, from, from, "lost_challenge", id, now});
        update.changes.push_back({challenge.challenged, to, to, "defended", id, now});
    }
    update.challenge = challenge;
    return update;
}

std::vector<LadderUpdate> Ladder::expire(TimePoint now) {
    std::vector<LadderUpdate> updates;
    for (std::size_t i = 0; i < challenges_.size(); ++i) { // settle() does not touch the list
        Challenge& c = challenges_[i];
        if (now < c.deadline || c.started)
            continue;
        if (c.status == ChallengeStatus::Accepted) {
            // Its game never started: nobody is to blame on the ladder.
            c.status = ChallengeStatus::Cancelled;
            updates.push_back(LadderUpdate{c, {}, {}});
            continue;
        }
        c.status = ChallengeStatus::Forfeited;
        // Recorded when it happened (the deadline), however late the ladder is read.
        updates.push_back(settle(c, true, "won_by_forfeit", "forfeited", c.deadline));
    }
    drop_settled();
    return updates;
}

rules::Result<LadderUpdate> Ladder::report(ChallengeId id, ChallengeResult result, TimePoint now) {
    Challenge* c = find(id);
    if (c == nullptr)
        return error("unknown_challenge", "no such open challenge");
    if (c->status != ChallengeStatus::Accepted)
        return error("not_accepted", "only an accepted challenge has a game to report");
    if (result == ChallengeResult::NoResult) {
        c->status = ChallengeStatus::Cancelled;
        LadderUpdate update;
        update.challenge = *c;
        drop_settled();
        return update;
    }
    const bool won = result == ChallengeResult::ChallengerWon;
    c->status = won ? ChallengeStatus::ChallengerWon : ChallengeStatus::ChallengerLost;
    LadderUpdate update = settle(*c, won, "won_challenge", "lost_defence", now);
    drop_settled();
    return update;
}

rules::Result<LadderUpdate> Ladder::remove(PlayerId organiser, PlayerId player, TimePoint now) {
    if (!organiser_ || *organiser_ != organiser)
        return error("not_organiser", "only the ladder's organiser removes players");
    return take_off(player, now);
}

rules::Result<LadderUpdate> Ladder::remove_by_operator(PlayerId player, TimePoint now) {
    return take_off(player, now);
}

rules::Result<LadderUpdate> Ladder::take_off(PlayerId player, TimePoint now) {
    const int rung = rung_of(player);
    if (rung == 0)
        return error("not_on_ladder", "that player is not on this ladder");
    LadderUpdate update;
    update.changes.push_back({player, rung, 0, "removed", std::nullopt, now});
    for (std::size_t i = static_cast<std::size_t>(rung); i < standings_.size(); ++i) {
        const int below = static_cast<int>(i) + 1;
        update.changes.push_back({standings_[i], below, below - 1, "moved_up", std::nullopt, now});
    }
    standings_.erase(standings_.begin() + (rung - 1));
    for (auto& c : challenges_) {
        if (!is_live(c) || (c.challenger != player && c.challenged != player))
            continue;
        c.status = ChallengeStatus::Cancelled;
        update.cancelled.push_back(c);
    }
    drop_settled();
    return update;
}

void Ladder::drop_settled() {
    std::erase_if(challenges_, [](auto& c) { return !is_live(c); });
}

} // namespace lobby::ladder
