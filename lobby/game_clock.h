#pragma once
// A chess clock that never reads the time: every call gets `now` from outside. Total time with
// Fischer increment or Bronstein delay, an optional limit per move, correspondence (days per
// move, no total), and lag compensation in the lichess manner.
//
// Lag compensation: a move is credited with min(measured lag, the mover's quota). The quota
// starts at `initial_quota`, is spent by what it credits and refills by `quota_gain` per move up
// to `max_quota`, so a steady small lag is fully forgiven while a player cannot claim a big lag
// move after move. The lag is measured by the server from ping/pong round trips, never taken
// from what the client says.

#include "lobby/time.h"
#include "lobby/time_control.h"
#include "rules/game.h"

#include <array>
#include <optional>

namespace lobby {

using rules::Color;

struct LagPolicy {
    Millis initial_quota{300};
    Millis quota_gain{100}; // refill per move
    Millis max_quota{1000};
};

// Everything a clock is made of, for the table snapshot and for storage: restoring from it
// gives back the same clock (remaining times, who is to move, when the last move was
// acknowledged).
struct ClockState {
    std::array<Millis, 2> remaining{}; // [White, Black]: time left on the total (or on this move)
    std::array<Millis, 2> lag_quota{};
    Color to_move = Color::White;
    bool running = false;
    TimePoint turn_started{}; // when the side to move's time started to run

    friend bool operator==(const ClockState&, const ClockState&) = default;
};

// What one press of the clock charged.
struct ClockPress {
    Millis thinking{0};     // from turn start to the move's arrival
    Millis lag_credited{0}; // given back for network lag
    Millis charged{0};      // taken from the total after lag and delay
    Millis remaining{0};    // the mover's time after the move (increment included)
};

class GameClock {
public:
    explicit GameClock(const TimeControl& control, const LagPolicy& lag = {});
    static GameClock restore(const TimeControl& control, const ClockState& state,
                             const LagPolicy& lag = {});

    // `to_move`'s time starts to run at `now`.
    void start(Color to_move, TimePoint now);
    // Stops the clock at `now`, charging the side to move (no increment); the game is over. The
    // side to move keeps what it had left: on its total, or on this move (0 after a flag fall).
    void stop(TimePoint now);
    // Takebacks: charges the side to move up to `now` (no increment) and gives the turn to `side`.
    void switch_to(Color side, TimePoint now);

    // True if a move arriving at `now` with `measured_lag` comes too late (total time or move
    // limit used up after lag credit). Check this before press().
    bool would_flag(TimePoint now, Millis measured_lag) const;
    // The side to move has moved at `now`: charge it, add the increment, start the other side.
    // Precondition: running() and !would_flag(now, measured_lag).
    ClockPress press(TimePoint now, Millis measured_lag);

    // The move that started the side to move's turn reached that side only at `at` (the server
    // sends a move once it is stored): its time runs from then. An earlier `at` changes nothing.
    void start_turn_at(TimePoint at);

    // Flag fall with no move: out of time even if a move came now with the largest lag credit
    // the player could still get. What the server's timer checks.
    bool flagged(TimePoint now) const;
    // When flagged() will become true if nobody moves; nullopt while stopped.
    std::optional<TimePoint> flag_time() const;

    // Time left for `side` at `now`, never negative: on its total, or on this move when the
    // game has no total. The side not to move shows its stored time.
    Millis remaining(Color side, TimePoint now) const;

    bool running() const { return state_.running; }
    Color to_move() const { return state_.to_move; }
    const ClockState& state() const { return state_; }
    const TimeControl& control() const { return control_; }

private:
    TimeControl control_;
    LagPolicy lag_;
    ClockState state_;

    // Charge for `thinking` on the total after the Bronstein delay.
    Millis charge_for(Millis thinking) const;
    bool out_of_time(Millis thinking) const;
    Millis initial_remaining() const;
};

} // namespace lobby
