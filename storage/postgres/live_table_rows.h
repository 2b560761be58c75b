#pragma once
// Rows of the live-table directory (cluster_store.h, "The directory"; migration 5) written
// inside a caller's transaction: the row of a table new to the directory, so that every
// statement that inserts one (PgClusterStore::reserve_table) sets a new table's table_epoch and
// version base in one place.
//
// The caller runs tabula_fence(node, epoch) in the same transaction first. Failures of the
// database throw PgError.

#include <string>
#include <string_view>

namespace storage::postgres {

// The INSERT of a new directory row, `on_conflict` appended ("ON CONFLICT (code) DO NOTHING"):
// the code $3 for the owner $1 at epoch $2, the game $4 (NULL: none yet), is_public $5 (0/1);
// table_epoch 1, and as version base the database's clock now (LiveTableRow::version_base).
std::string insert_live_table_sql(std::string_view on_conflict);

} // namespace storage::postgres
