#pragma once
// Challenges: a player invites a named user with a proposed setup. The invitee accepts,
// declines with a reason, or answers with a counter-offer (a changed setup); then it is the
// challenger's turn to accept, decline or counter again. A challenge expires when the side to
// answer lets it sit too long. `setup.color` is always the original challenger's colour.

#include "lobby/errors.h"
#include "lobby/player.h"
#include "lobby/table_setup.h"
#include "lobby/time.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace lobby {

using ChallengeId = std::uint64_t;

enum class DeclineReason : std::uint8_t {
    Generic,
    Later,
    TooFast,
    TooSlow,
    TimeControl,
    Rated,
    Casual,
    Variant
};
// "generic", "later", "too_fast", "too_slow", "time_control", "rated", "casual", "variant"
std::string_view decline_reason_name(DeclineReason reason);
std::optional<DeclineReason> decline_reason_from_name(std::string_view name);

struct Challenge {
    ChallengeId id = 0;
    Player challenger{};
    PlayerId challenged{};
    std::string challenged_name{};             // the invitee's name as shown
    std::optional<Player> challenged_player{}; // known once the invitee has answered
    TableSetup setup{};
    PlayerId awaiting{}; // who must answer now
    int counters = 0;    // counter-offers so far
    TimePoint expires_at{};

    const PlayerId& proposer() const {
        return awaiting == challenger.id ? challenged : challenger.id;
    }
};

// A counter-offer: the setup proposed instead. `setup.color` is the original challenger's
// colour, as in every challenge; an offer that names no colour keeps the one proposed before
// (docs/protocol.md §7.9), so that countering only the time control cannot turn the
// challenger's White into a random colour.
struct CounterOffer {
    TableSetup setup{};
    bool names_color = true;
};

struct ChallengeLimits {
    Millis ttl{std::chrono::minutes(5)}; // real-time games
    Millis correspondence_ttl{std::chrono::days(7)};
    int max_counters = 10;
    std::size_t max_open_per_player = 5;
};

// The open challenges. Checks who may do what; the Lobby adds blocks, events and tables.
class ChallengeBook {
public:
    explicit ChallengeBook(ChallengeLimits limits) : limits_(limits) {}

    // `to_name`: the invitee's name as shown (empty: the id is the name, as a guest's is).
    rules::Result<Challenge> open(const Player& from, const PlayerId& to, const TableSetup& setup,
                                  TimePoint now, std::string to_name = {});
    // The challenge `by` must answer now; "no_such_challenge" / "not_your_challenge".
    rules::Result<Challenge> awaiting(ChallengeId id, const PlayerId& by) const;
    rules::Result<Challenge> counter(ChallengeId id, const Player& by, const CounterOffer& offer,
                                     TimePoint now);
    // Removes and returns a challenge that `by` must answer (accept, decline).
    rules::Result<Challenge> close_answered(ChallengeId id, const PlayerId& by);
    // Removes and returns a challenge that `by` proposed last (cancel).
    rules::Result<Challenge> close_proposed(ChallengeId id, const PlayerId& by);
    std::vector<Challenge> expire(TimePoint now);
    std::optional<TimePoint> next_expiry() const;
    std::vector<Challenge> involving(const PlayerId& player) const;
    std::size_t size() const { return open_.size(); }

private:
    ChallengeLimits limits_;
    ChallengeId next_id_ = 1;
    std::map<ChallengeId, Challenge> open_;

    TimePoint expiry(const TableSetup& setup, TimePoint now) const;
};

} // namespace lobby
