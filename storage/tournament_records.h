#pragma once
// The rows of tournaments (issue 38) that storage/ reads and writes: plain strings and numbers
// like records.h. Storage knows no formats, results or tie-breaks: the words below are the
// service's (server/tournaments/), stored as they are given.

#include "storage/records.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace storage {

using TournamentId = std::int64_t;

// A tournament's definition and where it stands. `format`: "swiss", "round_robin",
// "double_round_robin" or "arena". `state`: "created" (taking entries), "running",
// "finished" or "cancelled". `rounds`: a Swiss's number of rounds (a round robin's follows
// from its players; 0 for an arena); `duration`: an arena's length (0 otherwise).
// `tiebreaks`: the tie-break codes in order, comma separated ("BH-C1,BH,SB"); points are in
// the lobby's score units (lobby/tournament/scoring.h). `join_code` is empty for a public one.
struct TournamentRow {
    TournamentId id = 0;
    std::string name{};
    std::string format = "swiss";
    std::string variant{};
    std::string time_control{};
    bool rated = false;
    std::optional<UserId> organiser_user_id{}; // absent: made by the operator
    TimePoint starts_at{};
    int rounds = 0;
    Millis duration{};
    int min_players = 2;
    int max_players = 0;
    bool is_public = true;
    std::string join_code{};
    std::string tiebreaks{};
    int bye_points = 2;
    int late_entry_points = 0;
    std::string state = "created";
    TimePoint created_at{};
    std::optional<TimePoint> started_at{};
    std::optional<TimePoint> ended_at{};
    // The operator's schedule (config key tournament_schedules) it was made for, by its name;
    // none: made by hand. A schedule has one tournament a start: unique with starts_at.
    std::optional<std::string> schedule{};
    // Open only to the players of this ladder (none: to every account). A ladder deleted later
    // leaves the tournament open to all.
    std::optional<LadderId> ladder_id{};
};

// One player's entry, in the order of entry (`entry_number` 1, 2, ... given by the store).
// `joined_round`: the first round the player can be paired in (1 before the start);
// `withdrawn_from`: the first round it is no longer paired in; `paused`: an arena player
// not paired until it comes back.
struct TournamentEntryRow {
    TournamentId tournament_id = 0;
    UserId user_id = 0;
    std::string name{};
    int rating = 0;
    TimePoint joined_at{};
    int joined_round = 1;
    std::optional<int> withdrawn_from{};
    bool paused = false;
    int entry_number = 0;

    friend bool operator==(const TournamentEntryRow&, const TournamentEntryRow&) = default;
};

// One board of a round: White (seat 0 of its game) against Black, the code of the table made
// for it, the game played there once its row is linked (TournamentStore::link_games), and
// `outcome`, the pairing's own result when it is not the game's: empty (the
// game's result decides), or the service's word for a result without a game, such as a
// forfeit. `game_result` and `game_termination` are read from the game's row (the `games`
// table) and never written through the pairing: a game's end is the standings' change.
struct TournamentPairingRow {
    int board = 0; // 1-based
    UserId white_user_id = 0;
    UserId black_user_id = 0;
    std::string table_code{}; // empty until its table is made
    std::optional<GameId> game_id{};
    std::string outcome{};
    std::string game_result{};      // read only: empty while the game goes on or without one
    std::string game_termination{}; // read only

    friend bool operator==(const TournamentPairingRow&, const TournamentPairingRow&) = default;
};

// A player without a game in a round, and why: the service's word ("bye", "half_bye",
// "late_entry", "not_paired").
struct TournamentAbsenceRow {
    UserId user_id = 0;
    std::string kind{};

    friend bool operator==(const TournamentAbsenceRow&, const TournamentAbsenceRow&) = default;
};

struct TournamentRoundRow {
    int round = 0; // 1-based
    TimePoint paired_at{};
    bool set_by_hand = false;                     // the organiser's pairing
    std::vector<TournamentPairingRow> pairings{}; // board order
    std::vector<TournamentAbsenceRow> absences{};

    friend bool operator==(const TournamentRoundRow&, const TournamentRoundRow&) = default;
};

// How far a tournament has come, as its listing shows it: its players (entries not withdrawn)
// and the rounds paired so far (an arena's pairing waves).
struct TournamentProgress {
    TournamentId id = 0;
    int players = 0;         // entries not withdrawn
    int rounds_paired = 0;   // rounds stored (a round robin stores all of its at its start)
    int rounds_finished = 0; // rounds of which every pairing has its outcome or a game ended
};

// One line of a tournament's history: what happened, who did it (absent: the server or the
// operator) and a free text for people (the pairing set by hand, a forfeit).
struct TournamentHistoryRow {
    TournamentId tournament_id = 0;
    TimePoint at{};
    std::optional<UserId> actor_user_id{};
    std::string event{}; // e.g. "created", "started", "paired_by_hand", "forfeit", "finished"
    std::string detail{};

    friend bool operator==(const TournamentHistoryRow&, const TournamentHistoryRow&) = default;
};

// An arena's no-show paused with the forfeit that decides their pairing (set_pairing_outcome):
// `user` paused and `history` written, unless they are paused already.
struct TournamentPauseRow {
    UserId user = 0;
    TournamentHistoryRow history{};
};

// A half-point bye a player asked for: not paired in `round`, scoring a draw's points.
struct TournamentHalfByeRow {
    UserId user_id = 0;
    int round = 0;

    friend bool operator==(const TournamentHalfByeRow&, const TournamentHalfByeRow&) = default;
};

// Two players the organiser forbade to meet; `first` is the lower account id.
struct TournamentForbiddenPairRow {
    UserId first = 0;
    UserId second = 0;

    friend bool operator==(const TournamentForbiddenPairRow&,
                           const TournamentForbiddenPairRow&) = default;
};

// What add_entry did.
enum class EntryAdded : std::uint8_t {
    Added,
    AlreadyEntered,
    Full,             // max_players entries not withdrawn already
    NotTakingEntries, // no such tournament, or finished or cancelled
};

} // namespace storage
