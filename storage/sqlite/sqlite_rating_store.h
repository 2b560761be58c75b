#pragma once
// RatingStore on SQLite. Owns its connection; one thread at a time.

#include "storage/sqlite/connection.h"
#include "storage/stores.h"

namespace storage::sqlite {

class SqliteRatingStore final : public RatingStore {
public:
    explicit SqliteRatingStore(Connection connection) : db_(std::move(connection)) {}

    std::optional<RatingRow> find_rating(const RatingKey& key) override;
    std::vector<RatingRow> ratings_of(UserId user) override;
    void put_rating(const RatingRow& rating) override;
    std::vector<LeaderboardRow> leaderboard(const LeaderboardQuery& query) override;

private:
    Connection db_;
};

// Shared with the writer, which reads and writes ratings inside its own transactions.
std::optional<RatingRow> find_rating_on(Connection& db, const RatingKey& key);
void put_rating_on(Connection& db, const RatingRow& rating);

} // namespace storage::sqlite
