#include "lobby/seek_pools.h"

#include "lobby/seek_groups.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace lobby {

namespace {
int gap(const Seek& a, const Seek& b) {
    return std::abs(a.player.rating - b.player.rating);
}
} // namespace

int seat_count(const SeekPool& pool) {
    return rules::player_count(pool.variant);
}

double SeekPools::reach(TimePoint since, TimePoint now) const {
    const std::chrono::duration<double> waited = std::max(Millis{0}, now - since);
    return std::min(static_cast<double>(range_.max),
                    range_.initial + range_.growth_per_second * waited.count());
}

bool SeekPools::compatible(const Seek& a, const Seek& b, TimePoint now) const {
    if (a.player.id == b.player.id)
        return false;
    if (blocks_ && blocks_->either_blocks(a.player.id, b.player.id))
        return false;
    if (a.pool.rated && (!a.player.registered() || !b.player.registered()))
        return false;
    const double g = gap(a, b);
    return g <= reach(a.since, now) && g <= reach(b.since, now);
}

std::optional<SeekPair> SeekPools::add(const Player& player, const SeekPool& pool, TimePoint now) {
    if (seat_count(pool) != 2)
        return std::nullopt; // add_to_group's
    remove(player.id);
    next_match_.reset();
    auto& waiting = pools_[pool];
    const Seek seek{player, pool, now};
    auto best = waiting.end();
    for (auto it = waiting.begin(); it != waiting.end(); ++it) {
        if (!compatible(seek, *it, now))
            continue;
        if (best == waiting.end() || gap(seek, *it) < gap(seek, *best))
            best = it;
    }
    if (best == waiting.end()) {
        waiting.push_back(seek);
        return std::nullopt;
    }
    SeekPair pair{pool, best->player, player};
    waiting.erase(best);
    if (waiting.empty())
        pools_.erase(pool);
    return pair;
}

bool SeekPools::remove(const PlayerId& player) {
    for (auto pool = pools_.begin(); pool != pools_.end(); ++pool) {
        auto& waiting = pool->second;
        const auto it = std::find_if(waiting.begin(), waiting.end(),
                                     [&](const Seek& s) { return s.player.id == player; });
        if (it == waiting.end())
            continue;
        waiting.erase(it);
        if (waiting.empty()) {
            searched_at_.erase(pool->first);
            pools_.erase(pool);
        }
        next_match_.reset();
        return true;
    }
    return false;
}

std::optional<SeekPool> SeekPools::pool_of(const PlayerId& player) const {
    for (const auto& [pool, waiting] : pools_)
        for (const auto& s : waiting)
            if (s.player.id == player)
                return pool;
    return std::nullopt;
}

std::size_t SeekPools::waiting(const SeekPool& pool) const {
    const auto it = pools_.find(pool);
    return it == pools_.end() ? 0 : it->second.size();
}

std::vector<SeekPair> SeekPools::match_waiting(TimePoint now) {
    std::vector<SeekPair> pairs;
    // Nothing can meet before the next meeting time: the pairs are checked only then.
    if (const auto next = next_match_time(); !next || now < *next)
        return pairs;
    next_match_.reset();
    for (auto pool = pools_.begin(); pool != pools_.end();) {
        if (seat_count(pool->first) != 2) { // gathered by match_groups
            ++pool;
            continue;
        }
        auto& waiting = pool->second;
        for (;;) {
            // the compatible pair with the smallest gap; earlier arrivals win ties
            std::optional<std::pair<std::size_t, std::size_t>> best;
            for (std::size_t i = 0; i < waiting.size(); ++i)
                for (std::size_t j = i + 1; j < waiting.size(); ++j)
                    if (compatible(waiting[i], waiting[j], now) &&
                        (!best || gap(waiting[i], waiting[j]) <
                                      gap(waiting[best->first], waiting[best->second])))
                        best = std::pair{i, j};
            if (!best)
                break;
            pairs.push_back(
                SeekPair{pool->first, waiting[best->first].player, waiting[best->second].player});
            waiting.erase(waiting.begin() + static_cast<std::ptrdiff_t>(best->second));
            waiting.erase(waiting.begin() + static_cast<std::ptrdiff_t>(best->first));
        }
        pool = waiting.empty() ? pools_.erase(pool) : std::next(pool);
    }
    return pairs;
}

// When both reaches have grown to the gap between a and b (nullopt: never).
std::optional<TimePoint> SeekPools::meeting_time(const Seek& a, const Seek& b) const {
    if (a.player.id == b.player.id)
        return std::nullopt;
    if (blocks_ && blocks_->either_blocks(a.player.id, b.player.id))
        return std::nullopt;
    if (a.pool.rated && (!a.player.registered() || !b.player.registered()))
        return std::nullopt;
    const int g = gap(a, b);
    if (g > range_.max)
        return std::nullopt;
    const auto when = [&](TimePoint since) {
        if (g <= range_.initial)
            return since;
        if (range_.growth_per_second <= 0)
            return TimePoint::max();
        const double ms = std::ceil((g - range_.initial) * 1000.0 / range_.growth_per_second);
        return since + Millis{static_cast<Millis::rep>(ms)};
    };
    const TimePoint t = std::max(when(a.since), when(b.since));
    if (t == TimePoint::max())
        return std::nullopt;
    return t;
}

std::optional<TimePoint> SeekPools::next_match_time() const {
    if (next_match_)
        return *next_match_;
    std::optional<TimePoint> next;
    for (const auto& [pool, waiting] : pools_) {
        // Two-seat pools pair every pair that has met, so all their meeting times are ahead;
        // in the others, pairs that met by the last search are in no full group.
        const auto searched = searched_at_.find(pool);
        const auto after = searched == searched_at_.end() ? TimePoint::min() : searched->second;
        for (std::size_t i = 0; i < waiting.size(); ++i)
            for (std::size_t j = i + 1; j < waiting.size(); ++j)
                if (const auto t = meeting_time(waiting[i], waiting[j]);
                    t && *t > after && (!next || *t < *next))
                    next = t;
    }
    next_match_ = next;
    return next;
}

// --- pools of more than two seats -------------------------------------------------------------

std::vector<SeekGroup> SeekPools::add_to_group(const Player& player, const SeekPool& pool,
                                               TimePoint now) {
    if (seat_count(pool) <= 2)
        return {}; // add's
    remove(player.id);
    pools_[pool].push_back(Seek{player, pool, now});
    return gather(pool, now);
}

std::vector<SeekGroup> SeekPools::match_groups(TimePoint now) {
    std::vector<SeekGroup> groups;
    if (const auto next = next_match_time(); !next || now < *next)
        return groups;
    std::vector<SeekPool> searched;
    for (const auto& [pool, waiting] : pools_)
        if (seat_count(pool) > 2)
            searched.push_back(pool);
    for (const SeekPool& pool : searched)
        for (SeekGroup& group : gather(pool, now))
            groups.push_back(std::move(group));
    return groups;
}

// Every table of `pool` that can be filled at `now`, oldest seeker first (GroupSearch).
std::vector<SeekGroup> SeekPools::gather(const SeekPool& pool, TimePoint now) {
    std::vector<SeekGroup> groups;
    next_match_.reset();
    const auto it = pools_.find(pool);
    if (it == pools_.end())
        return groups;
    auto& waiting = it->second;
    const auto seats = static_cast<std::size_t>(seat_count(pool));
    GroupSearch search(waiting.size(), [&](std::size_t i, std::size_t j) {
        return compatible(waiting[i], waiting[j], now);
    });
    for (;;) {
        const auto chosen = search.take_group(seats, max_group_search_steps);
        if (chosen.empty())
            break;
        SeekGroup group{pool, {}};
        group.players.reserve(seats);
        for (const std::size_t i : chosen)
            group.players.push_back(waiting[i].player);
        groups.push_back(std::move(group));
    }
    if (!groups.empty()) {
        std::vector<Seek> left;
        left.reserve(waiting.size());
        for (std::size_t i = 0; i < waiting.size(); ++i)
            if (!search.taken(i))
                left.push_back(std::move(waiting[i]));
        waiting = std::move(left);
    }
    if (waiting.empty()) {
        pools_.erase(it);
        searched_at_.erase(pool);
    } else {
        searched_at_[pool] = now;
    }
    return groups;
}

} // namespace lobby
