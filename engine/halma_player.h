#pragma once
// The computer player of the halma family (Chinese checkers and Halma, 2 to 6 seats), behind
// engine::choose_move. Every level measures a position by the race of halma_evaluation.h; how
// far each looks is in engine/README.md ("Chinese checkers and Halma"). Pure: node and depth
// caps, a seeded choice, the stop flag and an injected Clock as in the other families.

#include "engine/engine.h"

namespace engine {

rules::Result<Choice> choose_halma_move(const rules::Game& game, const Request& request,
                                        const SearchControl& control);

} // namespace engine
