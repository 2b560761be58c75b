#include "storage/sqlite/sqlite_game_store.h"

#include "storage/sqlite/game_rows.h"

#include <cstddef>
#include <limits>

namespace storage::sqlite {

std::optional<GameWithMoves> SqliteGameStore::find_game(GameId id) {
    Transaction snapshot(db_, TransactionKind::Read); // the game and its moves from one snapshot
    std::optional<GameWithMoves> found;
    if (auto game = read_game(db_, id))
        found = GameWithMoves{*game, read_moves(db_, id), read_leaves(db_, id)};
    snapshot.commit();
    return found;
}

std::vector<GameRow> SqliteGameStore::history(UserId user, const HistoryQuery& query) {
    // The union of three index range scans (as white, as black, in a seat beyond two), newest
    // id first.
    auto s = db_.prepare(select_games(
        "WHERE id IN (SELECT id FROM games WHERE white_user_id = ?1 AND id < ?2 "
        "UNION ALL SELECT id FROM games WHERE black_user_id = ?1 AND id < ?2 "
        "UNION ALL SELECT game_id FROM game_seats WHERE user_id = ?1 AND game_id < ?2) "
        "ORDER BY id DESC LIMIT ?3"));
    const GameId before = query.before_game_id.value_or(std::numeric_limits<GameId>::max());
    s.bind_int(1, user).bind_int(2, before).bind_int(3, query.limit < 0 ? 0 : query.limit);
    std::vector<GameRow> games;
    std::vector<bool> beyond_two;
    while (s.step()) {
        games.push_back(game_from_row(s));
        beyond_two.push_back(has_seats_beyond_two(s));
    }
    s.reset();
    for (std::size_t i = 0; i < games.size(); ++i)
        complete_game(db_, games[i], beyond_two[i]);
    return games;
}

int SqliteGameStore::count_games(UserId user) {
    auto s = db_.prepare("SELECT count(*) FROM games WHERE white_user_id = ?1 OR "
                         "black_user_id = ?1 OR id IN (SELECT game_id FROM game_seats "
                         "WHERE user_id = ?1)");
    s.bind_int(1, user);
    if (!s.step())
        return 0;
    return static_cast<int>(s.column_int(0));
}

std::vector<GameWithMoves> SqliteGameStore::load_unfinished_games() {
    return read_unfinished_games(db_);
}

} // namespace storage::sqlite
