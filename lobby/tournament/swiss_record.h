#pragma once
// The whole of a Swiss tournament as plain values: what storage keeps, what TRF-16 carries
// (trf.h) and what standings and pairings are computed from. Swiss (swiss.h) is the only
// writer; every other file reads it.
//
// Players are numbered by their index (0-based); the index + 1 is the pairing number and the
// TRF starting rank. Players entered before the first round are numbered by rating (highest
// first, equal ratings in order of entry: C.04.2 B, initial order, which would then order by
// title and name); a late entrant takes the next number.

#include "lobby/tournament/scoring.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lobby::tournament {

using PlayerIndex = int;

enum class Outcome : std::uint8_t {
    Pending,
    WhiteWins,
    Draw,
    BlackWins,
    WhiteWinsByForfeit, // Black did not play
    BlackWinsByForfeit, // White did not play
    DoubleForfeit,      // neither played: no points
};

// Was the game played over the board (colours count, C.04.2 3.4)?
bool played(Outcome outcome);

struct SwissGame {
    PlayerIndex white = 0;
    PlayerIndex black = 0;
    Outcome outcome = Outcome::Pending;
    friend bool operator==(const SwissGame&, const SwissGame&) = default;
};

// Why a player has no game in a round, and what it scores.
enum class Absence : std::uint8_t {
    PairingBye, // the odd player out (C.04.1 article 4): SwissSettings::bye_points
    HalfBye,    // asked for beforehand: a draw's points
    LateEntry,  // a round played before the player entered: SwissSettings::late_entry_points
    NotPaired,  // withdrawn: nothing
};

struct SwissAbsence {
    PlayerIndex player = 0;
    Absence kind = Absence::NotPaired;
    friend bool operator==(const SwissAbsence&, const SwissAbsence&) = default;
};

struct SwissRound {
    std::vector<SwissGame> games; // board order
    std::vector<SwissAbsence> absences;
    bool set_by_hand = false; // the organiser's pairing, not the Dutch system's
    friend bool operator==(const SwissRound&, const SwissRound&) = default;
};

enum class Tiebreak : std::uint8_t {
    Buchholz,
    BuchholzCut1,
    SonnebornBerger,
    DirectEncounter,
    Wins,
};

// Buchholz cut-1, Buchholz, Sonneborn-Berger: the default order of a new tournament.
std::vector<Tiebreak> default_tiebreaks();

struct SwissSettings {
    int rounds = 5;
    Scoring scoring = chess_scoring;
    Points bye_points = 2;        // C.04.1 article 4: a win's points unless the tournament says otherwise
    Points late_entry_points = 0; // per round missed by a late entrant: 0, a draw or a win
    int max_half_byes = 2;        // requested half-point byes per player
    std::vector<Tiebreak> tiebreaks = default_tiebreaks();
    friend bool operator==(const SwissSettings&, const SwissSettings&) = default;
};

struct SwissEntrant {
    std::string id; // lobby::PlayerId
    std::string name;
    int rating = 0;
    int joined_round = 1;              // the first round the player can be paired in
    std::optional<int> withdrawn_from; // the first round the player is no longer paired in
    std::vector<int> half_byes;        // rounds the player asked not to be paired in
    friend bool operator==(const SwissEntrant&, const SwissEntrant&) = default;
};

struct SwissRecord {
    std::string name;
    SwissSettings settings;
    std::vector<SwissEntrant> players;
    std::vector<std::pair<PlayerIndex, PlayerIndex>> forbidden; // the organiser's, lower first
    std::vector<SwissRound> rounds;                             // paired so far, oldest first
    friend bool operator==(const SwissRecord&, const SwissRecord&) = default;
};

// What a game scored for each side.
std::pair<Points, Points> game_points(Outcome outcome, const Scoring& scoring);
Points absence_points(Absence kind, const SwissSettings& settings);

} // namespace lobby::tournament
