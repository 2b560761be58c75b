#pragma once
// What happens at a table, as plain values the server serializes once and sends to every seat
// and spectator. Each event carries a version (+1 per event, per table, across rematches) so a
// reconnecting client can ask for what it missed. Events are immutable and shared
// (EventPtr): the history and the caller that took them hold the same object.

#include "lobby/game_clock.h"
#include "lobby/player.h"
#include "lobby/seats.h"
#include "rules/game.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lobby {

// Every seat's clock as of `at` (the seat to move keeps losing time from then on while
// `running`). `turn_started` lets a client count down a per-move limit or a Bronstein delay
// itself. Seats by index (lobby/seats.h): in a two-player game 0 is White, 1 Black.
struct ClockView {
    PerSeat<Millis> remaining{}; // one per seat
    int to_move = 0;             // the seat to move
    bool running = false;
    TimePoint at{};
    TimePoint turn_started{};
};

// How a game ended. `reason` is a stable name: the rules' own ("checkmate", "stalemate",
// "threefold", "fifty-move", "insufficient", "no-moves", "finished", "move-limit", ...) or the
// table's: "flag", "flag-vs-insufficient" (a draw: the opponent could not have won), "resign",
// "agreement", "abort", "first-move-timeout" (aborted, see `did_not_start`), "abandonment".
// A game of more than two ended by leaves (PlayerRetired) has the rules' reason: "finished" if
// someone finished, "retired" if everyone else left.
//
// By seat (lobby/seats.h). A game of two ends in a Win of one seat (`winner`), a Draw, or
// Aborted. A game of more than two players (the halma family, issue 14) ends Ranked, with
// `places` from rules::Outcome::places: the place of each seat in seat order, 1 for the first
// to finish, shared places for ties; or Aborted. `winner` is -1 unless the kind is Win;
// `places` is empty unless it is Ranked.
struct GameResult {
    enum class Kind : std::uint8_t { Win, Draw, Aborted, Ranked };
    Kind kind = Kind::Aborted;
    std::string reason{};
    int winner = -1;                    // Win: the seat that won
    std::optional<int> did_not_start{}; // first-move-timeout: the seat that did not move in time
    std::vector<int> places{};          // Ranked: one place per seat

    static GameResult win(int seat, std::string why) {
        return GameResult{.kind = Kind::Win, .reason = std::move(why), .winner = seat};
    }
    static GameResult draw(std::string why) {
        return GameResult{.kind = Kind::Draw, .reason = std::move(why)};
    }
    static GameResult aborted(std::string why, std::optional<int> late_seat = std::nullopt) {
        return GameResult{
            .kind = Kind::Aborted, .reason = std::move(why), .did_not_start = late_seat};
    }
    static GameResult ranked(std::vector<int> by_seat, std::string why) {
        return GameResult{
            .kind = Kind::Ranked, .reason = std::move(why), .places = std::move(by_seat)};
    }

    // Aborted games change no rating.
    bool counts() const { return kind != Kind::Aborted; }
    bool won_by(int seat) const { return kind == Kind::Win && winner == seat; }
    friend bool operator==(const GameResult&, const GameResult&) = default;
};

// The stored text of a result: "1-0" (seat 0 won), "0-1" (seat 1 won), "1/2-1/2", "aborted",
// "ranked" (the places say the rest). Storage and the HTTP API keep these words.
std::string_view result_name(const GameResult& result);

// Events name seats by index (lobby/seats.h): 0 is White and 1 Black in a two-player game.
struct PlayerSeated {
    int seat = 0;
    Player player{};
};
struct PlayerLeft {
    int seat = 0;
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
    // By seat: White and Black in a two-player game. A vector, not a PerSeat: six Players
    // inline would double the size of every event (the variant takes its largest member).
    std::vector<Player> players{};
    std::string start_position{};
    rules::BoardView board{};
    std::vector<rules::MoveView> legal_moves{};
    ClockView clocks{};
    TimePoint first_move_deadline{}; // the first seat must move by then or the game is aborted
};

struct MovePlayed {
    int ply = 0;              // plies before this move: 0 for the first move
    int by = 0;               // the seat that moved
    int next = 1;             // the seat now to move (the rules skip players who have finished)
    rules::MoveView move{};   // canonical notation, display, path and captures
    std::string position{};   // after the move
    rules::BoardView board{}; // after the move
    std::vector<rules::MoveView> legal_moves{};     // for the side now to move
    ClockView clocks{};                             // after the move
    std::optional<TimePoint> first_move_deadline{}; // set while the next side's first move is due
};

// Draw offers are for two-player games: `by` is seat 0 (White) or 1 (Black). Takebacks are for
// two seats or more; past two, every other seat still playing must accept (issue 14).
struct DrawOffered {
    int by = 0;
};
struct DrawDeclined {
    int by = 0;
}; // by: who declined
struct DrawOfferWithdrawn {
    int by = 0;
}; // by: who had offered; the opponent moved instead

struct TakebackRequested {
    int by = 0;
    int plies = 1;              // the requester's last move and every move since
    std::vector<int> waiting{}; // past two seats: who must accept, in seat order
};
// Past two seats: one more has accepted; the takeback is done when nobody is left waiting
// (then TakebackDone comes instead of this).
struct TakebackAccepted {
    int by = 0;
    std::vector<int> accepted{}; // everyone who has accepted so far, in seat order
    std::vector<int> waiting{};  // who has still to answer
};
struct TakebackDeclined {
    int by = 0;
}; // by: who declined (past two seats: any one decline calls it off for everyone)
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
    int by = 0;
};
struct RematchDeclined {
    int by = 0;
};

struct ConnectionChanged {
    int seat = 0;
    bool connected = true;
    // When the others may claim (while disconnected; none for a seat that has left the game).
    std::optional<TimePoint> claimable_at{};
};
// The grace period of an absent player has run out: the opponent may claim win or draw.
struct AbandonmentClaimable {
    int absent = 0; // the seat
};

struct ChatPosted {
    PlayerId from{};
    std::string display_name{};
    bool spectator = false;
    std::string text{};
};

// A player left a game of more than two that goes on (issue 14): resigned ("resign"), out of time
// ("flag") or absent past the grace and claimed ("abandonment"). Its pieces stay as obstacles,
// its clock stands still for good and turns skip it (rules::Game::retire). Not a move: `ply` is
// the number of moves played before it, which is what a store keeps with the seat. If the game
// is over with it, GameEnded follows.
struct PlayerRetired {
    int seat = 0;
    std::string reason{};
    int ply = 0;                                // moves played before the leave
    int next = 0;                               // the seat now to move
    std::vector<rules::MoveView> legal_moves{}; // for the seat now to move; empty if it is over
    ClockView clocks{};                         // after the leave
};

// A player went berserk (an arena tournament's game, issue 38): their time is halved and their
// moves earn no increment from now on (lobby/game_clock.h, berserk_time_control).
struct Berserked {
    int seat = 0;
    ClockView clocks{}; // after it
};

struct GameEnded {
    int game_number = 1;
    GameResult result{};
    ClockView clocks{};
    bool rated = false;
    std::vector<Player> players{};    // who played this game by seat, for storage and ratings
    std::vector<std::string> moves{}; // the whole game, canonical, for storage and ratings
};

// The table is gone: "cancelled" by its host, "host-left" before the start.
struct TableClosed {
    std::string reason{};
};

using TableEventBody =
    std::variant<PlayerSeated, PlayerLeft, SpectatorJoined, SpectatorLeft, GameStarted, MovePlayed,
                 DrawOffered, DrawDeclined, DrawOfferWithdrawn, TakebackRequested, TakebackAccepted,
                 TakebackDeclined, TakebackDone, RematchOffered, RematchDeclined, ConnectionChanged,
                 AbandonmentClaimable, ChatPosted, PlayerRetired, Berserked, GameEnded,
                 TableClosed>;

struct TableEvent {
    std::uint64_t version = 0;
    TimePoint at{};
    TableEventBody body{};
};

using EventPtr = std::shared_ptr<const TableEvent>;

// The protocol name of an event body: the snake_case of its type's name ("player_seated" for
// PlayerSeated, "move_played" for MovePlayed, ...; docs/protocol.md 7.6).
std::string_view event_name(const TableEventBody& body);

} // namespace lobby
