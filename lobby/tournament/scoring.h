#pragma once
// Points per game, by game family, kept as integers (issue 38: no floating point).
//
// A score is counted in "units", the smallest step a game can score. Every family scores a win
// 2 units, a draw 1 and a loss 0; what differs is how many units make one displayed point:
//   - chess (FIDE Laws, C.04.1): 1 / 1/2 / 0, so a unit is half a point (2 units a point);
//   - draughts (FMJD events: 2 / 1 / 0; Turkish draughts scored the same way): a unit is one
//     point;
//   - the halma family's two-seat games are scored like chess (no federation rule was found).
// Arena scoring (arena_scoring.h) is lichess's 2 / 1 / 0 with streaks for every family.
// Pure values, no errors but the one of scoring_for (a variant of more than two seats).

#include "rules/result.h"
#include "rules/variant.h"

#include <optional>
#include <string>
#include <string_view>

namespace lobby::tournament {

using Points = int; // in units (see above)

struct Scoring {
    Points win = 2;
    Points draw = 1;
    Points loss = 0;
    int units_per_point = 2; // 2: chess half-points; 1: draughts points

    friend bool operator==(const Scoring&, const Scoring&) = default;
};

inline constexpr Scoring chess_scoring{2, 1, 0, 2};
inline constexpr Scoring draughts_scoring{2, 1, 0, 1};

// The scoring of a variant's tournaments; not_allowed for a variant of more than two seats.
rules::Result<Scoring> scoring_for(rules::VariantId variant);

// "2.5", "3", "0.5": points as people read them (TRF writes them with format_points_trf).
std::string format_points(Points units, const Scoring& scoring);
// TRF-16 writes a score with one decimal ("2.5", "3.0").
std::string format_points_trf(Points units, const Scoring& scoring);

// What a pairing-allocated bye scores (C.04.1 article 4: a win's points unless the tournament says
// otherwise), in the words POST /api/tournaments and `tabula tournament create --bye` take:
// "win", "draw" or "zero". The points of a word under `scoring`, or nullopt for another word.
std::optional<Points> bye_points_of(std::string_view word, const Scoring& scoring);
// The word of a bye's points: "win" or "draw" for those points under `scoring`, else "zero".
std::string_view bye_word_of(Points bye_points, const Scoring& scoring);

} // namespace lobby::tournament
