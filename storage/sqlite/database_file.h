#pragma once
// The start-up check of a SQLite database file: opens it read-write (creating it when missing;
// its directory must exist and be writable) and takes and releases the write lock, so that a
// wrong path, an unwritable file or a file that is not a database stops `tabula serve` at start
// with a message, instead of failing at the first game.

#include <string>

namespace storage::sqlite {

// Throws StorageError with SQLite's message when the file cannot be opened or written.
void check_database_file(const std::string& path);

} // namespace storage::sqlite
