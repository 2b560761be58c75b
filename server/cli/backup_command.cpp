// tabula backup <file> [--db FILE] [--force]
// A consistent copy of the database, safe while the server runs (SQLite online backup). A
// PostgreSQL database is backed up with PostgreSQL's own tools (pg_dump, base backups).
// Exit status: 0 copied, 1 the copy failed (message on stderr), 2 bad arguments.
#include "server/cli/commands.h"
#include "server/cli/database_path.h"
#include "storage/errors.h"
#include "storage/open.h"
#include "storage/sqlite/backup.h"

#include <iostream>

namespace server::cli {

int run_backup(const Args& args) {
    const char* usage = "usage: tabula backup <file> [--db FILE] [--force]\n";
    std::string destination;
    std::string db = default_database_path();
    bool force = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--db" && i + 1 < args.size()) {
            db = args[++i];
        } else if (args[i] == "--force") {
            force = true;
        } else if (args[i] == "--help" || args[i] == "-h") {
            std::cout << usage;
            return 0;
        } else if (!args[i].starts_with("-") && destination.empty()) {
            destination = args[i];
        } else {
            std::cerr << "tabula backup: unexpected argument '" << args[i] << "'\n" << usage;
            return 2;
        }
    }
    if (destination.empty()) {
        std::cerr << usage;
        return 2;
    }
    try {
        const auto location = storage::parse_location(db);
        if (location.kind != storage::BackendKind::Sqlite) {
            std::cerr << "tabula backup: " << storage::without_password(db)
                      << " is a PostgreSQL database: back it up with pg_dump or a base backup\n";
            return 1;
        }
        storage::sqlite::backup_database(location.target, destination, {.overwrite = force});
    } catch (const storage::StorageError& e) {
        std::cerr << "tabula backup: " << e.what() << "\n";
        return 1;
    }
    std::cout << "backed up " << db << " to " << destination << "\n";
    return 0;
}

} // namespace server::cli
