#pragma once
// Reading games and moves, shared by the game store, the ladder rows and the writer's restart
// loader.

#include "storage/records.h"
#include "storage/sqlite/connection.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace storage::sqlite {

// "SELECT <every game column> FROM games " followed by the given clause.
std::string select_games(std::string_view where_and_order);
// A row of select_games(), without its seats: read_seats() adds them, once the statement is
// done or reset.
GameRow game_from_row(const Statement& statement);
void read_seats(Connection& db, GameRow& game); // from game_seats, in seat order

std::optional<GameRow> read_game(Connection& db, GameId id);
std::vector<MoveRow> read_moves(Connection& db, GameId id);
std::vector<LeaveRow> read_leaves(Connection& db, GameId id); // in the order they happened
std::vector<GameWithMoves> read_unfinished_games(Connection& db);

} // namespace storage::sqlite
