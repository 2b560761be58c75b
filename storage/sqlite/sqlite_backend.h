#pragma once
// The SQLite backend: one database file. The constructor opens it once (creating and migrating
// it); every store and the writer then get their own connection to the same file.

#include "storage/backend.h"
#include "storage/sqlite/connection.h"
#include "storage/sqlite/sqlite_game_writer.h"

#include <string>

namespace storage::sqlite {

class SqliteBackend final : public Backend {
public:
    // Throws StorageError when the file cannot be opened or migrated.
    SqliteBackend(std::string path, OpenOptions options = {}, WriterOptions writer = {});

    std::unique_ptr<UserStore> user_store() const override;
    std::unique_ptr<RatingStore> rating_store() const override;
    std::unique_ptr<GameStore> game_store() const override;
    std::unique_ptr<LadderStore> ladder_store() const override;
    std::unique_ptr<TournamentStore> tournament_store() const override;
    std::unique_ptr<GameWriter> game_writer(LadderDecider decide = {}) const override;
    // The same writer with SQLite's own calls (its page cache, its journal merges).
    std::unique_ptr<SqliteGameWriter> sqlite_game_writer(LadderDecider decide = {}) const;
    // The file system's answer (database_file.h, database_unwritable): no write is made.
    WriteStatus can_write() const override;

    const std::string& path() const { return path_; }

private:
    std::string path_;
    OpenOptions options_;
    WriterOptions writer_;
    Connection connect() const;
};

} // namespace storage::sqlite
