#include "lobby/game_clock.h"

#include <doctest/doctest.h>

using namespace lobby;
using namespace std::chrono_literals;
namespace {
const TimePoint clock_start{};
// The seats of a two-player game: White is seat 0, Black seat 1.
constexpr int white = seat_of_color(rules::Color::White);
constexpr int black = seat_of_color(rules::Color::Black);
constexpr LagPolicy no_lag{.initial_quota = 0ms, .quota_gain = 0ms, .max_quota = 0ms};
} // namespace

TEST_CASE("a clock charges the mover and adds the Fischer increment") {
    GameClock clock(fischer(5min, 3s), no_lag);
    clock.start(white, clock_start);
    CHECK(clock.remaining(white, clock_start + 10s) == 4min + 50s);
    CHECK(clock.remaining(black, clock_start + 10s) == 5min);
    const ClockPress press = clock.press(clock_start + 10s, 0ms);
    CHECK(press.charged == 10s);
    CHECK(press.remaining == 4min + 53s);
    CHECK(clock.to_move() == black);
    CHECK(clock.remaining(black, clock_start + 14s) == 4min + 56s);
}

TEST_CASE("a Bronstein delay is not charged, and unused delay is not banked") {
    GameClock clock(bronstein(1min, 5s), no_lag);
    clock.start(white, clock_start);
    CHECK(clock.remaining(white, clock_start + 3s) == 1min);
    CHECK(clock.press(clock_start + 3s, 0ms).remaining == 1min); // under the delay: nothing charged
    CHECK(clock.remaining(black, clock_start + 3s + 8s) == 57s);
    CHECK(clock.press(clock_start + 11s, 0ms).remaining == 57s);
}

TEST_CASE("the flag falls when the total time is used, found with no move at all") {
    GameClock clock(fischer(1min, 0s), no_lag);
    clock.start(white, clock_start);
    CHECK_FALSE(clock.flagged(clock_start + 59s));
    CHECK(clock.flag_time() == clock_start + 60s);
    CHECK(clock.flagged(clock_start + 60s));
    CHECK(clock.remaining(white, clock_start + 90s) == 0ms);
}

TEST_CASE("a limit per move flags even with plenty of total time") {
    GameClock clock(TimeControl{.base = 15min, .per_move = 60s}, no_lag);
    clock.start(white, clock_start);
    CHECK(clock.flag_time() == clock_start + 60s);
    CHECK_FALSE(clock.would_flag(clock_start + 59s, 0ms));
    CHECK(clock.would_flag(clock_start + 60s, 0ms));
    clock.press(clock_start + 59s, 0ms);
    CHECK(clock.remaining(white, clock_start + 59s) == 14min + 1s);
    CHECK(clock.flag_time() == clock_start + 119s); // Black's own minute
}

TEST_CASE("a correspondence clock gives each move its days and carries nothing over") {
    GameClock clock(correspondence(2), no_lag);
    clock.start(white, clock_start);
    CHECK(clock.remaining(white, clock_start + 24h) == 24h);
    clock.press(clock_start + 47h, 0ms);
    CHECK(clock.remaining(white, clock_start + 47h) == 48h);
    CHECK(clock.flag_time() == clock_start + 47h + 48h);
    CHECK(clock.flagged(clock_start + 95h));
}

TEST_CASE("lag is credited up to a quota that is spent and refills slowly") {
    const LagPolicy policy{.initial_quota = 300ms, .quota_gain = 100ms, .max_quota = 1000ms};
    GameClock clock(fischer(1min, 0s), policy);
    clock.start(white, clock_start);
    // a 500 ms lag: only the 300 ms quota is credited
    ClockPress press = clock.press(clock_start + 2s, 500ms);
    CHECK(press.lag_credited == 300ms);
    CHECK(press.remaining == 1min - 1700ms);
    CHECK(clock.state().lag_quota[0] == 100ms);   // 300 - 300 + 100
    clock.press(clock_start + 3s, 0ms);           // Black
    press = clock.press(clock_start + 4s, 500ms); // White again: quota now 100 ms
    CHECK(press.lag_credited == 100ms);
    CHECK(clock.state().lag_quota[0] == 100ms);
    clock.press(clock_start + 5s, 0ms);
    press = clock.press(clock_start + 6s, 50ms); // a small lag is fully forgiven
    CHECK(press.lag_credited == 50ms);
    CHECK(clock.state().lag_quota[0] == 150ms);
}

TEST_CASE("the quota never exceeds its maximum and a negative lag credits nothing") {
    const LagPolicy policy{.initial_quota = 900ms, .quota_gain = 200ms, .max_quota = 1000ms};
    GameClock clock(fischer(1min, 0s), policy);
    clock.start(white, clock_start);
    const ClockPress press = clock.press(clock_start + 1s, -5s);
    CHECK(press.lag_credited == 0ms);
    CHECK(clock.state().lag_quota[0] == 1000ms);
}

TEST_CASE("lag credit can save a move that arrived just after the flag") {
    const LagPolicy policy{.initial_quota = 300ms, .quota_gain = 100ms, .max_quota = 1000ms};
    GameClock clock(fischer(10s, 0s), policy);
    clock.start(white, clock_start);
    CHECK(clock.would_flag(clock_start + 10s + 200ms, 0ms));
    CHECK_FALSE(clock.would_flag(clock_start + 10s + 200ms, 250ms));
    CHECK(clock.would_flag(clock_start + 10s + 400ms, 2s)); // the quota caps the credit
    // the server's timer waits for the largest credit the player could still get
    CHECK_FALSE(clock.flagged(clock_start + 10s + 200ms));
    CHECK(clock.flagged(clock_start + 10s + 300ms));
    CHECK(clock.flag_time() == clock_start + 10s + 300ms);
}

TEST_CASE("a clock restored from its state goes on exactly where it was") {
    GameClock clock(fischer(3min, 2s));
    clock.start(white, clock_start);
    clock.press(clock_start + 5s, 40ms);
    clock.press(clock_start + 9s, 0ms);
    const GameClock restored = GameClock::restore(fischer(3min, 2s), clock.state());
    CHECK(restored.state() == clock.state());
    CHECK(restored.to_move() == white);
    CHECK(restored.remaining(white, clock_start + 20s) ==
          clock.remaining(white, clock_start + 20s));
    CHECK(restored.flag_time() == clock.flag_time());
}

TEST_CASE("stopping a clock freezes the mover's time") {
    GameClock clock(fischer(1min, 5s), no_lag);
    clock.start(white, clock_start);
    clock.stop(clock_start + 20s);
    CHECK_FALSE(clock.running());
    CHECK(clock.remaining(white, clock_start + 50s) == 40s);
    CHECK_FALSE(clock.flagged(clock_start + 2h));
    CHECK_FALSE(clock.flag_time());
}

TEST_CASE("a clock of three seats charges each seat and passes the turn to the seat it is given") {
    GameClock clock(fischer(1min, 2s), no_lag, 3);
    CHECK(clock.seats() == 3);
    CHECK(clock.state().remaining == PerSeat<Millis>(3, 1min));
    clock.start(0, clock_start);
    CHECK(clock.press(clock_start + 10s, 0ms, 1).remaining == 52s);
    CHECK(clock.to_move() == 1);
    CHECK(clock.remaining(1, clock_start + 15s) == 55s);
    CHECK(clock.remaining(2, clock_start + 15s) == 1min); // not to move: its stored time
    // Seat 2 has finished: the rules name seat 0 after seat 1.
    clock.press(clock_start + 15s, 0ms, 0);
    CHECK(clock.to_move() == 0);
    CHECK(clock.flag_time() == clock_start + 15s + 52s);
    CHECK_FALSE(clock.flagged(clock_start + 15s + 51s));
    CHECK(clock.flagged(clock_start + 15s + 52s));
    CHECK(clock.all_remaining(clock_start + 20s) == PerSeat<Millis>{47s, 57s, 1min});
    // The plain press goes round in order.
    clock.press(clock_start + 20s, 0ms);
    CHECK(clock.to_move() == 1);
    const auto restored = GameClock::restore(fischer(1min, 2s), clock.state(), no_lag);
    CHECK(restored.seats() == 3);
    CHECK(restored.state() == clock.state());
}
