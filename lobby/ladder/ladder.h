#pragma once
// A rated ladder's rules (issue 6 "Ladders"): a ranked list of players, rung 1 at the top.
// - A player joins at the bottom.
// - A player may challenge anyone up to `max_rungs_up` rungs above, with at most
//   `max_open_challenges` open challenges of their own at once, and one per opponent.
// - A challenge not accepted before its deadline (created + response time) is forfeited by the
//   challenged player, which counts as a win for the challenger.
// - An accepted challenge's game must start within `start_time` of the acceptance; until it
//   starts, either player may withdraw the challenge. One whose game has not started by then
//   is cancelled: nobody moves, and the challenger may challenge again.
// - When the lower player (the challenger) wins, they take the loser's rung and everyone in
//   between moves down one; a loss or a draw moves nobody.
// - A challenge whose game the server could not store (aborted, "storage_failed") is cancelled:
//   nobody moves, and the challenger may challenge again.
// - The organiser (or the server's operator) may remove a player; everyone below moves up one.
// Pure: time is passed in, ids come from outside (storage), nothing is read or written here.

#include "lobby/ladder/ladder_types.h"
#include "rules/result.h"

#include <optional>
#include <vector>

namespace lobby::ladder {

class Ladder {
public:
    // A ladder as stored: standings top first and the challenges still open or accepted.
    explicit Ladder(LadderRules rules, std::optional<PlayerId> organiser = std::nullopt,
                    std::vector<PlayerId> top_first = {}, std::vector<Challenge> challenges = {});

    const LadderRules& rules() const { return rules_; }
    const std::vector<PlayerId>& standings() const { return standings_; } // top first
    int rung_of(PlayerId player) const; // 1 = top; 0 = not on the ladder
    const std::vector<Challenge>& challenges() const { return challenges_; } // open, accepted
    int open_challenges_of(PlayerId challenger) const;

    rules::Result<LadderUpdate> join(PlayerId player, TimePoint now);

    // Checks a challenge and returns it ready to store (id 0). Nothing changes until add().
    rules::Result<Challenge> propose(PlayerId challenger, PlayerId challenged, TimePoint now) const;
    // Records a proposed challenge once storage gave it an id.
    void add(const Challenge& challenge);
    // Only the challenged player, before the deadline. The answer's deadline is the one to
    // start the game by.
    rules::Result<Challenge> accept(ChallengeId id, PlayerId who, TimePoint now);
    // An accepted challenge's game has started (its row is stored): from now on only the game
    // settles it. Errors: unknown_challenge, not_accepted.
    rules::Result<Challenge> start(ChallengeId id);
    // The challenger takes back a challenge that was not accepted yet; either player takes
    // back an accepted one whose game has not started.
    rules::Result<Challenge> withdraw(ChallengeId id, PlayerId who);
    // Every open challenge whose deadline has passed is forfeited by the challenged player;
    // every accepted one whose game has not started by its deadline is cancelled.
    std::vector<LadderUpdate> expire(TimePoint now);
    // The result of an accepted challenge's game; NoResult cancels the challenge.
    rules::Result<LadderUpdate> report(ChallengeId id, ChallengeResult result, TimePoint now);
    // The organiser removes a player; their challenges are cancelled.
    rules::Result<LadderUpdate> remove(PlayerId organiser, PlayerId player, TimePoint now);
    // The server's operator removes a player (tabula ladder remove-player), organiser or not.
    rules::Result<LadderUpdate> remove_by_operator(PlayerId player, TimePoint now);

private:
    LadderRules rules_;
    std::optional<PlayerId> organiser_;
    std::vector<PlayerId> standings_;
    std::vector<Challenge> challenges_;

    Challenge* find(ChallengeId id);
    rules::Result<LadderUpdate> take_off(PlayerId player, TimePoint now);
    LadderUpdate settle(Challenge challenge, bool challenger_won, const char* winner_event,
                        const char* loser_event, TimePoint now);
    void drop_settled();
};

} // namespace lobby::ladder
