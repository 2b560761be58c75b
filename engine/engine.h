#pragma once
// The computer opponent: given a game in progress (through the variant-neutral rules::Game
// face), the move to play at a level. Pure: no threads and no clock reads of its own; the
// caller passes a stop flag and, for time limits, a Clock (worker_pool.h does both).

#include "engine/level.h"
#include "rules/game.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace engine {

// Time since the search started, read by the search every few thousand nodes.
class Clock {
public:
    virtual ~Clock() = default;
    virtual std::chrono::milliseconds elapsed() const = 0;
};

struct Request {
    Level level = Level::Medium;
    std::uint64_t seed = 0; // the randomised choice among the best root moves
    // A fixed time per move (the command line's --movetime), a clock to budget from (Hard
    // thinks within the budget; the weaker levels keep their caps and only stop at its hard
    // limit), or neither: caps only, the same on every machine. Time limits need a Clock in
    // the SearchControl.
    std::optional<std::chrono::milliseconds> movetime;
    std::optional<ClockState> clock;
    std::uint64_t node_limit = 0; // overrides the level's cap when not 0
    int depth_limit = 0;          // overrides the level's cap when not 0
};

struct SearchControl {
    const std::atomic<bool>* stop = nullptr; // set by another thread to cancel
    const Clock* clock = nullptr;
};

struct Choice {
    std::string move; // canonical notation of the variant (rules::Game::legal_moves())
    int score = 0;    // for the side to move, in hundredths of a pawn or man
    int depth = 0;    // of the last completed iteration
    std::uint64_t nodes = 0;
    bool cancelled = false; // stopped by the flag: `move` is the best found so far
    std::string log;        // the candidates, their scores and the seeded choice
};

// Errors: "game_over" when the game has ended, "engine_replay" if a played move is not
// found again (a bug between the rules cores).
rules::Result<Choice> choose_move(const rules::Game& game, const Request& request,
                                  const SearchControl& control = {});

} // namespace engine
