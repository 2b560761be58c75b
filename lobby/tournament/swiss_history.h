#pragma once
// Each player's record, recomputed from a SwissRecord's rounds: the points, the colours of the
// games played, who they met, and one line per round. The pairing, the tie-breaks and the
// check of the incrementally kept scores (swiss.h) all read it. Pure.
//
// Rules for unplayed games, by the FIDE Swiss rules effective from 1 February 2026: only games
// played over the board give colours (C.04.2 General handling rules, 3.4); players whose game
// was forfeited have not met and may be paired again (3.5: `opponents` lists only games played
// over the board, as FIDE's worked example pairs them again); a pairing-allocated bye, or a win's
// points scored in one round without playing (a forfeit win, a late entry credited with a win's
// points), rules out a later bye (C.04.1 Basic rules, article 4). A pending game counts as
// played for colours and opponents and scores nothing yet.
//
// Floats (C.04.3, the Dutch system effective from 1 February 2026, articles 1.4.2 to 1.4.4):
// after two players with different scores (before the round) have played each other, the higher
// ranked one has a downfloat and the other an upfloat; a player who has the pairing-allocated bye,
// or who scores more than a loss without playing (a forfeit win, a half-point bye, a late entry
// credited with points), has a downfloat; nobody else floats (a forfeited game floats only its
// winner, by 1.4.3).

#include "lobby/tournament/colours.h"
#include "lobby/tournament/swiss_record.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace lobby::tournament {

enum class Float : std::uint8_t { None, Down, Up };

struct RoundLine {
    std::optional<PlayerIndex> opponent; // paired with someone (played or forfeited)
    std::optional<Colour> colour;        // only for a game paired
    bool played = false;                 // over the board
    Points points = 0;
    Outcome outcome = Outcome::Pending; // for a game
    std::optional<Absence> absence;     // for no game
    Float float_kind = Float::None;     // 1.4.2 to 1.4.4 above
};

struct PlayerHistory {
    Points points = 0;
    std::vector<RoundLine> rounds;       // one per round of the record (LateEntry before entering)
    std::vector<Colour> colours;         // games played over the board (and pending), oldest first
    std::vector<Float> floats;           // one per round of the record, oldest first
    std::vector<PlayerIndex> opponents;  // met over the board (C.04.2 3.5)
    bool had_bye_or_forfeit_win = false; // C.04.1 article 4, as above
    int wins = 0;                        // games won over the board
};

std::vector<PlayerHistory> build_histories(const SwissRecord& record);

} // namespace lobby::tournament
