#pragma once
// What the lobby tells people: changes of the public table list (for everyone in the lobby),
// pairings and challenges (for the players concerned). Plain values for the server to
// serialize once.

#include "lobby/challenges.h"
#include "lobby/group_challenges.h"
#include "lobby/player.h"
#include "lobby/seek_pools.h"
#include "lobby/table_setup.h"
#include "lobby/table_state.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lobby {

// Two players to seat at a new table: create it with `setup` (colour White) and `white` as
// host, then join `black`. The code is already reserved for it.
struct Match {
    std::string table_code{};
    TableSetup setup{};
    Player white{};
    Player black{};
};

// Players to seat at a new table of more than two seats (a seek pool's group): `players[i]`
// takes seat i, seat 0 moves first (rules::Game::seat_to_move), the order drawn at random.
// The code is already reserved for it; seat_count(setup) == players.size(). The setup's
// colour is White: create the table with players[0] as host (seat 0), then join the others in
// order (a join takes the first open seat).
struct GroupMatch {
    std::string table_code{};
    TableSetup setup{};
    std::vector<Player> players{};
};

struct TableListChanged {
    enum class Change : std::uint8_t { Created, SeatTaken, SeatFreed, Started, Gone };
    Change change = Change::Created;
    TableSummary table{};
};

struct SeekMatched {
    Match match{};
};
struct ChallengeIssued {
    Challenge challenge{};
};
struct ChallengeCountered {
    Challenge challenge{};
    PlayerId by{};
};
struct ChallengeAccepted {
    Challenge challenge{};
    Match match{};
};
struct ChallengeDeclined {
    Challenge challenge{};
    PlayerId by{};
    DeclineReason reason{};
};
struct ChallengeCancelled {
    Challenge challenge{};
    PlayerId by{};
};
struct ChallengeExpired {
    Challenge challenge{};
};

using LobbyEventBody =
    std::variant<TableListChanged, SeekMatched, ChallengeIssued, ChallengeCountered,
                 ChallengeAccepted, ChallengeDeclined, ChallengeCancelled, ChallengeExpired>;

struct LobbyEvent {
    std::vector<PlayerId> to{}; // empty: everyone in the lobby
    LobbyEventBody body{};
};

// "table_list", "matched", "challenge", "challenge_countered", "challenge_accepted",
// "challenge_declined", "challenge_cancelled", "challenge_expired"
std::string_view event_name(const LobbyEventBody& body);
std::string_view change_name(TableListChanged::Change change); // "created", "seat_taken", ...

// What the lobby tells the players of games of more than two seats. Kept apart from
// LobbyEventBody so that the server, which seats two so far, needs no change until the N-seat
// table exists; only the N-seat calls (seek_seats, the group challenges) make these.
struct GroupMatched {
    GroupMatch match{};
};

// A group challenge changed: issued (to everyone), accepted by one invitee (`by`; the others
// still to answer), matched (everyone accepted: `match` seats them), declined by `by` with
// `reason`, cancelled by its challenger (`by`, also when they leave the site) or expired.
struct GroupChallengeChanged {
    enum class Change : std::uint8_t { Issued, Accepted, Matched, Declined, Cancelled, Expired };
    Change change = Change::Issued;
    GroupChallenge challenge{};
    PlayerId by{};
    DeclineReason reason{};
    std::optional<GroupMatch> match{};
};

using GroupEventBody = std::variant<GroupMatched, GroupChallengeChanged>;

struct GroupEvent {
    std::vector<PlayerId> to{}; // the players concerned
    GroupEventBody body{};
};

// "group_matched", "group_challenge"
std::string_view event_name(const GroupEventBody& body);
// "issued", "accepted", "matched", "declined", "cancelled", "expired"
std::string_view change_name(GroupChallengeChanged::Change change);

class LobbyListener {
public:
    virtual ~LobbyListener() = default;
    virtual void on_lobby_event(const LobbyEvent& event) = 0;
    // Games of more than two seats. The default drops them: a listener that never makes
    // N-seat calls never gets one.
    virtual void on_group_event(const GroupEvent& event) { (void)event; }
};

} // namespace lobby
