#pragma once
// Reading games, seats, moves and leaves on a connection, for the game store and the game
// writer (which reads the game a ladder challenge is decided from). The same rows as SQLite's
// reader (storage/sqlite/game_rows.h); PostgreSQL has no move journal, so the moves are in
// `moves` alone.

#include "storage/postgres/connection.h"
#include "storage/records.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace storage::postgres {

// "SELECT <every game column> FROM games " followed by the given clause.
std::string select_games(std::string_view where_and_order);
// Row `row` of a select_games() result, without its seats (read_seats adds them).
GameRow game_from_row(const Result& r, int row);
void read_seats(Connection& db, GameRow& game); // from game_seats, in seat order

std::optional<GameRow> read_game(Connection& db, GameId id);
std::vector<MoveRow> read_moves(Connection& db, GameId id);
std::vector<LeaveRow> read_leaves(Connection& db, GameId id); // in the order they happened

// A read-only REPEATABLE READ transaction: every read inside it sees one snapshot (a game and
// its moves as one commit left them). Rolled back when left; nothing is written in it.
class Snapshot {
public:
    explicit Snapshot(Connection& db);
    ~Snapshot();
    Snapshot(const Snapshot&) = delete;
    Snapshot& operator=(const Snapshot&) = delete;

private:
    Connection& db_;
};

} // namespace storage::postgres
