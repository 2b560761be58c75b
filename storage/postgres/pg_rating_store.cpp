#include "storage/postgres/pg_rating_store.h"

#include "storage/postgres/rating_rows.h"

#include <string>

namespace storage::postgres {

std::optional<RatingRow> PgRatingStore::find_rating(const RatingKey& key) {
    auto db = pool_->lease();
    return find_rating_on(*db, key);
}

std::vector<RatingRow> PgRatingStore::ratings_of(UserId user) {
    auto db = pool_->lease();
    const auto r = db->run(std::string("SELECT ") + rating_columns +
                               " FROM ratings r WHERE user_id = $1 "
                               "ORDER BY variant COLLATE \"C\", speed COLLATE \"C\"",
                           Params().add(user));
    std::vector<RatingRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(read_rating_row(r, i));
    return rows;
}

void PgRatingStore::put_rating(const RatingRow& rating) {
    auto db = pool_->lease();
    put_rating_on(*db, rating);
}

std::vector<LeaderboardRow> PgRatingStore::leaderboard(const LeaderboardQuery& query) {
    auto db = pool_->lease();
    // As SQLite's: the grown RD compared squared; a rating updated after `now` is not idle.
    const auto r = db->run(
        std::string("SELECT ") + rating_columns +
            ", u.name FROM ratings r JOIN users u ON u.id = r.user_id "
            "WHERE r.variant = $1 AND r.speed = $2 AND u.disabled = 0 "
            "AND r.deviation * r.deviation + GREATEST($4::bigint - r.updated_at, 0) "
            "/ 86400000.0::float8 * $5::float8 * r.volatility * r.volatility < $3::float8 * $3 "
            "ORDER BY r.rating DESC, u.name_key COLLATE \"C\" LIMIT $6",
        Params()
            .add(query.variant)
            .add(query.speed)
            .add(query.max_deviation)
            .add(query.now)
            .add(query.growth_per_day)
            .add(query.limit));
    std::vector<LeaderboardRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(LeaderboardRow{read_rating_row(r, i), r.text(i, 8)});
    return rows;
}

} // namespace storage::postgres
