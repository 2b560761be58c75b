#pragma once
// The one way to open storage (issue 36): the `db` setting names a database, and open() makes
// the backend for it. The rest of the program sees only storage::Backend (backend.h).
//
//   "tabula.db", "data/club.db"       a SQLite file (the default `db` is "tabula.db")
//   "sqlite:club.db"                  the same, said explicitly (a path that contains ':')
//   "postgresql://user@host:5432/db"  a PostgreSQL database, a libpq connection URI: PGPASSWORD,
//   "postgres://..."                  PGSSLMODE, ~/.pgpass, service files and unix sockets
//                                     ("postgresql:///db?host=/run/postgresql") work as libpq
//                                     documents them
//
// open() connects, checks and migrates: a failure throws StorageError naming the database and
// the cause, which a command turns into its exit code.

#include "storage/backend.h"
#include "storage/durability.h"

#include <memory>
#include <string>
#include <string_view>

namespace storage {

enum class BackendKind : std::uint8_t { Sqlite, Postgres };

// What a `db` setting names: the backend and, for it, a file path or a libpq URI.
struct Location {
    BackendKind kind = BackendKind::Sqlite;
    std::string target;
};

// Throws StorageError for an empty setting or an empty path after "sqlite:".
Location parse_location(std::string_view db);

// The setting as it may be shown (logs, error messages): a URI's password replaced by "***"
// ("postgresql://tabula:***@db/tabula"); anything else as it is.
std::string without_password(std::string_view db);

struct StorageOptions {
    Durability durability = Durability::Full;
    // SQLite: create the file when it is missing (the server and `user create` do; the other
    // commands refuse a wrong path instead of making an empty database). PostgreSQL: the
    // database must exist; its tables are made by the migrations either way.
    bool create = true;
};

// Opens, checks that the database takes writes, and migrates. Throws StorageError.
std::unique_ptr<Backend> open(std::string_view db, const StorageOptions& options = {});

// The backends' process-wide settings, made once at the start of a server before any storage
// call (today SQLite's: sqlite/connection.h, configure_library). False when a library was in
// use already: its defaults then stay, which works the same, a little slower.
bool prepare_process();

} // namespace storage
