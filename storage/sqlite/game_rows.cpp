#include "storage/sqlite/game_rows.h"

namespace storage::sqlite {

namespace {

constexpr const char* game_columns =
    "id, variant, start_position, white_user_id, black_user_id, white_name, black_name, "
    "time_control, rated, table_code, started_at, ended_at, result, termination, is_public, "
    "ladder_id, ladder_challenge_id, (SELECT c.challenger_user_id FROM ladder_challenges c "
    "WHERE c.id = games.ladder_challenge_id), white_guest_token_hash, black_guest_token_hash";

} // namespace

GameRow game_from_row(const Statement& s) {
    GameRow game;
    game.id = s.column_int(0);
    game.variant = s.column_text(1);
    game.start_position = s.column_text(2);
    game.white_user_id = s.column_optional_int(3);
    game.black_user_id = s.column_optional_int(4);
    game.white_name = s.column_text(5);
    game.black_name = s.column_text(6);
    game.time_control = s.column_text(7);
    game.rated = s.column_int(8) != 0;
    game.table_code = s.column_text(9);
    game.started_at = s.column_time(10);
    if (!s.column_is_null(11))
        game.ended_at = s.column_time(11);
    game.result = s.column_text(12);
    game.termination = s.column_text(13);
    game.is_public = s.column_int(14) != 0;
    const auto ladder = s.column_optional_int(15);
    const auto challenge = s.column_optional_int(16);
    const auto challenger = s.column_optional_int(17);
    if (ladder && challenge && challenger)
        game.ladder = GameLadderLink{
            .ladder_id = *ladder, .challenge_id = *challenge, .challenger_user_id = *challenger};
    game.white_guest_token_hash = s.column_text(18);
    game.black_guest_token_hash = s.column_text(19);
    return game;
}

std::string select_games(std::string_view where_and_order) {
    return std::string("SELECT ") + game_columns + " FROM games " + std::string(where_and_order);
}

std::optional<GameRow> read_game(Connection& db, GameId id) {
    auto s = db.prepare(select_games("WHERE id = ?1"));
    s.bind_int(1, id);
    if (!s.step())
        return std::nullopt;
    return game_from_row(s);
}

std::vector<MoveRow> read_moves(Connection& db, GameId id) {
    auto s = db.prepare("SELECT ply, move, white_ms, black_ms, at_ms FROM moves "
                        "WHERE game_id = ?1 ORDER BY ply");
    s.bind_int(1, id);
    std::vector<MoveRow> moves;
    while (s.step())
        moves.push_back(MoveRow{.ply = static_cast<int>(s.column_int(0)),
                                .move = s.column_text(1),
                                .white_remaining = Millis(s.column_int(2)),
                                .black_remaining = Millis(s.column_int(3)),
                                .at = s.column_time(4)});
    return moves;
}

std::vector<GameWithMoves> read_unfinished_games(Connection& db) {
    // One read transaction so that games and moves come from the same snapshot.
    db.exec("BEGIN");
    try {
        std::vector<GameWithMoves> games;
        auto s = db.prepare(select_games("WHERE ended_at IS NULL ORDER BY id"));
        while (s.step())
            games.push_back(GameWithMoves{game_from_row(s), {}});
        for (auto& g : games)
            g.moves = read_moves(db, g.game.id);
        db.exec("COMMIT");
        return games;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

} // namespace storage::sqlite
