#include "storage/sqlite/database_file.h"

#include "storage/sqlite/connection.h"

#include <filesystem>
#include <sys/statvfs.h>
#include <unistd.h>

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
        throw SqliteError(problem, code);
}

std::optional<std::string> database_unwritable(const std::string& path) {
    const std::filesystem::path database(path);
    std::error_code ec;
    const bool exists = std::filesystem::exists(database, ec);
    const auto directory =
        database.has_parent_path() ? database.parent_path() : std::filesystem::path(".");
    // The directory too: SQLite makes its -wal and -shm files beside the database.
    if (access(directory.c_str(), W_OK) != 0)
        return "the database directory is not writable";
    if (exists && access(database.c_str(), W_OK) != 0)
        return "the database file is not writable";
    struct statvfs fs {};
    if (statvfs(directory.c_str(), &fs) != 0)
        return "the database file system cannot be examined";
    if ((fs.f_flag & ST_RDONLY) != 0)
        return "the database file system is mounted read-only";
    if (fs.f_bavail == 0)
        return "the database file system is full";
    return std::nullopt;
}

} // namespace storage::sqlite
