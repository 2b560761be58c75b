#pragma once
// The static evaluation of the diagonal draughts variants, one function for the family
// reading the variant's row of data: material with a king worth more where kings fly,
// advancement (tempo), the back rank kept as a guard against crowning, the centre, and
// runaway men (a clear road to the crowning row). In the giveaway variants material counts
// the other way: the side with fewer pieces is nearer its goal. Frisian adds its own king
// value and a penalty for pieces open to an orthogonal capture; Breakthrough weighs runaway
// men up, since the first king wins.

#include "rules/draughts/board.h"
#include "rules/draughts/variants.h"

namespace engine {

// In hundredths of a man, for the side to move.
int evaluate_draughts(const rules::draughts::Rules& rules,
                      const rules::draughts::Position& position);

// Value of a king in men x 100 in this variant.
int draughts_king_value(const rules::draughts::Rules& rules);

} // namespace engine
