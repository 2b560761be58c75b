#pragma once
// Challenges for tables of more than two seats (the halma family): a player invites as many
// players as fill the table with them. It becomes a GroupMatch once every invitee has
// accepted; any invitee's decline (before the last acceptance, including after accepting)
// cancels it for everyone, and so does the challenger's withdrawal or the expiry. There are
// no counter-offers: with several invitees each would have to agree again, so a changed setup
// is a new challenge. The ids are their own series, apart from ChallengeBook's.

#include "lobby/challenges.h"
#include "lobby/errors.h"
#include "lobby/player.h"
#include "lobby/table_setup.h"
#include "lobby/time.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lobby {

struct GroupChallenge {
    ChallengeId id = 0;
    Player challenger{};
    std::vector<PlayerId> invited{};          // in the order the challenger gave
    std::vector<std::string> invited_names{}; // invited[i]'s name as shown (a guest's is its id)
    std::vector<Player> accepted{};           // the invitees who accepted, in the order they did
    TableSetup setup{};
    TimePoint expires_at{};

    bool is_invited(const PlayerId& player) const;
    bool has_accepted(const PlayerId& player) const;
    bool complete() const { return accepted.size() == invited.size(); }
    std::vector<PlayerId> everyone() const; // the challenger, then the invitees
};

// The open group challenges. Checks who may do what; the Lobby adds blocks, events and tables.
class GroupChallengeBook {
public:
    explicit GroupChallengeBook(ChallengeLimits limits) : limits_(limits) {}

    // "bad_setup" unless the setup seats more than two and exactly the challenger and the
    // invitees (or validate_game refuses it); "not_allowed" for inviting oneself or someone
    // twice, and for a rated game from a guest; "rate_limited" past max_open_per_player.
    // `to_names`: the invitees' names as shown, by invitee (empty: the ids are the names).
    rules::Result<GroupChallenge> open(const Player& from, const std::vector<PlayerId>& to,
                                       const TableSetup& setup, TimePoint now,
                                       std::vector<std::string> to_names = {});
    // The challenge `by` may accept now: "no_such_challenge", "not_your_challenge" (not
    // invited), "not_allowed" (accepted already; a guest at a rated game).
    rules::Result<GroupChallenge> acceptable(ChallengeId id, const Player& by) const;
    // Records the acceptance; a challenge that is then complete leaves the book.
    rules::Result<GroupChallenge> accept(ChallengeId id, const Player& by);
    // Removes and returns the challenge an invitee declines ("not_your_challenge" for anyone
    // else).
    rules::Result<GroupChallenge> close_declined(ChallengeId id, const PlayerId& by);
    // Removes and returns the challenge its challenger withdraws.
    rules::Result<GroupChallenge> close_cancelled(ChallengeId id, const PlayerId& by);
    std::vector<GroupChallenge> expire(TimePoint now);
    std::optional<TimePoint> next_expiry() const;
    std::vector<GroupChallenge> involving(const PlayerId& player) const;
    std::size_t size() const { return open_.size(); }

private:
    ChallengeLimits limits_;
    ChallengeId next_id_ = 1;
    std::map<ChallengeId, GroupChallenge> open_;
};

} // namespace lobby
