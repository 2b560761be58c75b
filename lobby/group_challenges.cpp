#include "lobby/group_challenges.h"

#include "lobby/expiring.h"

#include <algorithm>
#include <string>

namespace lobby {

bool GroupChallenge::is_invited(const PlayerId& player) const {
    return std::find(invited.begin(), invited.end(), player) != invited.end();
}

bool GroupChallenge::has_accepted(const PlayerId& player) const {
    return std::any_of(accepted.begin(), accepted.end(),
                       [&](const Player& p) { return p.id == player; });
}

std::vector<PlayerId> GroupChallenge::everyone() const {
    std::vector<PlayerId> all;
    all.reserve(invited.size() + 1);
    all.push_back(challenger.id);
    all.insert(all.end(), invited.begin(), invited.end());
    return all;
}

rules::Result<GroupChallenge> GroupChallengeBook::open(const Player& from,
                                                       const std::vector<PlayerId>& to,
                                                       const TableSetup& setup, TimePoint now,
                                                       std::vector<std::string> to_names) {
    if (to_names.size() != to.size())
        to_names = to;
    const int seats = seat_count(setup);
    const auto name = std::string(rules::variant_name(setup.variant));
    if (seats <= 2)
        return refuse(errc::bad_setup, name + " is a game for two: challenge one player");
    if (to.size() + 1 != static_cast<std::size_t>(seats))
        return refuse(errc::bad_setup, name + " seats " + std::to_string(seats) + ": invite " +
                                           std::to_string(seats - 1) + " players, not " +
                                           std::to_string(to.size()));
    if (auto error = validate_game(setup))
        return *error;
    for (auto it = to.begin(); it != to.end(); ++it) {
        if (*it == from.id)
            return refuse(errc::not_allowed, "you cannot challenge yourself");
        if (std::find(to.begin(), it, *it) != it)
            return refuse(errc::not_allowed, to_names[static_cast<std::size_t>(it - to.begin())] +
                                                 " is invited twice");
    }
    if (setup.rated && !from.registered())
        return refuse(errc::not_allowed, "rated games are for registered players");
    const auto mine = std::count_if(open_.begin(), open_.end(), [&](const auto& entry) {
        return entry.second.challenger.id == from.id;
    });
    if (static_cast<std::size_t>(mine) >= limits_.max_open_per_player)
        return refuse(errc::rate_limited, "too many open challenges; wait for answers");
    const Millis ttl =
        setup.time_control.is_correspondence() ? limits_.correspondence_ttl : limits_.ttl;
    GroupChallenge c{.id = next_id_++,
                     .challenger = from,
                     .invited = to,
                     .invited_names = std::move(to_names),
                     .setup = setup,
                     .expires_at = now + ttl};
    open_.emplace(c.id, c);
    return c;
}

rules::Result<GroupChallenge> GroupChallengeBook::acceptable(ChallengeId id,
                                                             const Player& by) const {
    const auto it = open_.find(id);
    if (it == open_.end())
        return challenge_gone();
    const GroupChallenge& c = it->second;
    if (!c.is_invited(by.id))
        return refuse(errc::not_your_challenge, "this challenge is not yours to answer");
    if (c.has_accepted(by.id))
        return refuse(errc::not_allowed, "you have accepted this challenge already");
    if (c.setup.rated && !by.registered())
        return refuse(errc::not_allowed, "rated games are for registered players");
    return c;
}

rules::Result<GroupChallenge> GroupChallengeBook::accept(ChallengeId id, const Player& by) {
    if (auto found = acceptable(id, by); !found)
        return found.error();
    GroupChallenge& c = open_.at(id);
    c.accepted.push_back(by);
    GroupChallenge after = c;
    if (after.complete())
        open_.erase(id);
    return after;
}

rules::Result<GroupChallenge> GroupChallengeBook::close_declined(ChallengeId id,
                                                                 const PlayerId& by) {
    const auto it = open_.find(id);
    if (it == open_.end())
        return challenge_gone();
    if (!it->second.is_invited(by))
        return refuse(errc::not_your_challenge, "only an invited player can decline it");
    GroupChallenge c = std::move(it->second);
    open_.erase(it);
    return c;
}

rules::Result<GroupChallenge> GroupChallengeBook::close_cancelled(ChallengeId id,
                                                                  const PlayerId& by) {
    const auto it = open_.find(id);
    if (it == open_.end())
        return challenge_gone();
    if (it->second.challenger.id != by)
        return refuse(errc::not_your_challenge, "only the challenger can withdraw it");
    GroupChallenge c = std::move(it->second);
    open_.erase(it);
    return c;
}

std::vector<GroupChallenge> GroupChallengeBook::expire(TimePoint now) {
    return take_expired(open_, now);
}

std::optional<TimePoint> GroupChallengeBook::next_expiry() const {
    return earliest_expiry(open_);
}

std::vector<GroupChallenge> GroupChallengeBook::involving(const PlayerId& player) const {
    std::vector<GroupChallenge> found;
    for (const auto& [id, c] : open_)
        if (c.challenger.id == player || c.is_invited(player))
            found.push_back(c);
    return found;
}

} // namespace lobby
