#pragma once
// The whole Swiss tournament as FIDE TRF-16 text (FIDE Handbook C.04 Annex 2, "Data Exchange
// Format", 2016 version), so an arbiter can check it with any pairing checker, and a reader
// that gives the same SwissRecord back.
//
// Standard lines written: 012 (name), XXR (number of rounds: the in-tournament extension that
// pairing engines read), XXC white1 (pairing number 1 had White in round 1), and one 001 line
// per player: starting rank (the pairing number) in columns 5-8, name 15-47, rating 49-52,
// points 81-84, rank 86-89, then per round, from column 92 in blocks of 10: opponent (4
// digits, 0000 for none), colour (w, b, -), result:
//   1 = 0    a game won, drawn, lost; blank while it is being played;
//   + -      a forfeit win, a forfeit loss (a double forfeit: - for both);
//   U        the pairing-allocated bye; H a half-point bye; Z no points (withdrawn);
//   Z H F    a round before a late entry, by SwissSettings::late_entry_points.
// What TRF-16 has no field for goes into lines of Tabula's own (codes starting TB, which
// other programs skip as unknown):
//   TBS win draw loss units_per_point bye_points late_entry_points max_half_byes  (units)
//   TBT codes       tie-breaks in order: BH, BH-C1, SB, DE, WIN (the FIDE C.07 codes)
//   TBN rank rating id name   the lobby id, rating and full name
//   TBJ rank round   joined (late entry)      TBW rank round   withdrawn from
//   TBH rank round   a half-point bye asked   TBF rank rank    a forbidden pair
//   TBM round        paired by hand           TBB round rank... White of each board, in order
// Pure functions. read_trf refuses (bad_trf) text it cannot read, and what Swiss::restore
// refuses.

#include "lobby/tournament/swiss.h"
#include "lobby/tournament/swiss_record.h"
#include "rules/result.h"

#include <string>
#include <string_view>

namespace lobby::tournament {

std::string write_trf(const SwissRecord& record);
rules::Result<SwissRecord> read_trf(std::string_view text);

} // namespace lobby::tournament
