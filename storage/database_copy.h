#pragma once
// Copies a club's whole history from one database to another (issue 36, `tabula db copy`):
// SQLite to PostgreSQL, PostgreSQL to SQLite, or between two of a kind. Every table of
// Tabula's is copied row for row with its ids (users, sessions, ratings, blocks, ladders with
// their rungs, challenges and history, games with their seats, moves and leaves): both
// backends have the same tables and columns by design (storage/README.md). SQLite's move
// journal holds moves not yet merged into `moves`: they are copied into `moves` (a SQLite
// target gets them there too, its journal empty).
//
// - Both databases are brought to this program's schema first (the migrations any tabula
//   command runs on opening them); a missing SQLite source is refused, not created.
// - The source is read in one snapshot (SQLite: one read transaction; PostgreSQL: REPEATABLE
//   READ, READ ONLY), so a server may keep running on it; what it writes after the snapshot
//   is not copied.
// - The target is written in ONE transaction: all of it or nothing. On PostgreSQL the tables
//   are locked against other writers first (SHARE ROW EXCLUSIVE: reads go on), the identity
//   sequences are moved past the copied ids, and a new row gets the next id.
// - A target with any row in Tabula's tables is refused unless `replace`: then those rows are
//   deleted first, in the same transaction (the target ends as an exact copy of the source;
//   nothing else in the database is touched).
// - Before the commit, every table of the target is counted and compared with the rows read
//   from the source: any difference rolls the whole copy back.
//
// Throws StorageError with a message for people: a database that cannot be opened or
// migrated, the same database on both sides, a target holding rows without `replace`, a row
// refused, a count that differs. Nothing is written to the target then.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace storage {

struct CopyOptions {
    bool replace = false; // delete what the target holds first, instead of refusing it
};

// One table: the rows read from the source and counted in the target after the copy (equal,
// or the copy throws).
struct TableCount {
    std::string table;
    std::int64_t rows = 0;
};

struct CopyReport {
    std::vector<TableCount> tables; // in the order they were written
    std::int64_t replaced = 0;      // rows the target held before (deleted: `replace`)
};

// `from` and `to` are what storage::open takes (a path, sqlite:PATH, postgresql://...).
CopyReport copy_database(std::string_view from, std::string_view to, const CopyOptions& options);

// Tabula's tables as a copy writes them, parents first.
std::vector<std::string> copied_tables();

} // namespace storage
