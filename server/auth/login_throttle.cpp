#include "server/auth/login_throttle.h"

#include <algorithm>

namespace server::auth {

std::string account_key(std::string_view name) {
    std::string key(name.substr(0, 64)); // longer input is no name; keep keys small
    for (char& c : key)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return key;
}

std::optional<lobby::Millis> LoginThrottle::wait(Failures& failures, const ThrottleLimits& limits,
                                                 lobby::TimePoint now) {
    while (!failures.empty() && failures.front() + limits.window <= now)
        failures.pop_front();
    if (static_cast<int>(failures.size()) < limits.max_failures)
        return std::nullopt;
    // The oldest failure in the window leaves it first.
    return failures.front() + limits.window - now;
}

std::optional<lobby::Millis> LoginThrottle::retry_after(std::string_view address,
                                                        std::string_view account,
                                                        lobby::TimePoint now) {
    std::optional<lobby::Millis> longest;
    const auto consider = [&](std::unordered_map<std::string, Failures>& map, std::string key,
                              const ThrottleLimits& limits) {
        const auto it = map.find(key);
        if (it == map.end())
            return;
        if (const auto w = wait(it->second, limits, now))
            longest = std::max(longest.value_or(*w), *w);
        if (it->second.empty())
            map.erase(it);
    };
    consider(by_address_, std::string(address), options_.per_address);
    consider(by_account_, account_key(account), options_.per_account);
    return longest;
}

void LoginThrottle::record(std::unordered_map<std::string, Failures>& map, std::string key,
                           const ThrottleLimits& limits, lobby::TimePoint now) {
    if (map.size() >= options_.max_keys && map.find(key) == map.end()) {
        std::erase_if(map, [&](auto& entry) {
            return entry.second.empty() || entry.second.back() + limits.window <= now;
        });
        if (map.size() >= options_.max_keys) {
            // Still full: the key whose last failure is the oldest makes room (a scan, only
            // when every key is in its window: each attempt already costs a password hash).
            const auto oldest = std::min_element(map.begin(), map.end(), [](auto& a, auto& b) {
                return a.second.back() < b.second.back();
            });
            map.erase(oldest);
        }
    }
    Failures& failures = map[std::move(key)];
    failures.push_back(now);
    // Only the last max_failures matter for the decision.
    while (static_cast<int>(failures.size()) > limits.max_failures)
        failures.pop_front();
}

void LoginThrottle::record_failure(std::string_view address, std::string_view account,
                                   lobby::TimePoint now) {
    record(by_address_, std::string(address), options_.per_address, now);
    record(by_account_, account_key(account), options_.per_account, now);
}

void LoginThrottle::record_success(std::string_view account) {
    by_account_.erase(account_key(account));
}

} // namespace server::auth
