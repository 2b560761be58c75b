#include "storage/sqlite/backup.h"

#include "storage/errors.h"
#include "storage/sqlite/connection.h"

#include <filesystem>
#include <system_error>

#include <sqlite3.h>

namespace storage::sqlite {
namespace {

// Removes the temporary copy unless it was renamed into place.
struct TemporaryFile {
    std::filesystem::path path;
    bool keep = false;
    ~TemporaryFile() {
        std::error_code ignored;
        if (!keep)
            std::filesystem::remove(path, ignored);
    }
};

void copy_pages(Connection& from, Connection& to) {
    sqlite3_backup* backup = sqlite3_backup_init(to.handle(), "main", from.handle(), "main");
    if (backup == nullptr)
        throw StorageError(std::string("cannot start backup: ") + sqlite3_errmsg(to.handle()));
    int rc = SQLITE_OK;
    do {
        rc = sqlite3_backup_step(backup, -1); // all pages in one step: one snapshot
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(50);
    } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
    const int finished = sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE || finished != SQLITE_OK)
        throw SqliteError(
            std::string("backup failed: ") + sqlite3_errstr(rc != SQLITE_DONE ? rc : finished), rc);
}

} // namespace

void backup_database(const std::string& source, const std::string& destination,
                     const BackupOptions& options) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(source, ec))
        throw StorageError("database " + source + " does not exist");
    if (fs::exists(destination, ec) && !options.overwrite)
        throw StorageError(destination + " exists already (use --force to replace it)");

    OpenOptions read{.create = false, .migrate = false};
    Connection from(source, read);
    TemporaryFile temporary{fs::path(destination + ".tmp-backup")};
    fs::remove(temporary.path, ec);
    {
        Connection to(temporary.path.string(), OpenOptions{.migrate = false});
        copy_pages(from, to);
    }
    fs::rename(temporary.path, destination, ec);
    if (ec)
        throw StorageError("cannot move the backup to " + destination + ": " + ec.message());
    temporary.keep = true;
}

} // namespace storage::sqlite
