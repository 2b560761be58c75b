#pragma once
// PostgreSQL's schema, numbered like SQLite's (storage/README.md "Migrations"): the table
// tabula_schema holds the number of the last migration applied; migration N turns version N-1
// into N in one transaction with the bump. Several nodes may start at once: each step runs
// under a transaction-level advisory lock (pg_advisory_xact_lock), so one node migrates and
// the others wait, then find the work done. A database newer than the program is refused.

#include "storage/postgres/connection.h"

namespace storage::postgres {

// The advisory lock key of the migrations ("tabu" in ASCII), shared by every node of a site.
inline constexpr std::int64_t migration_lock_key = 0x74616275;

int latest_schema_version();
// The schema version stored, 0 for a database without Tabula's tables.
int schema_version(Connection& connection);
// Brings the schema to `target` (-1: the latest). Throws PgError, StorageError.
void migrate(Connection& connection, int target = -1);

} // namespace storage::postgres
