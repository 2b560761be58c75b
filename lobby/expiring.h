#pragma once
// What the two challenge books (challenges.h, group_challenges.h) share: open offers keyed by
// id, each with an `expires_at`, taken out once their time has come.

#include "lobby/time.h"

#include <optional>
#include <vector>

namespace lobby {

// Removes from `open` (a map of id -> offer with `expires_at`) every offer whose time has come
// at `now` and returns them, in id order.
template <class OpenMap>
std::vector<typename OpenMap::mapped_type> take_expired(OpenMap& open, TimePoint now) {
    std::vector<typename OpenMap::mapped_type> gone;
    for (auto it = open.begin(); it != open.end();) {
        if (now < it->second.expires_at) {
            ++it;
            continue;
        }
        gone.push_back(std::move(it->second));
        it = open.erase(it);
    }
    return gone;
}

// The earliest `expires_at` among the open offers; nullopt when there are none.
template <class OpenMap> std::optional<TimePoint> earliest_expiry(const OpenMap& open) {
    std::optional<TimePoint> next;
    for (const auto& entry : open)
        if (!next || entry.second.expires_at < *next)
            next = entry.second.expires_at;
    return next;
}

} // namespace lobby
