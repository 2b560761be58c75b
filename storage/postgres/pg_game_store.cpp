#include "storage/postgres/pg_game_store.h"

#include "storage/postgres/game_rows.h"

#include <cstddef>
#include <limits>

namespace storage::postgres {

std::optional<GameWithMoves> PgGameStore::find_game(GameId id) {
    auto db = pool_->lease();
    const Snapshot snapshot(*db);
    auto game = read_game(*db, id);
    if (!game)
        return std::nullopt;
    return GameWithMoves{*game, read_moves(*db, id), read_leaves(*db, id)};
}

std::vector<GameRow> PgGameStore::history(UserId user, const HistoryQuery& query) {
    auto db = pool_->lease();
    const Snapshot snapshot(*db);
    const GameId before = query.before_game_id.value_or(std::numeric_limits<GameId>::max());
    // One range scan of game_seats_by_user (the user at any seat), newest id first.
    const auto r = db->run(select_games("WHERE id IN (SELECT game_id FROM game_seats WHERE "
                                        "user_id = $1 AND game_id < $2) ORDER BY id DESC LIMIT $3"),
                           Params().add(user).add(before).add(query.limit < 0 ? 0 : query.limit));
    std::vector<GameRow> games;
    games.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        games.push_back(game_from_row(r, i));
    for (auto& game : games)
        read_seats(*db, game);
    return games;
}

int PgGameStore::count_games(UserId user) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT count(DISTINCT game_id) FROM game_seats WHERE user_id = $1",
                           Params().add(user));
    return static_cast<int>(r.integer(0, 0));
}

std::vector<GameWithMoves> PgGameStore::load_unfinished_games() {
    auto db = pool_->lease();
    const Snapshot snapshot(*db); // games and moves from one snapshot
    const auto r = db->run(select_games("WHERE ended_at IS NULL ORDER BY id"));
    std::vector<GameWithMoves> games;
    games.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        games.push_back(GameWithMoves{game_from_row(r, i), {}, {}});
    for (auto& g : games) {
        read_seats(*db, g.game);
        g.moves = read_moves(*db, g.game.id);
        g.leaves = read_leaves(*db, g.game.id);
    }
    return games;
}

} // namespace storage::postgres
