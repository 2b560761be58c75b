#pragma once
// Auto-match ("play now"): players wait in a pool per (variant, time control, rated) and are
// paired with the closest-rated waiting player whose rating is within reach. The reach widens
// while a player waits: initial_range + growth x seconds waited, up to max_range. Two seekers
// are compatible when the rating gap is within both reaches, neither blocks the other, and
// (rated pools) both are registered. Pure: time is passed in, nothing is scheduled.

#include "lobby/block_list.h"
#include "lobby/player.h"
#include "lobby/time.h"
#include "lobby/time_control.h"
#include "rules/variant.h"

#include <compare>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace lobby {

struct SeekPool {
    rules::VariantId variant = rules::VariantId::Chess;
    TimeControl time_control{};
    bool rated = false;

    friend bool operator==(const SeekPool&, const SeekPool&) = default;
    friend auto operator<=>(const SeekPool&, const SeekPool&) = default;
};

struct SeekRange {
    int initial = 100;             // rating points either side at once
    double growth_per_second = 10; // so +50 every 5 s
    int max = 1000;
};

struct Seek {
    Player player{};
    SeekPool pool{};
    TimePoint since{};
};

// Two seekers to put at a table.
struct SeekPair {
    SeekPool pool{};
    Player first{}; // waited longer
    Player second{};
};

class SeekPools {
public:
    SeekPools(SeekRange range, const BlockList* blocks) : range_(range), blocks_(blocks) {}

    // Adds a seek (replacing the player's earlier seek) or pairs it at once with the
    // closest-rated compatible player already waiting (the longest waiting on a tie).
    std::optional<SeekPair> add(const Player& player, const SeekPool& pool, TimePoint now);
    bool remove(const PlayerId& player);
    std::optional<SeekPool> pool_of(const PlayerId& player) const;
    std::size_t waiting(const SeekPool& pool) const;

    // Pairs everyone whose widened ranges now meet, best matches (smallest gap) first.
    std::vector<SeekPair> match_waiting(TimePoint now);
    // When match_waiting() could next pair someone (a range grows to meet another). Computed
    // over every pair only when the seeks changed since it was last asked (add, remove, a
    // match), not on every call: the lobby asks after each of its messages.
    std::optional<TimePoint> next_match_time() const;

    // How far a seek reaches after waiting since `since`.
    double reach(TimePoint since, TimePoint now) const;

private:
    SeekRange range_;
    const BlockList* blocks_;
    std::map<SeekPool, std::vector<Seek>> pools_; // each in arrival order
    // next_match_time() since the seeks last changed; unset: to be computed.
    mutable std::optional<std::optional<TimePoint>> next_match_;

    bool compatible(const Seek& a, const Seek& b, TimePoint now) const;
    std::optional<TimePoint> meeting_time(const Seek& a, const Seek& b) const;
};

} // namespace lobby
