#include "lobby/rating/speed.h"

#include <doctest/doctest.h>

using namespace lobby::rating;
using std::chrono::minutes;
using std::chrono::seconds;

TEST_CASE("speed is base + 40 x increment with lichess's cuts at 30, 180, 480 and 1500 s") {
    CHECK(speed_category(seconds(15), seconds(0), false) == Speed::UltraBullet);
    CHECK(speed_category(seconds(29), seconds(0), false) == Speed::UltraBullet);
    CHECK(speed_category(seconds(30), seconds(0), false) == Speed::Bullet);
    CHECK(speed_category(seconds(0), seconds(1), false) == Speed::Bullet);      // 40 s
    CHECK(speed_category(minutes(2), seconds(1), false) == Speed::Bullet);      // 160 s
    CHECK(speed_category(minutes(2), seconds(2), false) == Speed::Blitz);       // 200 s
    CHECK(speed_category(minutes(3), seconds(0), false) == Speed::Blitz);       // 180 s
    CHECK(speed_category(minutes(5), seconds(3), false) == Speed::Blitz);       // 420 s
    CHECK(speed_category(minutes(8), seconds(0), false) == Speed::Rapid);       // 480 s
    CHECK(speed_category(minutes(10), seconds(5), false) == Speed::Rapid);      // 800 s
    CHECK(speed_category(minutes(15), seconds(14), false) == Speed::Rapid);     // 1460 s
    CHECK(speed_category(minutes(15), seconds(15), false) == Speed::Classical); // 1500 s
    CHECK(speed_category(minutes(25), seconds(0), false) == Speed::Classical);
    CHECK(speed_category(minutes(90), seconds(30), false) == Speed::Classical);
}

TEST_CASE("correspondence is its own category whatever the numbers") {
    CHECK(speed_category(seconds(10), seconds(0), true) == Speed::Correspondence);
    CHECK(speed_category(std::chrono::hours(72), seconds(0), true) == Speed::Correspondence);
}

TEST_CASE("speed keys round-trip and unknown keys are refused") {
    for (const Speed s : {Speed::UltraBullet, Speed::Bullet, Speed::Blitz, Speed::Rapid,
                          Speed::Classical, Speed::Correspondence})
        CHECK(speed_from_key(speed_key(s)) == s);
    CHECK(speed_key(Speed::Blitz) == "blitz");
    CHECK_FALSE(speed_from_key("Blitz"));
    CHECK_FALSE(speed_from_key(""));
}
