#pragma once
// A Swiss tournament (issue 38): entries, rounds paired by the Dutch system (swiss_pairing.h)
// or by the organiser's hand, results, standings. The only writer of its SwissRecord.
//
// - Entry: before the first round anyone; afterwards a late entrant may join while at most
//   half the rounds (rounds / 2, rounded down) have been paired, and scores
//   SwissSettings::late_entry_points (0, a draw or a win: said when the tournament is made)
//   for each round missed. Players entered before round 1 are numbered by rating when it is
//   paired (C.04.2 B orders by rating, then title, then name; here equal ratings keep the
//   order of entry); late entrants take the next numbers.
// - withdraw: the player is not paired from the next round on; a game already paired stays
//   (its result is still recorded, a forfeit if it is not played).
// - request_half_bye: for a round not yet paired, at most SwissSettings::max_half_byes times;
//   the player is not paired that round and scores a draw.
// - forbid_pair: the organiser's forbidden pairs, never paired by the Dutch system.
// - pair_next_round: the Dutch pairing of everyone still in, or pair_by_hand: the organiser's
//   own pairing of the same players (each exactly once, at most one bye), recorded as set by
//   hand (SwissRound::set_by_hand); an organiser may override the criteria, so only the
//   shape is checked. A round is paired only when every result of the previous one is in.
// - record_result: any game of any round, also a correction; Pending is refused.
// Points are kept as results come in (`points`); `build_histories` recomputes them.
// Single-threaded; every refusal changes nothing.

#include "lobby/errors.h"
#include "lobby/tournament/swiss_history.h"
#include "lobby/tournament/swiss_pairing.h"
#include "lobby/tournament/swiss_record.h"
#include "lobby/tournament/tiebreaks.h"
#include "rules/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lobby::tournament {

class Swiss {
public:
    static rules::Result<Swiss> create(std::string name, SwissSettings settings);
    // A stored or imported record (trf.h); bad_settings / bad_pairing if it does not hold.
    static rules::Result<Swiss> restore(SwissRecord record);

    const SwissRecord& record() const { return record_; }
    int rounds_paired() const { return static_cast<int>(record_.rounds.size()); }
    std::optional<PlayerIndex> index_of(std::string_view id) const;
    Points points(PlayerIndex player) const;
    const std::vector<Points>& all_points() const { return points_; }
    bool round_complete() const; // every game of the last round has a result
    bool finished() const;       // every round paired and complete

    rules::Result<PlayerIndex> add_player(std::string id, std::string name, int rating);
    Refusal withdraw(std::string_view id);
    Refusal request_half_bye(std::string_view id, int round);
    Refusal forbid_pair(std::string_view a, std::string_view b);

    rules::Result<SwissRound> pair_next_round();
    rules::Result<SwissRound>
    pair_by_hand(const std::vector<std::pair<std::string, std::string>>& white_black,
                 std::optional<std::string> bye);
    // The organiser's pairing of the next round set ahead: as pair_by_hand, also while the
    // last round's games are running (a hand pairing does not wait for their results), and
    // held to the absolute criteria of C.04.1 as the Dutch system is (may_meet: no rematch,
    // no forbidden pair, the colour rules; the bye only to a player who may have one, C.04.1
    // article 4) unless `override_criteria`: then only the shape is checked, as pair_by_hand does.
    // Refusals: tournament_over, not_enough_players, no_such_entrant, bad_pairing.
    rules::Result<SwissRound>
    pair_ahead_by_hand(const std::vector<std::pair<std::string, std::string>>& white_black,
                       std::optional<std::string> bye, bool override_criteria);
    Refusal record_result(int round, int board, Outcome outcome); // both 1-based

    std::vector<StandingRow> standings() const;
    // Who the next round pairs, with their histories (what pair_next_round passes on).
    PairingRequest next_pairing_request() const;

private:
    explicit Swiss(SwissRecord record) : record_(std::move(record)) {}

    Refusal ready_to_pair() const;
    rules::Result<SwissRound>
    pair_round_by_hand(const std::vector<std::pair<std::string, std::string>>& white_black,
                       std::optional<std::string> bye);
    std::vector<PlayerIndex> to_pair(int round) const;
    std::vector<SwissAbsence> absences(int round, std::optional<PlayerIndex> bye) const;
    void number_by_rating();
    void add_round(SwissRound round);
    void recount();

    SwissRecord record_;
    std::vector<Points> points_;
};

} // namespace lobby::tournament
