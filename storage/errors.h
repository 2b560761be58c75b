#pragma once
// The one exception storage/ throws: the database could not do what was asked (disk full, file
// not a database, constraint we did not expect, ...). `what()` carries SQLite's own message.
// Expected refusals (a taken user name, an unknown id) are return values, never exceptions.

#include <stdexcept>
#include <string>

namespace storage {

class StorageError : public std::runtime_error {
public:
    explicit StorageError(const std::string& message, int code = 0)
        : std::runtime_error(message), code_(code) {}

    // The backend's own error code (SQLite extended result code), 0 when there is none.
    int code() const { return code_; }

private:
    int code_;
};

} // namespace storage
