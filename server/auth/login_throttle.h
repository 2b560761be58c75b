#pragma once
// Limits failed logins per client address and per account name, with sliding windows: at most
// `max_failures` failures within `window` for each key. Pure: time is passed in; no locking
// (use it from one strand). Memory is bounded: stale keys are swept, and past `max_keys`
// tracked keys the oldest entries go first.

#include "lobby/time.h"

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace server::auth {

struct ThrottleLimits {
    int max_failures = 10;
    lobby::Millis window = std::chrono::minutes(15);
};

struct LoginThrottleOptions {
    ThrottleLimits per_address{.max_failures = 30, .window = std::chrono::minutes(15)};
    ThrottleLimits per_account{.max_failures = 10, .window = std::chrono::minutes(15)};
    std::size_t max_keys = 100'000;
};

class LoginThrottle {
public:
    explicit LoginThrottle(LoginThrottleOptions options = {}) : options_(options) {}

    // nullopt: the attempt may go ahead. Otherwise how long until it may (the answer to give
    // is the same "rate_limited" whether or not the account exists).
    std::optional<lobby::Millis> retry_after(std::string_view address, std::string_view account,
                                             lobby::TimePoint now);
    void record_failure(std::string_view address, std::string_view account, lobby::TimePoint now);
    // A correct password clears the account's failures (not the address's).
    void record_success(std::string_view account);
    // Keys tracked now (addresses, account names): each at most max_keys.
    std::size_t tracked_addresses() const { return by_address_.size(); }
    std::size_t tracked_accounts() const { return by_account_.size(); }

private:
    using Failures = std::deque<lobby::TimePoint>;
    LoginThrottleOptions options_;
    std::unordered_map<std::string, Failures> by_address_;
    std::unordered_map<std::string, Failures> by_account_;

    static std::optional<lobby::Millis> wait(Failures& failures, const ThrottleLimits& limits,
                                             lobby::TimePoint now);
    void record(std::unordered_map<std::string, Failures>& map, std::string key,
                const ThrottleLimits& limits, lobby::TimePoint now);
};

// The key an account name is throttled under: lower case, so "Ann" and "ann" share it.
std::string account_key(std::string_view name);

} // namespace server::auth
