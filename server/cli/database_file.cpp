#include "server/cli/database_file.h"

#include "server/startup_error.h"
#include "storage/errors.h"
#include "storage/sqlite/database_file.h"

namespace server::cli {

void ensure_database_file(const std::string& path) {
    try {
        storage::sqlite::check_database_file(path);
    } catch (const storage::StorageError& e) {
        throw StartupError("db: cannot open database \"" + path + "\": " + e.what());
    }
}

} // namespace server::cli
