#pragma once
// The three strengths of the computer opponent. A level is a cap on the search (depth and
// nodes, so it plays the same on any machine) and a randomised choice among the root moves
// that score near the best (stronger levels choose among fewer and nearer moves). Only Hard
// also thinks for as long as the clock allows.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

namespace engine {

enum class Level : std::uint8_t { Easy, Medium, Hard };

std::string_view level_name(Level level);
std::optional<Level> level_from_name(std::string_view name);

struct LevelSettings {
    int max_depth = 1;
    std::uint64_t node_limit = 0; // nodes per move
    int margin = 0;               // root moves within this many points of the best are candidates
    int temperature = 1;          // weight of a candidate: exp((score - best) / temperature)
    std::size_t table_megabytes = 1;
};

LevelSettings settings_of(Level level);

// The clock of the side to move, when there is one.
struct ClockState {
    std::chrono::milliseconds remaining{0};
    std::chrono::milliseconds increment{0};
};

// How long a search may run: it starts no new iteration after `soft` and stops at once at
// `hard`.
struct TimeBudget {
    std::chrono::milliseconds soft{0};
    std::chrono::milliseconds hard{0};
};

// From the remaining time and increment: about a thirtieth of the time left plus most of
// the increment, and a hard stop at a quarter of what is left after a 50 ms reserve for the
// network, so the flag never falls on the computer's account.
TimeBudget budget_for(const ClockState& clock);

} // namespace engine
