// The lobby's challenges for tables of more than two seats: blocks, events and the match.
#include "lobby/lobby.h"

namespace lobby {

void Lobby::emit(const GroupChallenge& c, GroupChallengeChanged::Change change, PlayerId by,
                 DeclineReason reason, std::optional<GroupMatch> match) {
    emit(c.everyone(), GroupChallengeChanged{.change = change,
                                             .challenge = c,
                                             .by = std::move(by),
                                             .reason = reason,
                                             .match = std::move(match)});
}

rules::Result<ChallengeId> Lobby::challenge_group(const Player& from,
                                                  const std::vector<PlayerId>& to,
                                                  const TableSetup& setup, TimePoint now,
                                                  std::vector<std::string> to_names) {
    for (auto it = to.begin(); it != to.end(); ++it) {
        if (blocked(from.id, *it))
            return refuse(errc::blocked,
                          "you cannot challenge " +
                              (to_names.size() == to.size()
                                   ? to_names[static_cast<std::size_t>(it - to.begin())]
                                   : *it));
        for (auto other = to.begin(); other != it; ++other)
            if (blocked(*other, *it))
                return refuse(errc::blocked, "these players cannot all be seated together");
    }
    auto opened = group_challenges_.open(from, to, setup, now, std::move(to_names));
    if (!opened)
        return opened.error();
    emit(opened.value(), GroupChallengeChanged::Change::Issued, from.id);
    return opened.value().id;
}

rules::Result<std::optional<GroupMatch>> Lobby::accept_group_challenge(ChallengeId id,
                                                                       const Player& by) {
    auto found = group_challenges_.acceptable(id, by);
    if (!found)
        return found.error();
    const GroupChallenge& before = found.value();
    if (before.accepted.size() + 1 == before.invited.size()) { // the last acceptance
        const auto everyone = before.everyone();
        for (auto a = everyone.begin(); a != everyone.end(); ++a)
            for (auto b = everyone.begin(); b != a; ++b)
                if (blocked(*a, *b))
                    return refuse(errc::blocked, "these players cannot all be seated together");
    }
    auto accepted = group_challenges_.accept(id, by);
    if (!accepted)
        return accepted.error();
    const GroupChallenge& c = accepted.value();
    if (!c.complete()) {
        emit(c, GroupChallengeChanged::Change::Accepted, by.id);
        return std::optional<GroupMatch>{};
    }
    std::vector<Player> players;
    players.reserve(c.invited.size() + 1);
    players.push_back(c.challenger);
    players.insert(players.end(), c.accepted.begin(), c.accepted.end());
    GroupMatch match = make_group_match(std::move(players), c.setup);
    emit(c, GroupChallengeChanged::Change::Matched, by.id, {}, match);
    return std::optional<GroupMatch>{std::move(match)};
}

Refusal Lobby::decline_group_challenge(ChallengeId id, const PlayerId& by, DeclineReason reason) {
    auto closed = group_challenges_.close_declined(id, by);
    if (!closed)
        return closed.error();
    emit(closed.value(), GroupChallengeChanged::Change::Declined, by, reason);
    return std::nullopt;
}

Refusal Lobby::cancel_group_challenge(ChallengeId id, const PlayerId& by) {
    auto closed = group_challenges_.close_cancelled(id, by);
    if (!closed)
        return closed.error();
    emit(closed.value(), GroupChallengeChanged::Change::Cancelled, by);
    return std::nullopt;
}

std::vector<GroupChallenge> Lobby::group_challenges_of(const PlayerId& player) const {
    return group_challenges_.involving(player);
}

} // namespace lobby
