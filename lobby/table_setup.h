#pragma once
// What a table is for: the game and how it is played, chosen by its host (or agreed in a
// challenge, or given by a seek pool). Plus the limits and durations the table applies.

#include "lobby/game_clock.h"
#include "lobby/time_control.h"
#include "rules/game.h"
#include "rules/variant.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace lobby {

enum class ColorChoice : std::uint8_t { White, Black, Random };

struct TableSetup {
    rules::VariantId variant = rules::VariantId::Chess;
    // Empty: the variant's standard start; in a variant of numbered start positions
    // (Chess960) the table draws one at random when it is made and keeps it here.
    std::string start_position{};
    TimeControl time_control = fischer(std::chrono::minutes(5), std::chrono::seconds(3));
    bool rated = false;
    bool is_public = true; // listed in the lobby; private tables are found by code only
    ColorChoice color = ColorChoice::Random; // the host's (challenger's) colour
    rules::DrawRules draw_rules = rules::DrawRules::Automatic;

    friend bool operator==(const TableSetup&, const TableSetup&) = default;
};

// How many seats a table for this setup has: the variant's player count, which its name
// carries (rules::player_count: chinese-checkers-3 seats three, chess two).
int seat_count(const TableSetup& setup);

// Whether a setup makes a game, for a table of any seat count (2 to 6): "bad_setup" when the
// time control makes no game; "not_allowed" for a rated game from a custom position or with
// DrawRules::ReportOnly. Table creation, the protocol's setups and group seeks and challenges.
std::optional<rules::Error> validate_game(const TableSetup& setup);
// validate_game for the entries that seat exactly two (a challenge, a two-seat seek): a variant
// of more players (Chinese checkers for 3, 4, 6, Halma for 4) is "not_allowed" there.
std::optional<rules::Error> validate_for_two(const TableSetup& setup);
// validate_game for a stored table being restored, with validate_runnable() for its time
// control: a game accepted when it was made is not refused because a range was tightened since.
std::optional<rules::Error> validate_stored(const TableSetup& setup);

// Limits and durations of a table. The defaults are what the server uses unless configured.
struct TableLimits {
    std::size_t event_history = 256;   // events kept for events_since(); older: full state
    std::size_t max_chat_length = 400; // bytes
    double chat_burst = 5;             // chat token bucket: burst ...
    double chat_per_second = 0.5;      // ... and sustained rate (one line every 2 s)
    std::size_t chat_history = 50;     // chat lines kept for (re)joining clients, newest last
    std::size_t max_spectators = 1000;
    std::chrono::milliseconds first_move_timeout{std::chrono::seconds(30)}; // real-time games
    LagPolicy lag{};
    // A table still waiting for its players closes ("host-left") once its host has been
    // disconnected this long, so a table nobody will start does not stay open and listed for
    // ever. Long enough for a page reload or a short drop; nullopt: never (a ladder table, whose
    // players the ladder's own deadlines hold to account).
    std::optional<std::chrono::milliseconds> host_away_close{std::chrono::minutes(5)};
};

// How long the side to move may wait before its first move (each side gets its own window):
// limits.first_move_timeout for real-time games; a correspondence game's whole move period.
Millis first_move_window(const TimeControl& control, const TableLimits& limits);

// How long a seated player may stay disconnected before the opponent may claim the game:
// estimated_duration / 10, clamped to [15 s, 3 min]. So bullet 1+0 gives 15 s, blitz 5+3
// 42 s, rapid 15+10 130 s, classical 3 min. Correspondence games have none (nullopt): being
// offline is normal there and the days-per-move limit decides.
std::optional<Millis> abandonment_grace(const TimeControl& control);

} // namespace lobby
