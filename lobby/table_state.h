#pragma once
// Views of a table: the short summary for lobby lists, the full state a (re)connecting client
// gets, and the record the server stores so it can rebuild the table after a restart.

#include "lobby/game_clock.h"
#include "lobby/player.h"
#include "lobby/seats.h"
#include "lobby/table_events.h"
#include "lobby/table_setup.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lobby {

enum class TableStatus : std::uint8_t {
    Waiting,  // a seat is open
    Playing,  // every seat taken, the game is on
    Finished, // the game ended; a rematch may follow
    Closed    // cancelled or left before the start; the server drops the table
};

std::string_view status_name(TableStatus status); // "waiting", "playing", "finished", "closed"

// One line of the lobby's table list.
struct TableSummary {
    std::string code{};
    TableSetup setup{};
    Player host{};
    PerSeat<std::optional<Player>> seats{}; // by seat (lobby/seats.h); none: open
    TableStatus status = TableStatus::Waiting;
    int game_number = 1;
    std::size_t spectators = 0;

    friend bool operator==(const TableSummary&, const TableSummary&) = default;
};

// One line of a table's chat as the table keeps it for (re)joining clients: the same fields as
// the ChatPosted event, plus when the server received it.
struct ChatLine {
    PlayerId from{};
    std::string display_name{};
    bool spectator = false;
    std::string text{};
    TimePoint at{};

    friend bool operator==(const ChatLine&, const ChatLine&) = default;
};

struct SeatView {
    Player player{};
    bool connected = true;
    std::optional<TimePoint> disconnected_since{};
    bool retired = false;      // left this game, which goes on for the others (PlayerRetired)
    std::string left_reason{}; // when retired: "resign", "flag" or "abandonment"
};

// Everything a client needs to draw the table from scratch.
struct TableState {
    std::string code{};
    TableSetup setup{};
    Player host{};
    TableStatus status = TableStatus::Waiting;
    int game_number = 1;
    PerSeat<std::optional<SeatView>> seats{}; // by seat (lobby/seats.h); none: open
    std::vector<Player> spectators{};
    std::string start_position{};
    std::string position{};
    rules::BoardView board{};
    std::vector<std::string> moves{};         // canonical
    std::vector<std::string> moves_display{}; // SAN / PDN for the move list
    // Every move with its cells (path, captures) as its MovePlayed event had them, so a client
    // can show any earlier position without reading notation: a draughts capture's canonical
    // notation names only its ends, not the corners its path turns.
    std::vector<rules::MoveView> history{};
    // The last move played with its cells (path, captures) as its MovePlayed event had them,
    // so a client can highlight it without reading notation; none before the first move.
    std::optional<rules::MoveView> last_move{};
    std::vector<rules::MoveView> legal_moves{};
    ClockView clocks{};
    std::optional<TimePoint> first_move_deadline{};
    std::optional<int> draw_offer{};       // the seat that offered (two-player games only)
    std::optional<int> takeback_request{}; // the seat that asked
    // Past two seats, while a takeback is asked: the seats that have accepted and those that
    // have still to answer (every other seat still playing), in seat order.
    std::vector<int> takeback_accepted{};
    std::vector<int> takeback_waiting{};
    PerSeat<bool> rematch_offers{}; // by seat
    std::optional<GameResult> result{};
    std::vector<ChatLine> chat{};          // the last TableLimits::chat_history lines, oldest first
    std::optional<TimePoint> started_at{}; // when this game started (every seat taken); none
                                           // while a seat is open
    std::uint64_t version = 0;             // of the last event included in this state
};

// One move as stored: enough to replay the game and its clock exactly.
struct RecordedMove {
    std::string move{}; // canonical notation
    TimePoint at{};     // when the server received it
    Millis lag{0};      // the lag the server measured for it (the credit follows from the quota)

    friend bool operator==(const RecordedMove&, const RecordedMove&) = default;
};

// A player who left a game of more than two that went on (PlayerRetired). Not a move: kept beside
// the moves with the number of moves played before it, so a rebuilt game retires the seat there
// (rules/game.h, Game::retire).
struct RecordedLeave {
    int seat = 0;
    int ply = 0;          // moves played before the leave
    std::string reason{}; // "resign", "flag", "abandonment"
    TimePoint at{};       // when: a clock rebuilt from the moves charges a leaver to move to then

    friend bool operator==(const RecordedLeave&, const RecordedLeave&) = default;
};

// What the server stores to rebuild a table after a restart: setup, start, moves with times.
struct TableSnapshot {
    std::string code{};
    TableSetup setup{};
    Player host{};
    PerSeat<std::optional<Player>> seats{}; // this game's players by seat (White, Black for two)
    TableStatus status = TableStatus::Playing;
    int game_number = 1;
    TimePoint started_at{}; // when every seat was taken
    std::vector<RecordedMove> moves{};
    std::vector<RecordedLeave> leaves{}; // in the order they happened (plies never decrease)
    std::optional<ClockState> clock{};   // if stored: used as is; else rebuilt from the moves
    std::optional<GameResult> result{};  // for a finished game
    std::uint64_t version = 0;           // the last event version the clients saw
    // Seats whose players are connected, and spectators, for a table rebuilt while its
    // clients stay (a refused move rolled back); a restart leaves both empty.
    PerSeat<bool> present{};
    std::vector<Player> spectators{};
    // The chat history, which lives in memory only: storage does not keep it, so a restart
    // starts with none, while a table rebuilt in place keeps it.
    std::vector<ChatLine> chat{};
};

} // namespace lobby
