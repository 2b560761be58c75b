#pragma once
// Numbered schema migrations. The rule: PRAGMA user_version is the number of the last migration
// applied; migration N turns a version N-1 file into version N; a shipped migration is never
// edited, only followed by a new one. Each runs in its own transaction together with the
// version bump, so a crash leaves the file at N-1 or N, never between.

namespace storage::sqlite {

class Connection;

// The version a database has after every migration.
int latest_schema_version();

// Applies the missing migrations up to `target` (default: the latest). Throws StorageError if
// the file is newer than this program (written by a later Tabula) or a migration fails.
void migrate(Connection& connection, int target = -1);

} // namespace storage::sqlite
