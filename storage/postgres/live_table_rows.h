#pragma once
// Rows of the live-table directory (cluster_store.h, "The directory"; migration 5) written
// inside a caller's transaction: the row of a table new to the directory, which
// PgClusterStore::reserve_table and the fenced game writer both insert (so a new table's
// table_epoch and version base are set in one place), and the fenced game writer's changes of
// its tables' rows as their games start and end (pg_game_writer.h, "The directory").
//
// The caller runs tabula_fence(node, epoch) in the same transaction first (these do not run it
// again), so a write here is ordered before a takeover of the node or refused after it. Failures
// of the database throw PgError; a table that is not the caller's throws StorageError.

#include "storage/cluster_store.h"
#include "storage/postgres/connection.h"
#include "storage/records.h"

#include <string>
#include <string_view>

namespace storage::postgres {

// The INSERT of a new directory row, `on_conflict` appended ("ON CONFLICT (code) DO NOTHING"):
// the code $3 for the owner $1 at epoch $2, the game $4 (NULL: none yet), is_public $5 (0/1);
// table_epoch 1, and as version base the database's clock now (LiveTableRow::version_base).
std::string insert_live_table_sql(std::string_view on_conflict);

// The game `game` of the table `code` has started on the node of `owner`: the table's row is
// made for it (as reserve_table makes one, naming the game) when the code is new, or names the
// game (and is_public) when the row is the fence's already (owner and owner_epoch: reserved by
// the node, or an earlier game of the table, a rematch). Throws StorageError, changing nothing,
// when the row is anybody else's: another node's, an earlier incarnation's of the same node
// (claim it first), or handed back (owner NULL).
void start_table_game(Connection& db, const Fence& owner, const std::string& code, GameId game,
                      bool is_public);

// The game `game` has ended: its table's row goes when it is the fence's and names this game.
// A row handed to another owner, or naming a later game of the table, is left alone.
void end_table_game(Connection& db, const Fence& owner, GameId game);

} // namespace storage::postgres
