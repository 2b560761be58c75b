#pragma once
// `tabula serve`'s check of its `db` setting before anything else opens it: a wrong path stops
// the server at start with exit code 1 and a message naming the key and the cause.

#include <string>

namespace server::cli {

// Throws StartupError naming the db key and the cause.
void ensure_database_file(const std::string& path);

} // namespace server::cli
