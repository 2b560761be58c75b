#pragma once
// Round-robin schedules from the Berger tables (FIDE Handbook C.05 Annex 1, "Berger tables").
//
// Players are numbered 1..n by the draw. An odd count adds a dummy player n + 1: whoever meets
// it has a bye that round. With m = n (even) or n + 1 (odd) seats, round r (1-based) of a
// single cycle is, as the published tables list it:
//   - board 1: seat m against p, where 2p = r + 1 (mod m - 1), p in 1..m-1; m is Black in odd
//     rounds, White in even rounds;
//   - board k (2..m/2): p + (k - 1) (White) against p - (k - 1) (Black), both taken in 1..m-1
//     modulo m - 1.
// (Checked against the published tables for 4 to 14 players in
// tests/lobby/tournament/round_robin_test.cpp.)
//
// A double round robin plays the cycle twice, the second with colours reversed. So that
// nobody plays three games of one colour in a row across the turn, the last two rounds of the
// first cycle are played in swapped order (the recommendation printed with the Berger tables,
// C.05 Annex 1).
// Pure functions; the counts are checked by the caller (make_schedule refuses 2 > n > 64).

#include "rules/result.h"

#include <vector>

namespace lobby::tournament {

struct RoundRobinGame {
    int white = 0; // 1-based draw numbers
    int black = 0;
    friend bool operator==(const RoundRobinGame&, const RoundRobinGame&) = default;
};

struct RoundRobinRound {
    std::vector<RoundRobinGame> games; // board order; no game against the dummy
    int bye = 0;                       // the player without a game (odd counts), else 0
};

// One round of the single-cycle Berger table for `players` (2..64), rounds 1..m-1.
RoundRobinRound berger_round(int players, int round);

// Every round: m - 1 of them, or 2 (m - 1) for a double round robin.
// bad_settings for fewer than 2 or more than 64 players.
rules::Result<std::vector<RoundRobinRound>> make_schedule(int players, bool double_round);

} // namespace lobby::tournament
