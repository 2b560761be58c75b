#include "storage/sqlite/sqlite_game_store.h"

#include "storage/sqlite/game_rows.h"

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
    // One range scan of game_seats_by_user (the user at any seat), newest id first; the games
    // and their seats from one snapshot.
    Transaction snapshot(db_, TransactionKind::Read);
    auto s = db_.prepare(select_games("WHERE id IN (SELECT game_id FROM game_seats WHERE "
                                      "user_id = ?1 AND game_id < ?2) ORDER BY id DESC LIMIT ?3"));
    const GameId before = query.before_game_id.value_or(std::numeric_limits<GameId>::max());
    s.bind_int(1, user).bind_int(2, before).bind_int(3, query.limit < 0 ? 0 : query.limit);
    std::vector<GameRow> games;
    while (s.step())
        games.push_back(game_from_row(s));
    s.reset();
    for (auto& game : games)
        read_seats(db_, game);
    snapshot.commit();
    return games;
}

int SqliteGameStore::count_games(UserId user) {
    auto s = db_.prepare("SELECT count(DISTINCT game_id) FROM game_seats WHERE user_id = ?1");
    s.bind_int(1, user);
    if (!s.step())
        return 0;
    return static_cast<int>(s.column_int(0));
}

std::vector<GameWithMoves> SqliteGameStore::load_unfinished_games() {
    return read_unfinished_games(db_);
}

} // namespace storage::sqlite
