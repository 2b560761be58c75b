// When the server gives freed memory back (server/app/memory_return.h): once a burst of load
// has passed, never under a steady load.
#include "server/app/memory_return.h"

#include <doctest/doctest.h>

TEST_CASE("memory return: a burst that has passed returns memory once") {
    server::TrimDecision decision(8);
    CHECK_FALSE(decision.observe(0));
    CHECK_FALSE(decision.observe(100));
    CHECK_FALSE(decision.observe(120));
    CHECK_FALSE(decision.observe(61)); // not yet half of the high (120)
    CHECK(decision.observe(60));
    CHECK_FALSE(decision.observe(60)); // the high starts again from 60
    CHECK(decision.observe(0));
    CHECK_FALSE(decision.observe(0));
}

TEST_CASE("memory return: a steady or small load never returns memory") {
    server::TrimDecision decision(8);
    for (int i = 0; i < 100; ++i)
        CHECK_FALSE(decision.observe(200 + (i % 2) * 50));
    server::TrimDecision small(8);
    CHECK_FALSE(small.observe(10));
    CHECK_FALSE(small.observe(3)); // fell by 7 < 8
}
