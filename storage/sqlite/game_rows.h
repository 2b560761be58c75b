#pragma once
// Reading games and moves, shared by the game store and the writer's restart loader.

#include "storage/records.h"
#include "storage/sqlite/connection.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace storage::sqlite {

// "SELECT <every game column> FROM games " followed by the given clause.
std::string select_games(std::string_view where_and_order);
GameRow game_from_row(const Statement& statement); // a row of select_games()

std::optional<GameRow> read_game(Connection& db, GameId id);
std::vector<MoveRow> read_moves(Connection& db, GameId id);
std::vector<GameWithMoves> read_unfinished_games(Connection& db);

} // namespace storage::sqlite
