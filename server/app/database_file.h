#pragma once
// Startup check of the --db path until the storage layer opens it itself: creates the SQLite
// file if missing (and its directory must exist and be writable), so a wrong path stops the
// server at startup with a message instead of failing at the first game.
//
// SEAM: when storage/ lands, serve_command.cpp replaces this call with storage::open(...)
// (which also applies db_synchronous) and hands the store to the lobby.

#include <string>

namespace server {

// Throws StartupError naming the db key and the cause.
void ensure_database_file(const std::string& path);

} // namespace server
