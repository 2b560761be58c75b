#pragma once
// GameStore on PostgreSQL: reading games. Each call leases a connection from the backend's pool
// (pool.h) and reads in one REPEATABLE READ snapshot (a game with its seats, moves and leaves
// as one commit left them); one thread at a time. Writing goes through PgGameWriter.

#include "storage/postgres/pool.h"
#include "storage/stores.h"

#include <memory>

namespace storage::postgres {

class PgGameStore final : public GameStore {
public:
    explicit PgGameStore(std::shared_ptr<ConnectionPool> pool) : pool_(std::move(pool)) {}

    std::optional<GameWithMoves> find_game(GameId id) override;
    std::vector<GameRow> history(UserId user, const HistoryQuery& query) override;
    int count_games(UserId user) override;
    std::vector<GameWithMoves> load_unfinished_games() override;

private:
    std::shared_ptr<ConnectionPool> pool_;
};

} // namespace storage::postgres
