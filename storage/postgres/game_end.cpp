#include "storage/postgres/game_end.h"

#include "storage/postgres/game_rows.h"
#include "storage/postgres/ladder_rows.h"
#include "storage/postgres/rating_rows.h"

#include <cstddef>
#include <optional>
#include <string>

namespace storage::postgres {
namespace {

bool end_stored(Connection& db, const GameEnd& end) {
    const auto r =
        db.run("SELECT 1 FROM games WHERE id = $1 AND ended_at = $2 AND result = $3 "
               "AND termination = $4",
               Params().add(end.game_id).add(end.ended_at).add(end.result).add(end.termination));
    return r.rows() == 1;
}

// The places of a game of more than two players: one per seat, each from 1 to the seats.
void write_places(Connection& db, const GameEnd& end) {
    const auto count =
        db.run("SELECT count(*) FROM game_seats WHERE game_id = $1", Params().add(end.game_id));
    const int seats = static_cast<int>(count.integer(0, 0));
    if (seats <= 2)
        throw StorageError("a two-player game stores no places (its result says who won)");
    if (static_cast<int>(end.places.size()) != seats)
        throw StorageError("game " + std::to_string(end.game_id) + " has " + std::to_string(seats) +
                           " seats, not " + std::to_string(end.places.size()) + " places");
    for (const int place : end.places)
        if (place < 1 || place > seats)
            throw StorageError("a place is from 1 to " + std::to_string(seats) + ", not " +
                               std::to_string(place));
    for (int seat = 0; seat < seats; ++seat)
        db.run("UPDATE game_seats SET place = $3 WHERE game_id = $1 AND seat = $2",
               Params().add(end.game_id).add(seat).add(end.places[static_cast<std::size_t>(seat)]));
}

// What decides the challenge of the game just ended, with the ladder's row locked (the lock
// every writer of a ladder takes first: ladder_rows.h); nullopt when the game names no challenge or its
// challenge is no longer accepted.
std::optional<LadderGameEnd> read_ladder_game_end(Connection& db, GameId game) {
    const auto link = db.run("SELECT ladder_id, ladder_challenge_id FROM games WHERE id = $1",
                             Params().add(game));
    if (link.rows() == 0 || link.is_null(0, 0) || link.is_null(0, 1))
        return std::nullopt;
    const LadderId ladder_id = link.integer(0, 0);
    const ChallengeId challenge_id = link.integer(0, 1);
    const auto ladder = db.run("SELECT id, name, variant, time_control, max_rungs_up, "
                               "response_time_ms, organiser_user_id, created_at FROM ladders "
                               "WHERE id = $1 FOR UPDATE",
                               Params().add(ladder_id));
    if (ladder.rows() == 0)
        return std::nullopt;
    const auto challenge = db.run("SELECT id, ladder_id, challenger_user_id, challenged_user_id, "
                                  "created_at, deadline_at, game_id, status FROM "
                                  "ladder_challenges WHERE id = $1 AND ladder_id = $2",
                                  Params().add(challenge_id).add(ladder_id));
    if (challenge.rows() == 0 || challenge.text(0, 7) != "accepted")
        return std::nullopt;
    LadderGameEnd end;
    end.ladder = LadderRow{.id = ladder.integer(0, 0),
                           .name = ladder.text(0, 1),
                           .variant = ladder.text(0, 2),
                           .time_control = ladder.text(0, 3),
                           .max_rungs_up = static_cast<int>(ladder.integer(0, 4)),
                           .response_time = Millis(ladder.integer(0, 5)),
                           .organiser_user_id = ladder.optional_integer(0, 6),
                           .created_at = ladder.time(0, 7)};
    end.challenge = LadderChallengeRow{.id = challenge.integer(0, 0),
                                       .ladder_id = challenge.integer(0, 1),
                                       .challenger_user_id = challenge.integer(0, 2),
                                       .challenged_user_id = challenge.integer(0, 3),
                                       .created_at = challenge.time(0, 4),
                                       .deadline_at = challenge.time(0, 5),
                                       .game_id = challenge.optional_integer(0, 6),
                                       .status = challenge.text(0, 7)};
    end.top_first = read_top_first(db, ladder_id);
    auto row = read_game(db, game);
    if (!row)
        return std::nullopt;
    end.game = std::move(*row);
    const auto moves = db.run("SELECT count(*) FROM moves WHERE game_id = $1", Params().add(game));
    end.moves = static_cast<int>(moves.integer(0, 0));
    return end;
}

std::vector<RatingRow> stored_ratings(Connection& db, const std::vector<RatingKey>& keys) {
    std::vector<RatingRow> rows;
    for (const auto& key : keys)
        if (auto row = find_rating_on(db, key))
            rows.push_back(std::move(*row));
    return rows;
}

} // namespace

std::vector<RatingRow> write_game_end(Connection& db, const FinishGame& finish,
                                      const LadderDecider& decide, bool retrying) {
    const GameEnd& end = finish.end;
    if (end.result.empty())
        throw StorageError("a finished game needs a result");
    const auto ended =
        db.run("UPDATE games SET ended_at = $2, result = $3, termination = $4 "
               "WHERE id = $1 AND ended_at IS NULL",
               Params().add(end.game_id).add(end.ended_at).add(end.result).add(end.termination));
    if (ended.affected() == 0) {
        // (The UPDATE waited for a transaction ending the game; this statement sees its end.)
        if (retrying && end_stored(db, end))
            return finish.rate ? stored_ratings(db, finish.rated_players)
                               : std::vector<RatingRow>{};
        throw StorageError("game " + std::to_string(end.game_id) + " is not in progress");
    }
    // An ended game needs no way back for its guests: their token hashes go.
    db.run("UPDATE game_seats SET guest_token_hash = '' WHERE game_id = $1",
           Params().add(end.game_id));
    if (!end.places.empty())
        write_places(db, end);
    if (decide) {
        if (const auto ladder_end = read_ladder_game_end(db, end.game_id))
            if (const auto change = decide(*ladder_end))
                write_ladder_change(db, *change); // refused whole if the standings moved
    }
    if (!finish.rate || finish.rated_players.empty())
        return {};
    const auto current = lock_ratings(db, finish.rated_players);
    auto written = finish.rate(current);
    for (const auto& row : written)
        put_rating_on(db, row);
    return written;
}

} // namespace storage::postgres
