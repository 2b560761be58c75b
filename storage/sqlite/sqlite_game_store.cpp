#include "storage/sqlite/sqlite_game_store.h"

#include "storage/sqlite/game_rows.h"

#include <limits>

namespace storage::sqlite {

std::optional<GameWithMoves> SqliteGameStore::find_game(GameId id) {
    db_.exec("BEGIN"); // the game and its moves from one snapshot
    try {
        std::optional<GameWithMoves> found;
        if (auto game = read_game(db_, id))
            found = GameWithMoves{*game, read_moves(db_, id)};
        db_.exec("COMMIT");
        return found;
    } catch (...) {
        db_.exec("ROLLBACK");
        throw;
    }
}

std::vector<GameRow> SqliteGameStore::history(UserId user, const HistoryQuery& query) {
    // The union of two index range scans (as white, as black), newest id first.
    auto s = db_.prepare(
        select_games("WHERE id IN (SELECT id FROM games WHERE white_user_id = ?1 AND id < ?2 "
                     "UNION ALL SELECT id FROM games WHERE black_user_id = ?1 AND id < ?2) "
                     "ORDER BY id DESC LIMIT ?3"));
    const GameId before = query.before_game_id.value_or(std::numeric_limits<GameId>::max());
    s.bind_int(1, user).bind_int(2, before).bind_int(3, query.limit < 0 ? 0 : query.limit);
    std::vector<GameRow> games;
    while (s.step())
        games.push_back(game_from_row(s));
    return games;
}

int SqliteGameStore::count_games(UserId user) {
    auto s = db_.prepare("SELECT count(*) FROM games WHERE white_user_id = ?1 OR "
                         "black_user_id = ?1");
    s.bind_int(1, user);
    if (!s.step())
        return 0;
    return static_cast<int>(s.column_int(0));
}

std::vector<GameWithMoves> SqliteGameStore::load_unfinished_games() {
    return read_unfinished_games(db_);
}

} // namespace storage::sqlite
