#include "storage/sqlite/game_rows.h"

#include <cstddef>
#include <utility>

namespace storage::sqlite {

namespace {

constexpr const char* game_columns =
    "id, variant, start_position, white_user_id, black_user_id, white_name, black_name, "
    "time_control, rated, table_code, started_at, ended_at, result, termination, is_public, "
    "ladder_id, ladder_challenge_id, (SELECT c.challenger_user_id FROM ladder_challenges c "
    "WHERE c.id = games.ladder_challenge_id), white_guest_token_hash, black_guest_token_hash, "
    "white_place, black_place, (SELECT count(*) FROM game_seats WHERE game_id = games.id)";

// Seats 2.. of a game of more than two players, and their places once it has ended.
void read_seats_beyond_two(Connection& db, GameRow& game) {
    auto s = db.prepare("SELECT user_id, name, guest_token_hash, place FROM game_seats "
                        "WHERE game_id = ?1 ORDER BY seat");
    s.bind_int(1, game.id);
    std::vector<int> places;
    while (s.step()) {
        game.seats_beyond_two.push_back(SeatRow{.user_id = s.column_optional_int(0),
                                                .name = s.column_text(1),
                                                .guest_token_hash = s.column_text(2)});
        if (!s.column_is_null(3))
            places.push_back(static_cast<int>(s.column_int(3)));
    }
    // The places of seats 0 and 1 were read from games; all or none are stored.
    if (game.places.size() == 2 && places.size() == game.seats_beyond_two.size())
        game.places.insert(game.places.end(), places.begin(), places.end());
    else
        game.places.clear();
}

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
    if (!s.column_is_null(20) && !s.column_is_null(21))
        game.places = {static_cast<int>(s.column_int(20)), static_cast<int>(s.column_int(21))};
    return game;
}

bool has_seats_beyond_two(const Statement& s) {
    return s.column_int(22) > 0;
}

void complete_game(Connection& db, GameRow& game, bool seats_beyond_two) {
    if (seats_beyond_two)
        read_seats_beyond_two(db, game);
    else
        game.places.clear(); // a two-player game has no places
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
    const bool beyond_two = has_seats_beyond_two(s);
    s.reset();
    complete_game(db, game, beyond_two);
    return game;
}

// A game's moves are in `moves` and, the latest of them, in the writer's journal (migration 6):
// each row in exactly one of the two, so one statement (one snapshot) reads both.
std::vector<MoveRow> read_moves(Connection& db, GameId id) {
    auto s = db.prepare("SELECT ply, move, white_ms, black_ms, at_ms, seat2_ms, seat3_ms, "
                        "seat4_ms, seat5_ms FROM moves WHERE game_id = ?1 UNION ALL "
                        "SELECT ply, move, white_ms, black_ms, at_ms, seat2_ms, seat3_ms, "
                        "seat4_ms, seat5_ms FROM move_journal WHERE game_id = ?1 ORDER BY ply");
    s.bind_int(1, id);
    std::vector<MoveRow> moves;
    while (s.step()) {
        MoveRow move{.ply = static_cast<int>(s.column_int(0)),
                     .move = s.column_text(1),
                     .white_remaining = Millis(s.column_int(2)),
                     .black_remaining = Millis(s.column_int(3)),
                     .at = s.column_time(4)};
        // The schema keeps the extra clocks a prefix (migration 4's CHECK).
        for (int i = 0; i < max_seats_beyond_two && !s.column_is_null(5 + i); ++i)
            move.beyond_two_remaining[static_cast<std::size_t>(move.beyond_two_count++)] =
                Millis(s.column_int(5 + i));
        moves.push_back(std::move(move));
    }
    return moves;
}

std::vector<LeaveRow> read_leaves(Connection& db, GameId id) {
    auto s = db.prepare("SELECT seat, ply, at_ms, reason FROM game_leaves WHERE game_id = ?1 "
                        "ORDER BY ordinal");
    s.bind_int(1, id);
    std::vector<LeaveRow> leaves;
    while (s.step())
        leaves.push_back(LeaveRow{.seat = static_cast<int>(s.column_int(0)),
                                  .ply = static_cast<int>(s.column_int(1)),
                                  .at = s.column_time(2),
                                  .reason = s.column_text(3)});
    return leaves;
}

std::vector<GameWithMoves> read_unfinished_games(Connection& db) {
    Transaction snapshot(db, TransactionKind::Read); // games and moves from one snapshot
    std::vector<GameWithMoves> games;
    std::vector<bool> beyond_two;
    auto s = db.prepare(select_games("WHERE ended_at IS NULL ORDER BY id"));
    while (s.step()) {
        games.push_back(GameWithMoves{game_from_row(s), {}, {}});
        beyond_two.push_back(has_seats_beyond_two(s));
    }
    for (std::size_t i = 0; i < games.size(); ++i) {
        auto& g = games[i];
        complete_game(db, g.game, beyond_two[i]);
        g.moves = read_moves(db, g.game.id);
        if (beyond_two[i])
            g.leaves = read_leaves(db, g.game.id);
    }
    snapshot.commit();
    return games;
}

} // namespace storage::sqlite
