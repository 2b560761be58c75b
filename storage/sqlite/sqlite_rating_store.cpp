#include "storage/sqlite/sqlite_rating_store.h"

namespace storage::sqlite {
namespace {

// Columns: user_id, variant, speed, rating, deviation, volatility, games, updated_at.
RatingRow read_rating(const Statement& s) {
    return RatingRow{
        .key = {.user_id = s.column_int(0), .variant = s.column_text(1), .speed = s.column_text(2)},
        .rating = s.column_double(3),
        .deviation = s.column_double(4),
        .volatility = s.column_double(5),
        .games = static_cast<int>(s.column_int(6)),
        .updated_at = s.column_time(7)};
}

constexpr const char* rating_columns =
    "r.user_id, r.variant, r.speed, r.rating, r.deviation, r.volatility, r.games, r.updated_at";

} // namespace

std::optional<RatingRow> find_rating_on(Connection& db, const RatingKey& key) {
    auto s = db.prepare(std::string("SELECT ") + rating_columns +
                        " FROM ratings r WHERE user_id = ?1 AND variant = ?2 AND speed = ?3");
    s.bind_int(1, key.user_id).bind_text(2, key.variant).bind_text(3, key.speed);
    if (!s.step())
        return std::nullopt;
    return read_rating(s);
}

void put_rating_on(Connection& db, const RatingRow& rating) {
    auto s = db.prepare("INSERT OR REPLACE INTO ratings (user_id, variant, speed, rating, "
                        "deviation, volatility, games, updated_at) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    s.bind_int(1, rating.key.user_id).bind_text(2, rating.key.variant);
    s.bind_text(3, rating.key.speed).bind_double(4, rating.rating);
    s.bind_double(5, rating.deviation).bind_double(6, rating.volatility);
    s.bind_int(7, rating.games).bind_time(8, rating.updated_at).run();
}

std::optional<RatingRow> SqliteRatingStore::find_rating(const RatingKey& key) {
    return find_rating_on(db_, key);
}

std::vector<RatingRow> SqliteRatingStore::ratings_of(UserId user) {
    auto s = db_.prepare(std::string("SELECT ") + rating_columns +
                         " FROM ratings r WHERE user_id = ?1 ORDER BY variant, speed");
    s.bind_int(1, user);
    std::vector<RatingRow> rows;
    while (s.step())
        rows.push_back(read_rating(s));
    return rows;
}

void SqliteRatingStore::put_rating(const RatingRow& rating) {
    put_rating_on(db_, rating);
}

std::vector<LeaderboardRow> SqliteRatingStore::leaderboard(const LeaderboardQuery& query) {
    // The grown RD is compared squared, so the query needs no square root; a rating updated
    // after `now` (a clock that went back) counts as not idle.
    auto s = db_.prepare(std::string("SELECT ") + rating_columns +
                         ", u.name FROM ratings r JOIN users u ON u.id = r.user_id "
                         "WHERE r.variant = ?1 AND r.speed = ?2 AND u.disabled = 0 "
                         "AND r.deviation * r.deviation + MAX(?4 - r.updated_at, 0) / 86400000.0 "
                         "* ?5 * r.volatility * r.volatility < ?3 * ?3 "
                         "ORDER BY r.rating DESC, u.name_key LIMIT ?6");
    s.bind_text(1, query.variant).bind_text(2, query.speed).bind_double(3, query.max_deviation);
    s.bind_time(4, query.now).bind_double(5, query.growth_per_day).bind_int(6, query.limit);
    std::vector<LeaderboardRow> rows;
    while (s.step())
        rows.push_back(LeaderboardRow{read_rating(s), s.column_text(8)});
    return rows;
}

} // namespace storage::sqlite
