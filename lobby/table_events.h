#pragma once
// What happens at a table, as plain values the server serializes once and sends to every seat
// and spectator. Each event carries a version (+1 per event, per table, across rematches) so a
// reconnecting client can ask for what it missed. Events are immutable and shared
// (EventPtr): the history and the caller that took them hold the same object.

#include "lobby/game_clock.h"
#include "lobby/player.h"
#include "rules/game.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lobby {

// Both clocks as of `at` (the side to move keeps losing time from then on while `running`).
// `turn_started` lets a client count down a per-move limit or a Bronstein delay itself.
struct ClockView {
    std::array<Millis, 2> remaining{}; // [White, Black]
    Color to_move = Color::White;
    bool running = false;
    TimePoint at{};
    TimePoint turn_started{};
};

// How a game ended. `reason` is a stable name: the rules' own ("checkmate", "stalemate",
// "threefold", "fifty-move", "insufficient", "no-moves", ...) or the table's: "flag",
// "flag-vs-insufficient" (a draw: the opponent could not have won), "resign", "agreement",
// "abort", "first-move-timeout" (aborted, see `did_not_start`), "abandonment".
struct GameResult {
    enum class Kind : std::uint8_t { WhiteWins, BlackWins, Draw, Aborted };
    Kind kind = Kind::Aborted;
    std::string reason{};
    std::optional<Color> did_not_start{}; // first-move-timeout: who did not move in time

    // Aborted games change no rating.
    bool counts() const { return kind != Kind::Aborted; }
    friend bool operator==(const GameResult&, const GameResult&) = default;
};

std::string_view result_name(GameResult::Kind kind); // "1-0", "0-1", "1/2-1/2", "aborted"

struct PlayerSeated {
    Color color{};
    Player player{};
};
struct PlayerLeft {
    Color color{};
    PlayerId player{};
};
struct SpectatorJoined {
    Player player{};
};
struct SpectatorLeft {
    PlayerId player{};
};

struct GameStarted {
    int game_number = 1; // 2, 3, ... for rematches at the same table
    Player white{};
    Player black{};
    std::string start_position{};
    rules::BoardView board{};
    std::vector<rules::MoveView> legal_moves{};
    ClockView clocks{};
    TimePoint first_move_deadline{}; // White must move by then or the game is aborted
};

struct MovePlayed {
    int ply = 0; // plies before this move: 0 for the first move
    Color by = Color::White;
    rules::MoveView move{};                     // canonical notation, display, path and captures
    std::string position{};                     // after the move
    rules::BoardView board{};                   // after the move
    std::vector<rules::MoveView> legal_moves{}; // for the side now to move
    ClockView clocks{};                         // after the move
    std::optional<TimePoint> first_move_deadline{}; // set while the next side's first move is due
};

struct DrawOffered {
    Color by{};
};
struct DrawDeclined {
    Color by{};
}; // by: who declined
struct DrawOfferWithdrawn {
    Color by{};
}; // by: who had offered; the opponent moved instead

struct TakebackRequested {
    Color by;
    int plies = 1;
};
struct TakebackDeclined {
    Color by{};
}; // by: who declined
struct TakebackDone {
    int plies_undone = 1;
    int ply = 0;                                // plies played now
    std::vector<std::string> moves{};           // the game's moves now, canonical
    std::optional<rules::MoveView> last_move{}; // the move now last, with its cells; none at 0
    std::string position{};
    rules::BoardView board{};
    std::vector<rules::MoveView> legal_moves{};
    ClockView clocks{};
};

struct RematchOffered {
    Color by{};
};
struct RematchDeclined {
    Color by{};
};

struct ConnectionChanged {
    Color color{};
    bool connected = true;
    std::optional<TimePoint> claimable_at{}; // when the opponent may claim (while disconnected)
};
// The grace period of an absent player has run out: the opponent may claim win or draw.
struct AbandonmentClaimable {
    Color absent{};
};

struct ChatPosted {
    PlayerId from{};
    std::string display_name{};
    bool spectator = false;
    std::string text{};
};

struct GameEnded {
    int game_number = 1;
    GameResult result{};
    ClockView clocks{};
    bool rated = false;
    Player white{}; // who played this game, for storage and ratings
    Player black{};
    std::vector<std::string> moves{}; // the whole game, canonical, for storage and ratings
};

// The table is gone: "cancelled" by its host, "host-left" before the start.
struct TableClosed {
    std::string reason{};
};

using TableEventBody =
    std::variant<PlayerSeated, PlayerLeft, SpectatorJoined, SpectatorLeft, GameStarted, MovePlayed,
                 DrawOffered, DrawDeclined, DrawOfferWithdrawn, TakebackRequested, TakebackDeclined,
                 TakebackDone, RematchOffered, RematchDeclined, ConnectionChanged,
                 AbandonmentClaimable, ChatPosted, GameEnded, TableClosed>;

struct TableEvent {
    std::uint64_t version = 0;
    TimePoint at{};
    TableEventBody body{};
};

using EventPtr = std::shared_ptr<const TableEvent>;

// The protocol name of an event body: "seated", "left", "spectator_joined",
// "spectator_left", "started", "move", "draw_offered", "draw_declined", "draw_withdrawn",
// "takeback_requested", "takeback_declined", "takeback_done", "rematch_offered",
// "rematch_declined", "connection", "abandonment_claimable", "chat", "ended", "closed".
std::string_view event_name(const TableEventBody& body);

} // namespace lobby
