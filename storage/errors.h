#pragma once
// The one exception storage/ throws: the database could not do what was asked (disk full, file
// not a database, connection lost, constraint we did not expect, ...). `what()` carries the
// database's own message. Expected refusals (a taken user name, an unknown id) are return
// values, never exceptions. Each backend throws a subclass that keeps its own code
// (sqlite/connection.h SqliteError: the extended result code; postgres/connection.h PgError:
// the SQLSTATE); callers above storage/ catch StorageError and need neither.

#include <stdexcept>
#include <string>

namespace storage {

class StorageError : public std::runtime_error {
public:
    explicit StorageError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace storage
