#pragma once
// A consistent copy of a live database with SQLite's online backup API. The copy is one
// snapshot (a read transaction on the source), so writers carry on meanwhile in WAL mode.
// It is written to a temporary file beside the destination and renamed into place, so a
// failed backup never leaves a half-written file under the destination's name.

#include <string>

namespace storage::sqlite {

struct BackupOptions {
    bool overwrite = false; // replace an existing destination file
};

// Throws StorageError: source missing or unreadable, destination exists (without overwrite),
// or the copy failed.
void backup_database(const std::string& source, const std::string& destination,
                     const BackupOptions& options = {});

} // namespace storage::sqlite
