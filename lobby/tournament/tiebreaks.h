#pragma once
// Standings of a Swiss tournament: points, then the tournament's tie-breaks in the order it
// declared them (SwissSettings::tiebreaks). Values are integers in score units (scoring.h);
// `tiebreak_divisor` turns one into points for display.
//
// - Buchholz: the sum of the opponents' scores. Buchholz cut-1: less the lowest of them.
// - Sonneborn-Berger: each opponent's score times the share of a win scored against them.
// - Direct encounter: among players still tied on everything before it, the points scored in
//   the games between them, when every two of them met; otherwise it separates nobody.
// - Wins: games won over the board (forfeit wins and byes do not count).
// Unplayed rounds (byes, forfeits, absences, rounds before a late entry), after FIDE's
// tie-break regulations up to 2023 (Handbook C.02, unplayed games: the virtual opponent,
// Svon = SPR + (1 - SfPR) + 0.5 (n - R)): in an opponent's score every unplayed round of
// theirs counts as a draw; a player's own unplayed round counts as a game against a virtual
// opponent whose score is the player's own before that round, plus (a win less what the round
// gave the player), plus a draw for every later round. The 2023 regulations (C.07) dropped the
// virtual opponent; docs/http-api.md says which rule applies.
// Ranks: equal points and equal tie-breaks share a rank.

#include "lobby/tournament/swiss_history.h"
#include "lobby/tournament/swiss_record.h"

#include <cstdint>
#include <vector>

namespace lobby::tournament {

struct StandingRow {
    PlayerIndex player = 0;
    Points points = 0;
    std::vector<std::int64_t> tiebreaks; // one per SwissSettings::tiebreaks
    int rank = 0;                        // 1-based; shared by players tied on everything
};

std::vector<StandingRow> swiss_standings(const SwissRecord& record,
                                         const std::vector<PlayerHistory>& histories);

std::int64_t tiebreak_divisor(Tiebreak tiebreak, const Scoring& scoring);

} // namespace lobby::tournament
