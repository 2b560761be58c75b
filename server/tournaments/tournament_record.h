#pragma once
// Between the stored rows of a tournament (storage/tournament_records.h) and the pure Swiss
// and round-robin machinery of lobby/tournament/: the tournament's SwissRecord is rebuilt
// from its entries, its stored rounds and its games' results every time it is read, so the
// standings are always those of the results that were committed (storage/tournament_store.h).
//
// - Players: a round robin's in the order of entry (the draw); a Swiss's, once round 1 is
//   paired, by rating (highest first, equal ratings in order of entry: as Swiss numbers them,
//   lobby/tournament/swiss.h), then the late entrants in order of entry. An entry withdrawn
//   before its first round is no player at all. A player's lobby id is its account id.
// - A pairing's result: its own stored outcome when it has one (a forfeit), else its game's:
//   "1-0", "0-1", "1/2-1/2" as lobby::result_name writes them. Any other end of the game (an
//   aborted game) is Pending here: TournamentService decides it and stores it as the
//   pairing's outcome.
// Pure functions; no I/O.

#include "lobby/tournament/swiss_record.h"
#include "rules/result.h"
#include "storage/tournament_records.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace server::tournaments {

namespace format {
inline constexpr std::string_view swiss = "swiss";
inline constexpr std::string_view round_robin = "round_robin";
inline constexpr std::string_view double_round_robin = "double_round_robin";
} // namespace format

// The pairing outcomes stored without a game (storage's TournamentPairingRow::outcome).
namespace stored_outcome {
inline constexpr std::string_view white_forfeit_win = "white_forfeit_win";
inline constexpr std::string_view black_forfeit_win = "black_forfeit_win";
inline constexpr std::string_view double_forfeit = "double_forfeit";
} // namespace stored_outcome

bool is_round_robin(std::string_view format);

// "BH-C1,BH,SB" <-> tie-breaks (the FIDE C.07 codes, as TRF writes them: BH, BH-C1, SB, DE,
// WIN). nullopt: an unknown or repeated code.
std::optional<std::vector<lobby::tournament::Tiebreak>> parse_tiebreaks(std::string_view text);
std::string tiebreaks_text(const std::vector<lobby::tournament::Tiebreak>& tiebreaks);
std::string_view tiebreak_code(lobby::tournament::Tiebreak tiebreak);

lobby::tournament::Outcome outcome_of(const storage::TournamentPairingRow& pairing);
std::string_view absence_word(lobby::tournament::Absence absence);

// The settings a stored tournament plays by (its round count: a Swiss's rounds; a round
// robin's is set from its schedule by round_robin_record).
rules::Result<lobby::tournament::SwissSettings> settings_of(const storage::TournamentRow& row);

// The players of the record, in the record's order (see above): every entry but one withdrawn
// before its first round that no stored round names.
std::vector<storage::TournamentEntryRow>
record_players(const storage::TournamentRow& row,
               const std::vector<storage::TournamentEntryRow>& entries,
               const std::vector<storage::TournamentRoundRow>& rounds);

// What the organiser's tools stored for a Swiss (tournament_organiser.cpp): the half-point
// byes players asked for and the pairs the organiser forbade. Rows naming someone who is not a
// player of the record (an entry withdrawn before its first round) are left out.
struct OrganiserRows {
    std::vector<storage::TournamentHalfByeRow> half_byes;
    std::vector<storage::TournamentForbiddenPairRow> forbidden;
};

// The whole record: bad_pairing when a stored round names someone who is not a player.
rules::Result<lobby::tournament::SwissRecord>
record_of(const storage::TournamentRow& row,
          const std::vector<storage::TournamentEntryRow>& entries,
          const std::vector<storage::TournamentRoundRow>& rounds,
          const OrganiserRows& organiser = {});

// A round of the record as a stored round (`number` 1-based), players by account.
storage::TournamentRoundRow round_row_of(const lobby::tournament::SwissRecord& record,
                                         const lobby::tournament::SwissRound& round, int number,
                                         storage::TimePoint paired_at);

// The account of a record's player (its lobby id is the account id).
storage::UserId user_of(const lobby::tournament::SwissEntrant& player);

} // namespace server::tournaments
