#include "server/auth/login_throttle.h"

#include <doctest/doctest.h>

using namespace server::auth;
using namespace std::chrono_literals;

namespace {
const lobby::TimePoint t0{};
const LoginThrottleOptions small{.per_address = {.max_failures = 5, .window = 10min},
                                 .per_account = {.max_failures = 3, .window = 10min},
                                 .max_keys = 1000};
} // namespace

TEST_CASE("login throttle: an account is locked after its failures, for the rest of the window") {
    LoginThrottle throttle(small);
    for (int i = 0; i < 3; ++i) {
        CHECK_FALSE(throttle.retry_after("10.0.0.1", "ann", t0 + i * 1min));
        throttle.record_failure("10.0.0.1", "ann", t0 + i * 1min);
    }
    const auto wait = throttle.retry_after("10.0.0.9", "ANN", t0 + 3min); // other address, case
    REQUIRE(wait);
    CHECK(*wait == 7min); // the first failure leaves the window at t0 + 10 min
    CHECK_FALSE(throttle.retry_after("10.0.0.9", "bob", t0 + 3min));
    CHECK_FALSE(throttle.retry_after("10.0.0.9", "ann", t0 + 10min));
}

TEST_CASE("login throttle: an address is locked after failures on many accounts") {
    LoginThrottle throttle(small);
    for (int i = 0; i < 5; ++i)
        throttle.record_failure("10.0.0.1", "user" + std::to_string(i), t0 + i * 1s);
    CHECK(throttle.retry_after("10.0.0.1", "fresh", t0 + 1min));
    CHECK_FALSE(throttle.retry_after("10.0.0.2", "fresh", t0 + 1min));
}

TEST_CASE("login throttle: success clears the account, not the address") {
    LoginThrottle throttle(small);
    for (int i = 0; i < 2; ++i)
        throttle.record_failure("a", "ann", t0);
    throttle.record_success("Ann");
    throttle.record_failure("a", "ann", t0);
    throttle.record_failure("a", "ann", t0);
    CHECK_FALSE(throttle.retry_after("b", "ann", t0)); // 2 after the reset, limit 3
    throttle.record_failure("a", "ann", t0);           // address: 5 failures now
    CHECK(throttle.retry_after("a", "zed", t0));
}

TEST_CASE("login throttle: the number of tracked keys stays bounded") {
    LoginThrottleOptions options = small;
    options.max_keys = 10;
    LoginThrottle throttle(options);
    for (int i = 0; i < 1000; ++i) {
        throttle.record_failure("addr" + std::to_string(i), "acct" + std::to_string(i), t0);
        CHECK(throttle.tracked_addresses() <= 10);
        CHECK(throttle.tracked_accounts() <= 10);
    }
    CHECK(throttle.tracked_addresses() == 10);
    // The latest key is tracked.
    throttle.record_failure("addr999", "x", t0);
    throttle.record_failure("addr999", "y", t0);
    throttle.record_failure("addr999", "z", t0);
    throttle.record_failure("addr999", "w", t0);
    CHECK(throttle.retry_after("addr999", "q", t0));
}

TEST_CASE("login throttle: when full, the key whose last failure is the oldest goes first") {
    LoginThrottle throttle({.per_address = {.max_failures = 1, .window = 1h},
                            .per_account = {.max_failures = 100, .window = 1h},
                            .max_keys = 3});
    throttle.record_failure("a", "x", t0 + 1s);
    throttle.record_failure("b", "x", t0 + 2s);
    throttle.record_failure("c", "x", t0 + 3s);
    throttle.record_failure("a", "x", t0 + 4s); // "a" again: "b" is now the oldest
    throttle.record_failure("d", "x", t0 + 5s); // full: "b" makes room
    CHECK(throttle.tracked_addresses() == 3);
    CHECK_FALSE(throttle.retry_after("b", "y", t0 + 6s)); // forgotten
    for (const char* kept : {"a", "c", "d"})
        CHECK(throttle.retry_after(kept, "y", t0 + 6s));
}
