#pragma once
// Reading and writing rating rows on a connection, for the rating store and for whoever stores
// a game's end (the game writer): a rating update is a read-modify-write, and several nodes
// may finish games of the same player at once.
//
// Row locks, not serialisable transactions: lock_ratings takes the players' `users` rows FOR
// NO KEY UPDATE, in id order (no deadlock between two games of the same players), inside the
// caller's transaction, before reading their ratings. A second update of any of those players
// waits for the first to commit and then reads what it wrote. The users row is locked, not the
// rating row, because a player's first rated game has no rating row yet to lock; NO KEY UPDATE
// leaves inserts that only reference the user (sessions, games) unblocked. Nothing is retried.

#include "storage/postgres/connection.h"
#include "storage/records.h"

#include <optional>
#include <vector>

namespace storage::postgres {

// The column list read_rating_row takes, prefixed by the table's alias `r`.
inline constexpr const char* rating_columns =
    "r.user_id, r.variant, r.speed, r.rating, r.deviation, r.volatility, r.games, r.updated_at";

RatingRow read_rating_row(const Result& r, int row);

std::optional<RatingRow> find_rating_on(Connection& db, const RatingKey& key);
// Insert or replace.
void put_rating_on(Connection& db, const RatingRow& rating);

// Inside a transaction: locks the players of `keys` (above), then reads their ratings,
// `current[i]` for `keys[i]` (nullopt: none yet). Write the new rows with put_rating_on and
// commit to release the locks.
std::vector<std::optional<RatingRow>> lock_ratings(Connection& db,
                                                   const std::vector<RatingKey>& keys);

} // namespace storage::postgres
