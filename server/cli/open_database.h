#pragma once
// The server's commands open their `db` setting here (storage::open: a SQLite path or a
// PostgreSQL URI), so that a wrong one stops the command at start with exit code 1 and a
// message naming the key and the cause, and no password of a URI is ever printed.

#include "storage/backend.h"
#include "storage/open.h"

#include <memory>
#include <string>

namespace server::cli {

// Throws StartupError naming the db key, the database (its password hidden) and the cause.
std::unique_ptr<storage::Backend> open_database(const std::string& db,
                                                const storage::StorageOptions& options = {});

} // namespace server::cli
