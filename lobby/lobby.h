#pragma once
// The lobby registry: table codes and the public table list, auto-match pools, challenges and
// the first-move cool-down. It holds no Table objects (each lives on its own strand); it
// issues codes, hands out Matches for the server to seat, and keeps summaries the tables
// report back (table_changed / table_gone).
//
// Threading: single-threaded; the server runs it on the lobby strand. Events go out through
// the LobbyListener synchronously from inside the calls.

#include "lobby/block_list.h"
#include "lobby/challenges.h"
#include "lobby/errors.h"
#include "lobby/group_challenges.h"
#include "lobby/join_codes.h"
#include "lobby/lobby_events.h"
#include "lobby/random.h"
#include "lobby/seek_pools.h"
#include "lobby/table_state.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace lobby {

struct LobbyLimits {
    Millis no_start_cooldown{std::chrono::seconds(60)};
    SeekRange seek_range;
    ChallengeLimits challenges;
    std::size_t max_waiting_tables_per_host = 3;
};

class Lobby {
public:
    // `random` must be unpredictable in production (SystemRandom): it draws the join codes.
    // `blocks` and `listener` may be null; all three must outlive the lobby.
    Lobby(RandomSource& random, const BlockList* blocks, LobbyListener* listener,
          LobbyLimits limits = {});

    // --- tables -----------------------------------------------------------------------------
    // Checks the setup and reserves a fresh code; the server then makes the Table with it and
    // reports its summary with table_changed(). Public tables are announced when reported.
    rules::Result<std::string> open_table(const Player& host, const TableSetup& setup);
    // The same for a table the server seats both players at itself (a ladder game): no limit
    // on the host's waiting tables, since the table does not wait.
    rules::Result<std::string> open_arranged_table(const Player& host, const TableSetup& setup);
    // A table's summary after it changed (seat taken, started, finished). Public tables are
    // announced to everyone: created, seat_taken, seat_freed, started; gone when finished.
    void table_changed(const TableSummary& summary);
    // The table no longer exists: its code is released.
    void table_gone(const std::string& code);
    // A table reloaded after a restart takes back its code; false if the code is taken.
    [[nodiscard]] bool adopt_table(const TableSummary& summary);
    // The canonical code of a live table from a code a person typed or a /t/<CODE> link;
    // "bad_join_code" otherwise. Works for private tables: the code is the key.
    rules::Result<std::string> find_by_code(std::string_view typed) const;
    std::optional<TableSummary> summary(const std::string& code) const;
    // The public tables that are waiting or playing, for a client entering the lobby.
    std::vector<TableSummary> public_tables() const;

    // --- first-move cool-down ---------------------------------------------------------------
    // A player did not make the first move (GameEnded with did_not_start): no seeking for a
    // while ("You did not start your previous game. Please wait 60 seconds").
    void record_no_start(const PlayerId& player, TimePoint now);
    std::optional<Millis> cooldown_left(const PlayerId& player, TimePoint now) const;

    // --- auto-match -------------------------------------------------------------------------
    // Seeks a game; returns the Match at once if someone fits, else waits (check_timeouts
    // pairs later as ranges widen). "cooldown", "not_allowed" (rated needs an account),
    // "bad_setup".
    rules::Result<std::optional<Match>> seek(const Player& player, const SeekPool& pool,
                                             TimePoint now);
    bool cancel_seek(const PlayerId& player);
    const SeekPools& seeks() const { return seeks_; }

    // Seeks a seat at a table of more than two (the pool's variant seats 3 to 6): the
    // GroupMatch that seats the player if their seek fills a table at once, else none
    // (waiting; check_timeouts gathers later as ranges widen). Every match goes out as a
    // GroupMatched event to its players. Refusals as for seek(), and "bad_setup" for a
    // two-seat pool (seek() is for those). cancel_seek() takes the seek back.
    rules::Result<std::optional<GroupMatch>> seek_seats(const Player& player, const SeekPool& pool,
                                                        TimePoint now);

    // --- challenges -------------------------------------------------------------------------
    // `to_name`: the invitee's name as shown (empty: the id is the name, as a guest's is).
    rules::Result<ChallengeId> challenge(const Player& from, const PlayerId& to,
                                         const TableSetup& setup, TimePoint now,
                                         std::string to_name = {});
    rules::Result<Match> accept_challenge(ChallengeId id, const Player& by, TimePoint now);
    [[nodiscard]] Refusal decline_challenge(ChallengeId id, const PlayerId& by,
                                            DeclineReason reason);
    [[nodiscard]] Refusal counter_challenge(ChallengeId id, const Player& by,
                                            const CounterOffer& offer, TimePoint now);
    [[nodiscard]] Refusal cancel_challenge(ChallengeId id, const PlayerId& by);
    std::vector<Challenge> challenges_of(const PlayerId& player) const;

    // --- challenges for more than two seats (group_challenges.h) ------------------------------
    // Invites `to` (the table's seats less one) to a game of more than two seats; everyone
    // hears of it. "blocked" when the challenger and an invitee, or two invitees, block each
    // other (no two such players are seated together), else as GroupChallengeBook::open.
    // `to_names`: the invitees' names as shown (empty: the ids are the names).
    rules::Result<ChallengeId> challenge_group(const Player& from, const std::vector<PlayerId>& to,
                                               const TableSetup& setup, TimePoint now,
                                               std::vector<std::string> to_names = {});
    // One invitee accepts: the GroupMatch once everyone has (seat order drawn at random),
    // else none. The last acceptance is refused with "blocked" if a block has come between
    // the players since the challenge (the challenge stays, to be declined or to expire).
    rules::Result<std::optional<GroupMatch>> accept_group_challenge(ChallengeId id,
                                                                    const Player& by);
    // Any invitee, also one who accepted: the challenge is off for everyone.
    [[nodiscard]] Refusal decline_group_challenge(ChallengeId id, const PlayerId& by,
                                                  DeclineReason reason);
    [[nodiscard]] Refusal cancel_group_challenge(ChallengeId id, const PlayerId& by);
    std::vector<GroupChallenge> group_challenges_of(const PlayerId& player) const;

    // A player left the site: their seek and the challenges they proposed go.
    void forget_player(const PlayerId& player);

    // --- timers -----------------------------------------------------------------------------
    // Pairs seekers whose ranges have widened to meet, expires challenges, drops old
    // cool-downs. next_deadline() says when to call again.
    void check_timeouts(TimePoint now);
    std::optional<TimePoint> next_deadline() const;

private:
    RandomSource& random_;
    const BlockList* blocks_;
    LobbyListener* listener_;
    LobbyLimits limits_;
    JoinCodeRegistry codes_;
    std::map<std::string, TableSummary, std::less<>> tables_; // by code; reported summaries
    std::set<std::string, std::less<>> listed_;               // public tables announced in the list
    std::map<PlayerId, TimePoint, std::less<>> cooldown_until_;
    SeekPools seeks_;
    ChallengeBook challenges_;
    GroupChallengeBook group_challenges_;

    void emit(std::vector<PlayerId> to, LobbyEventBody body);
    void emit(std::vector<PlayerId> to, GroupEventBody body);
    Refusal check_seeker(const Player& player, const SeekPool& pool, TimePoint now) const;
    GroupMatch make_group_match(std::vector<Player> players, TableSetup setup);
    std::vector<GroupMatch> seat_groups(std::vector<SeekGroup> groups);
    Match make_match(const Player& a, const Player& b, TableSetup setup, bool a_chooses);
    bool blocked(const PlayerId& a, const PlayerId& b) const;
    void emit(const GroupChallenge& c, GroupChallengeChanged::Change change, PlayerId by = {},
              DeclineReason reason = {}, std::optional<GroupMatch> match = std::nullopt);
};

} // namespace lobby
