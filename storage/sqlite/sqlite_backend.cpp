#include "storage/sqlite/sqlite_backend.h"

#include "storage/sqlite/database_file.h"
#include "storage/sqlite/sqlite_game_store.h"
#include "storage/sqlite/sqlite_ladder_store.h"
#include "storage/sqlite/sqlite_rating_store.h"
#include "storage/sqlite/sqlite_tournament_store.h"
#include "storage/sqlite/sqlite_user_store.h"

#include <utility>

namespace storage::sqlite {

SqliteBackend::SqliteBackend(std::string path, OpenOptions options, WriterOptions writer)
    : path_(std::move(path)), options_(options), writer_(writer) {
    Connection first(path_, options_); // creates and migrates once
}

Connection SqliteBackend::connect() const {
    OpenOptions options = options_;
    options.migrate = false; // done in the constructor
    options.create = false;
    return Connection(path_, options);
}

std::unique_ptr<UserStore> SqliteBackend::user_store() const {
    return std::make_unique<SqliteUserStore>(connect());
}

std::unique_ptr<RatingStore> SqliteBackend::rating_store() const {
    return std::make_unique<SqliteRatingStore>(connect());
}

std::unique_ptr<GameStore> SqliteBackend::game_store() const {
    return std::make_unique<SqliteGameStore>(connect());
}

std::unique_ptr<LadderStore> SqliteBackend::ladder_store() const {
    return std::make_unique<SqliteLadderStore>(connect());
}

std::unique_ptr<TournamentStore> SqliteBackend::tournament_store() const {
    return std::make_unique<SqliteTournamentStore>(connect());
}

std::unique_ptr<GameWriter> SqliteBackend::game_writer(LadderDecider decide) const {
    return sqlite_game_writer(std::move(decide));
}

std::unique_ptr<SqliteGameWriter> SqliteBackend::sqlite_game_writer(LadderDecider decide) const {
    return std::make_unique<SqliteGameWriter>(connect(), writer_, std::move(decide));
}

WriteStatus SqliteBackend::can_write() const {
    auto problem = database_unwritable(path_);
    return WriteStatus{problem ? std::move(*problem) : std::string()};
}

} // namespace storage::sqlite
