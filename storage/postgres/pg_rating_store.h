#pragma once
// RatingStore on PostgreSQL. Each call leases a connection from the backend's pool (pool.h);
// one thread at a time. The read-modify-write of a game's end is rating_rows.h's.

#include "storage/postgres/pool.h"
#include "storage/stores.h"

#include <memory>

namespace storage::postgres {

class PgRatingStore final : public RatingStore {
public:
    explicit PgRatingStore(std::shared_ptr<ConnectionPool> pool) : pool_(std::move(pool)) {}

    std::optional<RatingRow> find_rating(const RatingKey& key) override;
    std::vector<RatingRow> ratings_of(UserId user) override;
    void put_rating(const RatingRow& rating) override;
    std::vector<LeaderboardRow> leaderboard(const LeaderboardQuery& query) override;

private:
    std::shared_ptr<ConnectionPool> pool_;
};

} // namespace storage::postgres
