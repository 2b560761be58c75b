#include "storage/sqlite/database_file.h"

#include "storage/errors.h"

#include <sqlite3.h>

namespace storage::sqlite {

void check_database_file(const std::string& path) {
    sqlite3* db = nullptr;
    const int opened =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    std::string problem;
    int code = opened;
    if (opened != SQLITE_OK) {
        problem = db ? sqlite3_errmsg(db) : sqlite3_errstr(opened);
    } else {
        // Opening is lazy: touch the schema so an unwritable file or a non-database shows now.
        char* message = nullptr;
        code = sqlite3_exec(db, "PRAGMA user_version; BEGIN IMMEDIATE; COMMIT;", nullptr, nullptr,
                            &message);
        if (code != SQLITE_OK) {
            problem = message ? message : sqlite3_errmsg(db);
            sqlite3_free(message);
        }
    }
    sqlite3_close(db);
    if (!problem.empty())
        throw StorageError(problem, code);
}

} // namespace storage::sqlite
