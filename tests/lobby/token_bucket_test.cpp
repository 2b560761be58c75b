#include "lobby/token_bucket.h"

#include <doctest/doctest.h>

using namespace std::chrono_literals;

TEST_CASE("a token bucket allows a burst up to its capacity, then refuses") {
    const lobby::TimePoint t0{};
    lobby::TokenBucket bucket(3, 1, t0);
    CHECK(bucket.try_take(t0));
    CHECK(bucket.try_take(t0));
    CHECK(bucket.try_take(t0));
    CHECK_FALSE(bucket.try_take(t0));
}

TEST_CASE("a token bucket refills at its rate and never above its capacity") {
    const lobby::TimePoint t0{};
    lobby::TokenBucket bucket(2, 2, t0);
    CHECK(bucket.try_take(t0));
    CHECK(bucket.try_take(t0));
    CHECK_FALSE(bucket.try_take(t0 + 400ms));
    CHECK(bucket.try_take(t0 + 500ms));
    CHECK(bucket.available(t0 + 1h) == doctest::Approx(2.0));
}

TEST_CASE("a token bucket does not refill when time goes backwards") {
    const lobby::TimePoint t0 = lobby::TimePoint{} + 10s;
    lobby::TokenBucket bucket(1, 1, t0);
    CHECK(bucket.try_take(t0));
    CHECK_FALSE(bucket.try_take(t0 - 5s));
    CHECK(bucket.try_take(t0 + 1s));
}
