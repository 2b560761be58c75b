#pragma once
// Auto-match ("play now"): players wait in a pool per (variant, time control, rated) and are
// paired with the closest-rated waiting player whose rating is within reach. The reach widens
// while a player waits: initial_range + growth x seconds waited, up to max_range. Two seekers
// are compatible when the rating gap is within both reaches, neither blocks the other, and
// (rated pools) both are registered. Pure: time is passed in, nothing is scheduled.
//
// Pools of games for more than two (the pool's variant seats 3 to 6: chinese-checkers-3/4/6,
// halma-4) gather a table instead of pairing: seekers are taken oldest first, each one
// compatible (as above) with every seeker already taken, until the table is full. Such a
// group of mutually compatible seekers can only appear when some two seekers become
// compatible, so its pools are searched when a seek arrives and at the pairwise meeting times.

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

// The number of players a table of this pool seats (its variant's).
int seat_count(const SeekPool& pool);

// Seekers to put at one table of a pool of more than two seats, as many as it seats, in the
// order of their seeks (the one who waited longest first).
struct SeekGroup {
    SeekPool pool{};
    std::vector<Player> players{};
};

// How many candidates one search may try for one oldest seeker before it moves on to the next
// (the seeker is tried again at the pool's next search; GroupSearch in seek_groups.h): a pool
// where many seekers block each other cannot stall the lobby. Where the seekers fit, the first
// group in seek order takes as many steps as the table has seats.
inline constexpr std::size_t max_group_search_steps = 2000;

class SeekPools {
public:
    SeekPools(SeekRange range, const BlockList* blocks) : range_(range), blocks_(blocks) {}

    // Two-seat pools: adds a seek (replacing the player's earlier seek) or pairs it at once
    // with the closest-rated compatible player already waiting (the longest waiting on a
    // tie). A pool of more seats is not for add(): nothing is added (add_to_group is).
    std::optional<SeekPair> add(const Player& player, const SeekPool& pool, TimePoint now);
    // Pools of more than two seats: adds a seek (replacing the player's earlier seek) and
    // gathers every table of the pool that can now be filled (usually none or one, with the
    // newcomer; more only if match_groups() was not called when it was due). A two-seat pool
    // is not for add_to_group(): nothing is added (add is).
    std::vector<SeekGroup> add_to_group(const Player& player, const SeekPool& pool, TimePoint now);
    bool remove(const PlayerId& player);
    std::optional<SeekPool> pool_of(const PlayerId& player) const;
    std::size_t waiting(const SeekPool& pool) const;

    // Pairs everyone whose widened ranges now meet, best matches (smallest gap) first. Two-seat
    // pools only.
    std::vector<SeekPair> match_waiting(TimePoint now);
    // Gathers the tables that can now be filled in the pools of more than two seats.
    std::vector<SeekGroup> match_groups(TimePoint now);
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
    // Pools of more than two seats: when each was last searched. Pairs that met by then are
    // in no full group, so only later meeting times can make one.
    std::map<SeekPool, TimePoint> searched_at_;

    bool compatible(const Seek& a, const Seek& b, TimePoint now) const;
    std::optional<TimePoint> meeting_time(const Seek& a, const Seek& b) const;
    std::vector<SeekGroup> gather(const SeekPool& pool, TimePoint now);
};

} // namespace lobby
