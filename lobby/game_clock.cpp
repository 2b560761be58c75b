#include "lobby/game_clock.h"

#include <algorithm>
#include <cassert>

namespace lobby {

using namespace std::chrono_literals;

TimeControl berserk_time_control(const TimeControl& control) {
    TimeControl berserk = control;
    berserk.base = control.base / 2;
    berserk.increment = Millis{0};
    return berserk;
}

GameClock::GameClock(const TimeControl& control, const LagPolicy& lag, int seats)
    : control_(control), lag_(lag) {
    assert(seats >= 2 && seats <= max_seats);
    state_.remaining = PerSeat<Millis>(seats, initial_remaining());
    state_.lag_quota = PerSeat<Millis>(seats, lag.initial_quota);
}

GameClock GameClock::restore(const TimeControl& control, const ClockState& state,
                             const LagPolicy& lag) {
    GameClock clock(control, lag);
    clock.state_ = state;
    return clock;
}

Millis GameClock::initial_remaining() const {
    if (control_.has_total())
        return control_.base;
    return control_.move_limit().value_or(0ms);
}

void GameClock::start(int to_move, TimePoint now) {
    state_.to_move = to_move;
    state_.turn_started = now;
    state_.running = true;
}

void GameClock::start_turn_at(TimePoint at) {
    if (state_.running && at > state_.turn_started)
        state_.turn_started = at;
}

Millis GameClock::charge_for(Millis thinking) const {
    return std::max(0ms, thinking - control_.delay);
}

bool GameClock::out_of_time(Millis thinking) const {
    if (const auto limit = control_.move_limit(); limit && thinking >= *limit)
        return true;
    if (control_.has_total())
        return charge_for(thinking) >= state_.remaining[state_.to_move];
    return false;
}

bool GameClock::would_flag(TimePoint now, Millis measured_lag) const {
    if (!state_.running)
        return false;
    const Millis quota = state_.lag_quota[state_.to_move];
    const Millis credit = std::clamp(measured_lag, 0ms, quota);
    return out_of_time(std::max(0ms, now - state_.turn_started - credit));
}

ClockPress GameClock::press(TimePoint now, Millis measured_lag, int next) {
    assert(state_.running && next >= 0 && next < seats());
    const int mover = state_.to_move;
    ClockPress result;
    result.thinking = std::max(0ms, now - state_.turn_started);
    result.lag_credited =
        std::clamp(measured_lag, 0ms, std::min(state_.lag_quota[mover], result.thinking));
    state_.lag_quota[mover] =
        std::min(lag_.max_quota, state_.lag_quota[mover] - result.lag_credited + lag_.quota_gain);
    const Millis spent = result.thinking - result.lag_credited;
    if (control_.has_total()) {
        result.charged = charge_for(spent);
        const Millis increment =
            is_berserk(mover) ? berserk_time_control(control_).increment : control_.increment;
        state_.remaining[mover] =
            std::max(0ms, state_.remaining[mover] - result.charged) + increment;
    } else {
        result.charged = spent; // each move has its own limit; nothing carries over
        state_.remaining[mover] = initial_remaining();
    }
    result.remaining = state_.remaining[mover];
    state_.to_move = next;
    state_.turn_started = now;
    return result;
}

void GameClock::stop(TimePoint now) {
    if (!state_.running)
        return;
    // What the side to move has left: on its total, or on this move when the game has none
    // (0 after a flag fall on a per-move limit, not the next move's full allowance).
    state_.remaining[state_.to_move] = remaining(state_.to_move, now);
    state_.running = false;
}

void GameClock::switch_to(int seat, TimePoint now) {
    if (state_.running && control_.has_total())
        state_.remaining[state_.to_move] = remaining(state_.to_move, now);
    state_.to_move = seat;
    state_.turn_started = now;
}

void GameClock::berserk(int seat) {
    assert(seat >= 0 && seat < seats());
    if (!control_.has_total())
        return;
    state_.berserk_seats |= 1U << seat;
    state_.remaining[seat] = std::min(state_.remaining[seat], berserk_time_control(control_).base);
}

bool GameClock::flagged(TimePoint now) const {
    return would_flag(now, state_.lag_quota[state_.to_move]);
}

std::optional<TimePoint> GameClock::flag_time() const {
    if (!state_.running)
        return std::nullopt;
    const Millis grace = state_.lag_quota[state_.to_move];
    std::optional<TimePoint> when;
    if (const auto limit = control_.move_limit())
        when = state_.turn_started + grace + *limit;
    if (control_.has_total()) {
        const TimePoint total_out =
            state_.turn_started + grace + control_.delay + state_.remaining[state_.to_move];
        if (!when || total_out < *when)
            when = total_out;
    }
    return when;
}

Millis GameClock::remaining(int seat, TimePoint now) const {
    const Millis stored = state_.remaining[seat];
    if (!state_.running || seat != state_.to_move)
        return stored;
    const Millis thinking = std::max(0ms, now - state_.turn_started);
    if (control_.has_total())
        return std::max(0ms, stored - charge_for(thinking));
    return std::max(0ms, initial_remaining() - thinking);
}

PerSeat<Millis> GameClock::all_remaining(TimePoint now) const {
    PerSeat<Millis> out(seats());
    for (int seat = 0; seat < seats(); ++seat)
        out[seat] = remaining(seat, now);
    return out;
}

} // namespace lobby
