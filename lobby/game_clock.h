#pragma once
// A game clock for 2 to 6 seats that never reads the time: every call gets `now` from outside.
// Total time with Fischer increment or Bronstein delay, an optional limit per move,
// correspondence (days per move, no total), and lag compensation in the lichess manner. Seats
// are indices in turn order (lobby/seats.h: seat 0 is White, 1 Black in a two-player game);
// who moves next is the table's to say (the rules skip players who have finished).
//
// Lag compensation: a move is credited with min(measured lag, the mover's quota). The quota
// starts at `initial_quota`, is spent by what it credits and refills by `quota_gain` per move up
// to `max_quota`, so a steady small lag is fully forgiven while a player cannot claim a big lag
// move after move. The lag is measured by the server from ping/pong round trips, never taken
// from what the client says.

#include "lobby/seats.h"
#include "lobby/time.h"
#include "lobby/time_control.h"
#include "rules/game.h"

#include <optional>

namespace lobby {

struct LagPolicy {
    Millis initial_quota{300};
    Millis quota_gain{100}; // refill per move
    Millis max_quota{1000};
};

// Everything a clock is made of, for the table snapshot and for storage: restoring from it
// gives back the same clock (remaining times, who is to move, when the last move was
// acknowledged).
struct ClockState {
    PerSeat<Millis> remaining{}; // per seat: time left on the total (or on this move)
    PerSeat<Millis> lag_quota{};
    int to_move = 0; // the seat whose time runs (or would run)
    bool running = false;
    TimePoint turn_started{};   // when the side to move's time started to run
    unsigned berserk_seats = 0; // one bit per seat (1 << seat): berserk, see GameClock::berserk

    friend bool operator==(const ClockState&, const ClockState&) = default;
};

// Berserk, the arena's rule (issue 38, as lichess's arena tournaments have it): before their
// first move a player may halve their own time and give up the increment for the rest of the
// game. The one place the rule lives: the live clock (GameClock::berserk) and the arena's
// bookkeeping (lobby/tournament/arena.h) both read it. A Bronstein delay is kept.
TimeControl berserk_time_control(const TimeControl& control);

// What one press of the clock charged.
struct ClockPress {
    Millis thinking{0};     // from turn start to the move's arrival
    Millis lag_credited{0}; // given back for network lag
    Millis charged{0};      // taken from the total after lag and delay
    Millis remaining{0};    // the mover's time after the move (increment included)
};

class GameClock {
public:
    // A clock for `seats` seats (2 to max_seats), each with the full time and lag quota.
    explicit GameClock(const TimeControl& control, const LagPolicy& lag = {}, int seats = 2);
    static GameClock restore(const TimeControl& control, const ClockState& state,
                             const LagPolicy& lag = {});

    // The time of seat `to_move` starts to run at `now`.
    void start(int to_move, TimePoint now);
    // Stops the clock at `now`, charging the side to move (no increment); the game is over. The
    // side to move keeps what it had left: on its total, or on this move (0 after a flag fall).
    void stop(TimePoint now);
    // Takebacks: charges the seat to move up to `now` (no increment) and gives the turn to `seat`.
    void switch_to(int seat, TimePoint now);
    // Berserk for `seat` (berserk_time_control): its time becomes at most the halved base, and
    // its moves earn no increment from now on. Taking the smaller time makes it safe to apply
    // again to a clock restored from storage after the seat has moved (its stored time is then
    // already below the halved base). Nothing happens to a game without a total time.
    void berserk(int seat);
    bool is_berserk(int seat) const { return ((state_.berserk_seats >> seat) & 1U) != 0; }

    // True if a move arriving at `now` with `measured_lag` comes too late (total time or move
    // limit used up after lag credit). Check this before press().
    bool would_flag(TimePoint now, Millis measured_lag) const;
    // The seat to move has moved at `now`: charge it, add the increment, start seat `next`
    // (the rules' seat_to_move() after the move). Precondition: running(),
    // !would_flag(now, measured_lag) and `next` a seat of this clock.
    ClockPress press(TimePoint now, Millis measured_lag, int next);
    // The same passing the turn to the following seat in order (the other one of two).
    ClockPress press(TimePoint now, Millis measured_lag) {
        return press(now, measured_lag, (state_.to_move + 1) % seats());
    }

    // The move that started the side to move's turn reached that side only at `at` (the server
    // sends a move once it is stored): its time runs from then. An earlier `at` changes nothing.
    void start_turn_at(TimePoint at);

    // Flag fall with no move: out of time even if a move came now with the largest lag credit
    // the player could still get. What the server's timer checks.
    bool flagged(TimePoint now) const;
    // When flagged() will become true if nobody moves; nullopt while stopped.
    std::optional<TimePoint> flag_time() const;

    // Time left for `seat` at `now`, never negative: on its total, or on this move when the
    // game has no total. A seat not to move shows its stored time.
    Millis remaining(int seat, TimePoint now) const;
    // Every seat's remaining(seat, now).
    PerSeat<Millis> all_remaining(TimePoint now) const;

    bool running() const { return state_.running; }
    int to_move() const { return state_.to_move; }
    int seats() const { return state_.remaining.size(); }
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
