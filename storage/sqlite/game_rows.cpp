#include "storage/sqlite/game_rows.h"

#include <utility>

namespace storage::sqlite {

namespace {

constexpr const char* game_columns =
    "id, variant, start_position, time_control, rated, table_code, started_at, ended_at, result, "
    "termination, is_public, ladder_id, ladder_challenge_id, (SELECT c.challenger_user_id FROM "
    "ladder_challenges c WHERE c.id = games.ladder_challenge_id)";

} // namespace

GameRow game_from_row(const Statement& s) {
    GameRow game;
    game.id = s.column_int(0);
    game.variant = s.column_text(1);
    game.start_position = s.column_text(2);
    game.time_control = s.column_text(3);
    game.rated = s.column_int(4) != 0;
    game.table_code = s.column_text(5);
    game.started_at = s.column_time(6);
    if (!s.column_is_null(7))
        game.ended_at = s.column_time(7);
    game.result = s.column_text(8);
    game.termination = s.column_text(9);
    game.is_public = s.column_int(10) != 0;
    const auto ladder = s.column_optional_int(11);
    const auto challenge = s.column_optional_int(12);
    const auto challenger = s.column_optional_int(13);
    if (ladder && challenge && challenger)
        game.ladder = GameLadderLink{
            .ladder_id = *ladder, .challenge_id = *challenge, .challenger_user_id = *challenger};
    return game;
}

void read_seats(Connection& db, GameRow& game) {
    auto s = db.prepare("SELECT user_id, name, guest_token_hash, place FROM game_seats "
                        "WHERE game_id = ?1 ORDER BY seat");
    s.bind_int(1, game.id);
    game.seats.clear();
    while (s.step()) {
        const auto place = s.column_optional_int(3);
        game.seats.push_back(
            SeatRow{.user_id = s.column_optional_int(0),
                    .name = s.column_text(1),
                    .guest_token_hash = s.column_text(2),
                    .place = place ? std::optional<int>(static_cast<int>(*place)) : std::nullopt});
    }
}

std::string select_games(std::string_view where_and_order) {
    return std::string("SELECT ") + game_columns + " FROM games " + std::string(where_and_order);
}

std::optional<GameRow> read_game(Connection& db, GameId id) {
    auto s = db.prepare(select_games("WHERE id = ?1"));
    s.bind_int(1, id);
    if (!s.step())
        return std::nullopt;
    auto game = game_from_row(s);
    s.reset();
    read_seats(db, game);
    return game;
}

// A game's moves are in `moves` and, the latest of them, in the writer's journal (migration 6):
// each row in exactly one of the two, so one statement (one snapshot) reads both.
std::vector<MoveRow> read_moves(Connection& db, GameId id) {
    auto s = db.prepare("SELECT ply, move, seat, remaining_ms, at_ms FROM moves WHERE game_id = ?1 "
                        "UNION ALL SELECT ply, move, seat, remaining_ms, at_ms FROM move_journal "
                        "WHERE game_id = ?1 ORDER BY ply");
    s.bind_int(1, id);
    std::vector<MoveRow> moves;
    while (s.step())
        moves.push_back(MoveRow{.ply = static_cast<int>(s.column_int(0)),
                                .move = s.column_text(1),
                                .seat = static_cast<int>(s.column_int(2)),
                                .remaining = Millis(s.column_int(3)),
                                .at = s.column_time(4)});
    return moves;
}

std::vector<LeaveRow> read_leaves(Connection& db, GameId id) {
    auto s = db.prepare("SELECT seat, ply, at_ms, reason, remaining_ms FROM game_leaves "
                        "WHERE game_id = ?1 ORDER BY ordinal");
    s.bind_int(1, id);
    std::vector<LeaveRow> leaves;
    while (s.step()) {
        const auto remaining = s.column_optional_int(4);
        leaves.push_back(LeaveRow{.seat = static_cast<int>(s.column_int(0)),
                                  .ply = static_cast<int>(s.column_int(1)),
                                  .at = s.column_time(2),
                                  .reason = s.column_text(3),
                                  .remaining = remaining ? std::optional<Millis>(Millis(*remaining))
                                                         : std::nullopt});
    }
    return leaves;
}

std::vector<GameWithMoves> read_unfinished_games(Connection& db) {
    Transaction snapshot(db, TransactionKind::Read); // games and moves from one snapshot
    std::vector<GameWithMoves> games;
    auto s = db.prepare(select_games("WHERE ended_at IS NULL ORDER BY id"));
    while (s.step())
        games.push_back(GameWithMoves{game_from_row(s), {}, {}});
    s.reset();
    for (auto& g : games) {
        read_seats(db, g.game);
        g.moves = read_moves(db, g.game.id);
        g.leaves = read_leaves(db, g.game.id);
    }
    snapshot.commit();
    return games;
}

} // namespace storage::sqlite
