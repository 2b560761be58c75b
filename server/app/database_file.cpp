#include "server/app/database_file.h"

#include "server/startup_error.h"

#include <sqlite3.h>

namespace server {

void ensure_database_file(const std::string& path) {
    sqlite3* db = nullptr;
    const int opened =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    std::string problem;
    if (opened != SQLITE_OK) {
        problem = db ? sqlite3_errmsg(db) : sqlite3_errstr(opened);
    } else {
        // Opening is lazy: touch the schema so an unwritable file or a non-database shows now.
        char* message = nullptr;
        if (sqlite3_exec(db, "PRAGMA user_version; BEGIN IMMEDIATE; COMMIT;", nullptr, nullptr,
                         &message) != SQLITE_OK) {
            problem = message ? message : sqlite3_errmsg(db);
            sqlite3_free(message);
        }
    }
    sqlite3_close(db);
    if (!problem.empty())
        throw StartupError("db: cannot open database \"" + path + "\": " + problem);
}

} // namespace server
