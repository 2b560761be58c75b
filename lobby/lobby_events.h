#pragma once
// What the lobby tells people: changes of the public table list (for everyone in the lobby),
// pairings and challenges (for the players concerned). Plain values for the server to
// serialize once.

#include "lobby/challenges.h"
#include "lobby/player.h"
#include "lobby/seek_pools.h"
#include "lobby/table_setup.h"
#include "lobby/table_state.h"

#include <cstdint>
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

class LobbyListener {
public:
    virtual ~LobbyListener() = default;
    virtual void on_lobby_event(const LobbyEvent& event) = 0;
};

} // namespace lobby
