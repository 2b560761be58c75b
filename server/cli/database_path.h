#pragma once
// The database the operator commands work on when --db is not given: $TABULA_DB_PATH, else
// "tabula.db" (the server's default `db`).

#include <cstdlib>
#include <string>

namespace server::cli {

inline std::string default_database_path() {
    const char* env = std::getenv("TABULA_DB_PATH");
    return env != nullptr && *env != '\0' ? std::string(env) : std::string("tabula.db");
}

} // namespace server::cli
