#include "server/cli/open_database.h"

#include "server/startup_error.h"
#include "storage/errors.h"

namespace server::cli {

std::unique_ptr<storage::Backend> open_database(const std::string& db,
                                                const storage::StorageOptions& options) {
    try {
        return storage::open(db, options);
    } catch (const storage::StorageError& e) {
        throw StartupError("db: cannot open database \"" + storage::without_password(db) +
                           "\": " + e.what());
    }
}

} // namespace server::cli
