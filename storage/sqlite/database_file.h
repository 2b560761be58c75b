#pragma once
// Two checks of a SQLite database file. check_database_file, at start: opens it read-write
// (creating it when missing; its directory must exist and be writable) and takes and releases
// the write lock, so that a wrong path, an unwritable file or a file that is not a database
// stops `tabula serve` at start with a message, instead of failing at the first game.
// database_unwritable, at any time (SqliteBackend::can_write, /healthz): a few system calls
// and no write, cheap enough to ask every second.

#include <optional>
#include <string>

namespace storage::sqlite {

// Throws SqliteError with SQLite's message when the file cannot be opened or written.
void check_database_file(const std::string& path);

// Why the database cannot take writes now, or nullopt when it can: the file (or, while it does
// not exist yet, its directory) must be writable by this process, and its file system mounted
// read-write with free blocks.
std::optional<std::string> database_unwritable(const std::string& path);

} // namespace storage::sqlite
