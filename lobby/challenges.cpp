#include "lobby/challenges.h"

#include "lobby/expiring.h"

#include <algorithm>
#include <array>

namespace lobby {

namespace {
constexpr std::array<std::string_view, 8> reason_names = {
    "generic", "later", "too_fast", "too_slow", "time_control", "rated", "casual", "variant"};
} // namespace

std::string_view decline_reason_name(DeclineReason reason) {
    return reason_names[static_cast<std::size_t>(reason)];
}

std::optional<DeclineReason> decline_reason_from_name(std::string_view name) {
    for (std::size_t i = 0; i < reason_names.size(); ++i)
        if (reason_names[i] == name)
            return static_cast<DeclineReason>(i);
    return std::nullopt;
}

TimePoint ChallengeBook::expiry(const TableSetup& setup, TimePoint now) const {
    return now +
           (setup.time_control.is_correspondence() ? limits_.correspondence_ttl : limits_.ttl);
}

rules::Result<Challenge> ChallengeBook::open(const Player& from, const PlayerId& to,
                                             const TableSetup& setup, TimePoint now,
                                             std::string to_name) {
    if (to_name.empty())
        to_name = to;
    if (from.id == to)
        return refuse(errc::not_allowed, "you cannot challenge yourself");
    if (auto error = validate_for_two(setup))
        return *error;
    if (setup.rated && !from.registered())
        return refuse(errc::not_allowed, "rated games are for registered players");
    std::size_t mine = 0;
    for (const auto& [id, c] : open_) {
        if (c.challenger.id == from.id && c.challenged == to)
            return refuse(errc::not_allowed, "you have already challenged " + to_name);
        if (c.challenger.id == from.id)
            ++mine;
    }
    if (mine >= limits_.max_open_per_player)
        return refuse(errc::rate_limited, "too many open challenges; wait for answers");
    Challenge c{.id = next_id_++,
                .challenger = from,
                .challenged = to,
                .challenged_name = std::move(to_name),
                .setup = setup,
                .awaiting = to,
                .expires_at = expiry(setup, now)};
    open_.emplace(c.id, c);
    return c;
}

rules::Result<Challenge> ChallengeBook::awaiting(ChallengeId id, const PlayerId& by) const {
    const auto it = open_.find(id);
    if (it == open_.end())
        return challenge_gone();
    if (it->second.awaiting != by)
        return refuse(errc::not_your_challenge, "this challenge is not yours to answer");
    return it->second;
}

rules::Result<Challenge> ChallengeBook::counter(ChallengeId id, const Player& by,
                                                const CounterOffer& offer, TimePoint now) {
    auto found = awaiting(id, by.id);
    if (!found)
        return found.error();
    TableSetup setup = offer.setup;
    if (!offer.names_color)
        setup.color = found.value().setup.color;
    if (auto error = validate_for_two(setup))
        return *error;
    Challenge& c = open_.at(id);
    if (setup.rated && (!c.challenger.registered() || !by.registered()))
        return refuse(errc::not_allowed, "rated games are for registered players");
    if (c.counters >= limits_.max_counters)
        return refuse(errc::not_allowed, "too many counter-offers; accept or decline");
    if (by.id == c.challenged)
        c.challenged_player = by;
    c.setup = setup;
    c.awaiting = c.proposer();
    ++c.counters;
    c.expires_at = expiry(setup, now);
    return c;
}

rules::Result<Challenge> ChallengeBook::close_answered(ChallengeId id, const PlayerId& by) {
    auto found = awaiting(id, by);
    if (!found)
        return found.error();
    open_.erase(id);
    return found;
}

rules::Result<Challenge> ChallengeBook::close_proposed(ChallengeId id, const PlayerId& by) {
    const auto it = open_.find(id);
    if (it == open_.end())
        return challenge_gone();
    if (it->second.proposer() != by)
        return refuse(errc::not_your_challenge, "only the last proposer can withdraw it");
    Challenge c = it->second;
    open_.erase(it);
    return c;
}

std::vector<Challenge> ChallengeBook::expire(TimePoint now) {
    return take_expired(open_, now);
}

std::optional<TimePoint> ChallengeBook::next_expiry() const {
    return earliest_expiry(open_);
}

std::vector<Challenge> ChallengeBook::involving(const PlayerId& player) const {
    std::vector<Challenge> found;
    for (const auto& [id, c] : open_)
        if (c.challenger.id == player || c.challenged == player)
            found.push_back(c);
    return found;
}

} // namespace lobby
