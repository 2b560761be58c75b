#include "storage/postgres/rating_rows.h"

#include <algorithm>
#include <string>

namespace storage::postgres {

RatingRow read_rating_row(const Result& r, int row) {
    return RatingRow{
        .key = {.user_id = r.integer(row, 0), .variant = r.text(row, 1), .speed = r.text(row, 2)},
        .rating = r.real(row, 3),
        .deviation = r.real(row, 4),
        .volatility = r.real(row, 5),
        .games = static_cast<int>(r.integer(row, 6)),
        .updated_at = r.time(row, 7)};
}

std::optional<RatingRow> find_rating_on(Connection& db, const RatingKey& key) {
    const auto r = db.run(std::string("SELECT ") + rating_columns +
                              " FROM ratings r WHERE user_id = $1 AND variant = $2 AND speed = $3",
                          Params().add(key.user_id).add(key.variant).add(key.speed));
    if (r.rows() == 0)
        return std::nullopt;
    return read_rating_row(r, 0);
}

void put_rating_on(Connection& db, const RatingRow& rating) {
    db.run("INSERT INTO ratings (user_id, variant, speed, rating, deviation, volatility, games, "
           "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
           "ON CONFLICT (user_id, variant, speed) DO UPDATE SET rating = excluded.rating, "
           "deviation = excluded.deviation, volatility = excluded.volatility, "
           "games = excluded.games, updated_at = excluded.updated_at",
           Params()
               .add(rating.key.user_id)
               .add(rating.key.variant)
               .add(rating.key.speed)
               .add(rating.rating)
               .add(rating.deviation)
               .add(rating.volatility)
               .add(rating.games)
               .add(rating.updated_at));
}

std::vector<std::optional<RatingRow>> lock_ratings(Connection& db,
                                                   const std::vector<RatingKey>& keys) {
    std::vector<UserId> users;
    for (const auto& key : keys)
        users.push_back(key.user_id);
    std::sort(users.begin(), users.end());
    users.erase(std::unique(users.begin(), users.end()), users.end());
    std::string list = "{";
    for (const UserId user : users) {
        if (list.size() > 1)
            list += ',';
        list += std::to_string(user);
    }
    list += "}";
    db.run("SELECT id FROM users WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE",
           Params().add(list));
    std::vector<std::optional<RatingRow>> current;
    current.reserve(keys.size());
    for (const auto& key : keys)
        current.push_back(find_rating_on(db, key));
    return current;
}

} // namespace storage::postgres
