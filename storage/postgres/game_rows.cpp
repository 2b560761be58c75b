#include "storage/postgres/game_rows.h"

namespace storage::postgres {
namespace {

constexpr const char* game_columns =
    "id, variant, start_position, time_control, rated, table_code, started_at, ended_at, result, "
    "termination, is_public, ladder_id, ladder_challenge_id, (SELECT c.challenger_user_id FROM "
    "ladder_challenges c WHERE c.id = games.ladder_challenge_id)";

std::optional<int> optional_int(const Result& r, int row, int column) {
    const auto value = r.optional_integer(row, column);
    return value ? std::optional<int>(static_cast<int>(*value)) : std::nullopt;
}

} // namespace

std::string select_games(std::string_view where_and_order) {
    return std::string("SELECT ") + game_columns + " FROM games " + std::string(where_and_order);
}

GameRow game_from_row(const Result& r, int row) {
    GameRow game;
    game.id = r.integer(row, 0);
    game.variant = r.text(row, 1);
    game.start_position = r.text(row, 2);
    game.time_control = r.text(row, 3);
    game.rated = r.integer(row, 4) != 0;
    game.table_code = r.text(row, 5);
    game.started_at = r.time(row, 6);
    if (!r.is_null(row, 7))
        game.ended_at = r.time(row, 7);
    game.result = r.text(row, 8);
    game.termination = r.text(row, 9);
    game.is_public = r.integer(row, 10) != 0;
    const auto ladder = r.optional_integer(row, 11);
    const auto challenge = r.optional_integer(row, 12);
    const auto challenger = r.optional_integer(row, 13);
    if (ladder && challenge && challenger)
        game.ladder = GameLadderLink{
            .ladder_id = *ladder, .challenge_id = *challenge, .challenger_user_id = *challenger};
    return game;
}

void read_seats(Connection& db, GameRow& game) {
    const auto r = db.run("SELECT user_id, name, guest_token_hash, place FROM game_seats "
                          "WHERE game_id = $1 ORDER BY seat",
                          Params().add(game.id));
    game.seats.clear();
    for (int i = 0; i < r.rows(); ++i)
        game.seats.push_back(SeatRow{.user_id = r.optional_integer(i, 0),
                                     .name = r.text(i, 1),
                                     .guest_token_hash = r.text(i, 2),
                                     .place = optional_int(r, i, 3)});
}

std::optional<GameRow> read_game(Connection& db, GameId id) {
    const auto r = db.run(select_games("WHERE id = $1"), Params().add(id));
    if (r.rows() == 0)
        return std::nullopt;
    auto game = game_from_row(r, 0);
    read_seats(db, game);
    return game;
}

std::vector<MoveRow> read_moves(Connection& db, GameId id) {
    const auto r = db.run("SELECT ply, move, seat, remaining_ms, at_ms FROM moves "
                          "WHERE game_id = $1 ORDER BY ply",
                          Params().add(id));
    std::vector<MoveRow> moves;
    moves.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        moves.push_back(MoveRow{.ply = static_cast<int>(r.integer(i, 0)),
                                .move = r.text(i, 1),
                                .seat = static_cast<int>(r.integer(i, 2)),
                                .remaining = Millis(r.integer(i, 3)),
                                .at = r.time(i, 4)});
    return moves;
}

std::vector<LeaveRow> read_leaves(Connection& db, GameId id) {
    const auto r = db.run("SELECT seat, ply, at_ms, reason, remaining_ms FROM game_leaves "
                          "WHERE game_id = $1 ORDER BY ordinal",
                          Params().add(id));
    std::vector<LeaveRow> leaves;
    for (int i = 0; i < r.rows(); ++i) {
        const auto remaining = r.optional_integer(i, 4);
        leaves.push_back(LeaveRow{.seat = static_cast<int>(r.integer(i, 0)),
                                  .ply = static_cast<int>(r.integer(i, 1)),
                                  .at = r.time(i, 2),
                                  .reason = r.text(i, 3),
                                  .remaining = remaining ? std::optional<Millis>(Millis(*remaining))
                                                         : std::nullopt});
    }
    return leaves;
}

Snapshot::Snapshot(Connection& db) : db_(db) {
    db_.exec("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
}

Snapshot::~Snapshot() {
    try {
        db_.exec("ROLLBACK"); // read only: nothing to keep
    } catch (const StorageError&) {
        // The connection is gone: the server ended the transaction, and the pool drops it.
    }
}

} // namespace storage::postgres
