#include "lobby/lobby.h"

namespace lobby {

rules::Result<ChallengeId> Lobby::challenge(const Player& from, const PlayerId& to,
                                            const TableSetup& setup, TimePoint now,
                                            std::string to_name) {
    if (blocked(from.id, to))
        return refuse(errc::blocked, "you cannot challenge this player");
    auto opened = challenges_.open(from, to, setup, now, std::move(to_name));
    if (!opened)
        return opened.error();
    emit({to, from.id}, ChallengeIssued{opened.value()});
    return opened.value().id;
}

rules::Result<Match> Lobby::accept_challenge(ChallengeId id, const Player& by, TimePoint now) {
    (void)now;
    auto found = challenges_.awaiting(id, by.id);
    if (!found)
        return found.error();
    const Challenge& c = found.value();
    if (c.setup.rated && !by.registered())
        return refuse(errc::not_allowed, "rated games are for registered players");
    if (blocked(c.challenger.id, c.challenged))
        return refuse(errc::blocked, "you cannot play this player");
    const bool by_challenged = by.id == c.challenged;
    if (!by_challenged && !c.challenged_player)
        return refuse(errc::internal_error, "the invitee is unknown");
    const Player invitee = by_challenged ? by : *c.challenged_player;
    auto closed = challenges_.close_answered(id, by.id);
    if (!closed)
        return closed.error();
    Match match = make_match(c.challenger, invitee, c.setup, true);
    emit({c.challenger.id, c.challenged}, ChallengeAccepted{closed.value(), match});
    return match;
}

Refusal Lobby::decline_challenge(ChallengeId id, const PlayerId& by, DeclineReason reason) {
    auto closed = challenges_.close_answered(id, by);
    if (!closed)
        return closed.error();
    const Challenge& c = closed.value();
    emit({c.challenger.id, c.challenged}, ChallengeDeclined{c, by, reason});
    return std::nullopt;
}

Refusal Lobby::counter_challenge(ChallengeId id, const Player& by, const CounterOffer& offer,
                                 TimePoint now) {
    auto countered = challenges_.counter(id, by, offer, now);
    if (!countered)
        return countered.error();
    const Challenge& c = countered.value();
    emit({c.challenger.id, c.challenged}, ChallengeCountered{c, by.id});
    return std::nullopt;
}

Refusal Lobby::cancel_challenge(ChallengeId id, const PlayerId& by) {
    auto closed = challenges_.close_proposed(id, by);
    if (!closed)
        return closed.error();
    const Challenge& c = closed.value();
    emit({c.challenger.id, c.challenged}, ChallengeCancelled{c, by});
    return std::nullopt;
}

std::vector<Challenge> Lobby::challenges_of(const PlayerId& player) const {
    return challenges_.involving(player);
}

void Lobby::forget_player(const PlayerId& player) {
    seeks_.remove(player);
    for (const Challenge& c : challenges_.involving(player))
        if (c.proposer() == player)
            (void)cancel_challenge(c.id, player);
    for (const GroupChallenge& c : group_challenges_.involving(player))
        if (c.challenger.id == player)
            (void)cancel_group_challenge(c.id, player);
}

// --- timers -----------------------------------------------------------------------------------

void Lobby::check_timeouts(TimePoint now) {
    for (const SeekPair& pair : seeks_.match_waiting(now)) {
        const TableSetup setup{.variant = pair.pool.variant,
                               .time_control = pair.pool.time_control,
                               .rated = pair.pool.rated,
                               .is_public = false};
        Match match = make_match(pair.first, pair.second, setup, false);
        emit({match.white.id, match.black.id}, SeekMatched{match});
    }
    seat_groups(seeks_.match_groups(now));
    for (const Challenge& c : challenges_.expire(now))
        emit({c.challenger.id, c.challenged}, ChallengeExpired{c});
    for (const GroupChallenge& c : group_challenges_.expire(now))
        emit(c, GroupChallengeChanged::Change::Expired);
    std::erase_if(cooldown_until_, [now](const auto& entry) { return entry.second <= now; });
}

std::optional<TimePoint> Lobby::next_deadline() const {
    std::optional<TimePoint> next = seeks_.next_match_time();
    if (const auto expiry = challenges_.next_expiry(); expiry && (!next || *expiry < *next))
        next = expiry;
    if (const auto expiry = group_challenges_.next_expiry(); expiry && (!next || *expiry < *next))
        next = expiry;
    return next;
}

} // namespace lobby
