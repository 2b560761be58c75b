#include "lobby/time_control.h"
#include "lobby/time_control_text.h"

#include <doctest/doctest.h>

using namespace lobby;
using namespace std::chrono_literals;

TEST_CASE("speed categories follow lichess: base + 40 x increment") {
    CHECK(speed_of(fischer(15s, 0s)) == SpeedCategory::UltraBullet);
    CHECK(speed_of(fischer(1min, 0s)) == SpeedCategory::Bullet);
    CHECK(speed_of(fischer(2min, 1s)) == SpeedCategory::Bullet);  // 160 s
    CHECK(speed_of(fischer(3min, 0s)) == SpeedCategory::Blitz);   // 180 s
    CHECK(speed_of(fischer(5min, 3s)) == SpeedCategory::Blitz);   // 420 s
    CHECK(speed_of(fischer(8min, 0s)) == SpeedCategory::Rapid);   // 480 s
    CHECK(speed_of(fischer(15min, 10s)) == SpeedCategory::Rapid); // 1300 s
    CHECK(speed_of(fischer(25min, 0s)) == SpeedCategory::Classical);
    CHECK(speed_of(fischer(30min, 20s)) == SpeedCategory::Classical);
    CHECK(speed_of(correspondence(3)) == SpeedCategory::Correspondence);
    CHECK(speed_of(bronstein(2min, 2s)) == SpeedCategory::Blitz); // delay counts like increment
    CHECK(speed_of(TimeControl{.per_move = 60s}) == SpeedCategory::Classical); // 40 min
    // The boundaries sit on the estimate: 30 s, 3 min, 8 min and 25 min.
    CHECK(speed_of(fischer(29s, 0s)) == SpeedCategory::UltraBullet);
    CHECK(speed_of(fischer(30s, 0s)) == SpeedCategory::Bullet);
    CHECK(speed_of(fischer(479s, 0s)) == SpeedCategory::Blitz);       // 479 s
    CHECK(speed_of(fischer(15min, 14s)) == SpeedCategory::Rapid);     // 1460 s
    CHECK(speed_of(fischer(15min, 15s)) == SpeedCategory::Classical); // 1500 s
}

TEST_CASE("speed names round-trip") {
    for (auto s : {SpeedCategory::UltraBullet, SpeedCategory::Bullet, SpeedCategory::Blitz,
                   SpeedCategory::Rapid, SpeedCategory::Classical, SpeedCategory::Correspondence})
        CHECK(speed_from_name(speed_name(s)) == s);
    CHECK_FALSE(speed_from_name("hyperbullet"));
}

TEST_CASE("time controls that make no game are refused with bad_setup") {
    CHECK_FALSE(validate(fischer(5min, 3s)));
    CHECK_FALSE(validate(TimeControl{.base = 15min, .per_move = 60s}));
    CHECK_FALSE(validate(correspondence(3)));
    CHECK(validate(TimeControl{})->code == "bad_setup");
    CHECK(validate(fischer(-1s, 0s))->code == "bad_setup");
    CHECK(validate(TimeControl{.increment = 2s, .per_move = 10s})->code == "bad_setup");
    CHECK(validate(TimeControl{.base = 1min, .correspondence_days = 1})->code == "bad_setup");
    CHECK(validate(correspondence(31))->code == "bad_setup");
}

TEST_CASE("time controls outside the playable bounds are refused with a reason") {
    const auto reason = [](const TimeControl& c) {
        const auto error = validate(c);
        return error ? error->code + ": " + error->detail : std::string("accepted");
    };
    // Under a second of total time or per move: seconds written where milliseconds are meant.
    CHECK(reason(fischer(1ms, 0s)).starts_with("bad_setup: a total time or a limit per move"));
    CHECK(reason(fischer(999ms, 0s)).find("1 s = 1000") != std::string::npos);
    CHECK(reason(TimeControl{.per_move = 999ms}).starts_with("bad_setup"));
    CHECK(reason(TimeControl{.base = 5min, .per_move = 5ms}).starts_with("bad_setup"));
    // The bounds themselves are playable.
    CHECK_FALSE(validate(fischer(1s, 0s)));
    CHECK_FALSE(validate(TimeControl{.per_move = 1s}));
    CHECK_FALSE(validate(fischer(std::chrono::days(7), 3min)));
    CHECK_FALSE(validate(bronstein(5min, 3min)));
    CHECK_FALSE(validate(TimeControl{.per_move = 24h}));
    // Past them: longer is correspondence; an increment or delay of more than 3 minutes.
    CHECK(reason(fischer(std::chrono::days(7) + 1ms, 0s)).find("correspondence") !=
          std::string::npos);
    CHECK(reason(TimeControl{.per_move = 24h + 1ms}).starts_with("bad_setup"));
    CHECK(reason(fischer(5min, 3min + 1ms)).find("at most 3 minutes") != std::string::npos);
    CHECK(reason(bronstein(5min, 3min + 1ms)).find("at most 3 minutes") != std::string::npos);
}

TEST_CASE("time controls describe themselves") {
    CHECK(describe(fischer(5min, 3s)) == "5+3");
    CHECK(describe(fischer(30s, 0s)) == "30s+0");
    CHECK(describe(bronstein(15min, 5s)) == "15+0 d5");
    CHECK(describe(TimeControl{.base = 15min, .per_move = 60s}) == "15+0, 60s/move");
    CHECK(describe(correspondence(1)) == "1 day/move");
    CHECK(describe(correspondence(3)) == "3 days/move");
}

TEST_CASE("an operator's time control text reads back as the control it names") {
    CHECK(parse_time_control("5+3").value() == fischer(5min, 3s));
    CHECK(parse_time_control("30s+0").value() == fischer(30s, 0s));
    CHECK(parse_time_control("90+30").value() == fischer(90min, 30s));
    CHECK(parse_time_control("3d").value() == correspondence(3));
    CHECK(describe(parse_time_control("15+10").value()) == "15+10");
}

TEST_CASE("unreadable or unplayable time control text is bad_setup") {
    const auto refusal = [](const char* text) {
        const auto parsed = parse_time_control(text);
        return parsed ? std::string("accepted") : parsed.error().code;
    };
    for (const char* text : {"", "5", "+3", "5+", "5+x", "a+3", "5+3+1", "-5+3", "5m+3", "d",
                             "3 days", "1234567+0", " 5+3"})
        CHECK_MESSAGE(refusal(text) == "bad_setup", text);
    CHECK(refusal("0+0") == "bad_setup"); // nothing timed
    CHECK(refusal("31d") == "bad_setup"); // at most 30 days a move
    CHECK(refusal("0d") == "bad_setup");
    CHECK(refusal("0+5") == "bad_setup");   // an increment needs a base
    CHECK(refusal("5+181") == "bad_setup"); // at most 3 minutes of increment
}

TEST_CASE("time control text is read apart from the bounds it is validated against") {
    CHECK(read_time_control("5+3") == fischer(5min, 3s));
    CHECK(read_time_control("0+0") == fischer(0s, 0s)); // readable, refused by validate
    CHECK(read_time_control("31d") == correspondence(31));
    for (const char* text : {"", "5", "+3", "5+x", "3 days", " 5+3"})
        CHECK_FALSE_MESSAGE(read_time_control(text), text);
    CHECK(unreadable_time_control("5").find("write 5+3") != std::string::npos);
}

TEST_CASE("time controls survive the round trip through their stored text") {
    const TimeControl controls[] = {fischer(5min, 3s), bronstein(15min, 10s), correspondence(3),
                                    TimeControl{.base = 15min, .per_move = 60s},
                                    TimeControl{.base = 1500ms}};
    for (const auto& control : controls) {
        const auto text = time_control_text(control);
        CAPTURE(text);
        CHECK(parse_time_control_text(text) == control);
    }
    CHECK_FALSE(parse_time_control_text("5+3"));
    CHECK_FALSE(parse_time_control_text(""));
}
