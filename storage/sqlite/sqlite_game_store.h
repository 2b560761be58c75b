#pragma once
// GameStore on SQLite: reads games for profiles, downloads and restart. Owns its connection;
// one thread at a time. Writes go through SqliteGameWriter.

#include "storage/sqlite/connection.h"
#include "storage/stores.h"

namespace storage::sqlite {

class SqliteGameStore final : public GameStore {
public:
    explicit SqliteGameStore(Connection connection) : db_(std::move(connection)) {}

    std::optional<GameWithMoves> find_game(GameId id) override;
    std::vector<GameRow> history(UserId user, const HistoryQuery& query) override;
    int count_games(UserId user) override;
    std::vector<GameWithMoves> load_unfinished_games() override;

private:
    Connection db_;
};

} // namespace storage::sqlite
