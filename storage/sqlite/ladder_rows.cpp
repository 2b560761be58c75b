#include "storage/sqlite/ladder_rows.h"

#include "storage/errors.h"
#include "storage/sqlite/game_rows.h"

#include <string>

namespace storage::sqlite {
namespace {

// The moves stored for a game, in `moves` and in the journal not yet merged.
int count_moves(Connection& db, GameId game) {
    auto s = db.prepare("SELECT (SELECT count(*) FROM moves WHERE game_id = ?1) + "
                        "(SELECT count(*) FROM move_journal WHERE game_id = ?1)");
    s.bind_int(1, game);
    return s.step() ? static_cast<int>(s.column_int(0)) : 0;
}

} // namespace

LadderRow ladder_from_row(const Statement& s) {
    return LadderRow{.id = s.column_int(0),
                     .name = s.column_text(1),
                     .variant = s.column_text(2),
                     .time_control = s.column_text(3),
                     .max_rungs_up = static_cast<int>(s.column_int(4)),
                     .response_time = Millis(s.column_int(5)),
                     .organiser_user_id = s.column_optional_int(6),
                     .created_at = s.column_time(7)};
}

LadderChallengeRow challenge_from_row(const Statement& s) {
    return LadderChallengeRow{.id = s.column_int(0),
                              .ladder_id = s.column_int(1),
                              .challenger_user_id = s.column_int(2),
                              .challenged_user_id = s.column_int(3),
                              .created_at = s.column_time(4),
                              .deadline_at = s.column_time(5),
                              .game_id = s.column_optional_int(6),
                              .status = s.column_text(7)};
}

std::optional<LadderRow> read_ladder_row(Connection& db, LadderId id) {
    auto s = db.prepare(std::string("SELECT ") + ladder_columns + " FROM ladders WHERE id = ?1");
    s.bind_int(1, id);
    if (!s.step())
        return std::nullopt;
    return ladder_from_row(s);
}

std::optional<LadderChallengeRow> read_challenge_row(Connection& db, ChallengeId id) {
    auto s = db.prepare(std::string("SELECT ") + challenge_columns +
                        " FROM ladder_challenges WHERE id = ?1");
    s.bind_int(1, id);
    if (!s.step())
        return std::nullopt;
    return challenge_from_row(s);
}

std::vector<UserId> read_top_first(Connection& db, LadderId ladder) {
    auto s = db.prepare("SELECT user_id FROM ladder_rungs WHERE ladder_id = ?1 ORDER BY rung");
    s.bind_int(1, ladder);
    std::vector<UserId> users;
    while (s.step())
        users.push_back(s.column_int(0));
    return users;
}

namespace {

// Writes a change ladder_change_refusal found nothing against.
void write_ladder_rows(Connection& db, const LadderChange& change) {
    // The challenges first: the WHERE on their status keeps a change whole even for a caller
    // that did not check first.
    auto update = db.prepare("UPDATE ladder_challenges SET deadline_at = ?2, game_id = ?3, "
                             "status = ?4 WHERE id = ?1 AND ladder_id = ?5 AND status = ?6");
    for (const auto& [row, from] : change.challenges) {
        update.reset();
        update.bind_int(1, row.id).bind_time(2, row.deadline_at).bind_optional_int(3, row.game_id);
        update.bind_text(4, row.status).bind_int(5, change.ladder_id).bind_text(6, from).run();
        if (db.changes() == 0)
            throw StorageError("ladder " + std::to_string(change.ladder_id) + " challenge " +
                               std::to_string(row.id) + " is no longer " + from);
    }
    if (change.top_first) {
        // Rewriting the whole list keeps UNIQUE (ladder, rung) true at every statement.
        db.prepare("DELETE FROM ladder_rungs WHERE ladder_id = ?1")
            .bind_int(1, change.ladder_id)
            .run();
        auto insert =
            db.prepare("INSERT INTO ladder_rungs (ladder_id, user_id, rung) VALUES (?1, ?2, ?3)");
        std::int64_t rung = 1;
        for (const UserId user : *change.top_first) {
            insert.reset();
            insert.bind_int(1, change.ladder_id).bind_int(2, user).bind_int(3, rung++).run();
        }
    }
    auto add = db.prepare("INSERT INTO ladder_history (ladder_id, user_id, at, event, "
                          "rung_before, rung_after, challenge_id) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    for (const auto& h : change.history) {
        add.reset();
        add.bind_int(1, change.ladder_id).bind_int(2, h.user_id).bind_time(3, h.at);
        add.bind_text(4, h.event).bind_int(5, h.rung_before).bind_int(6, h.rung_after);
        add.bind_optional_int(7, h.challenge_id).run();
    }
}

} // namespace

std::optional<std::string> ladder_change_refusal(Connection& db, const LadderChange& change) {
    const std::string ladder = "ladder " + std::to_string(change.ladder_id);
    for (const auto& [row, from] : change.challenges) {
        const auto stored = read_challenge_row(db, row.id);
        if (!stored || stored->ladder_id != change.ladder_id || stored->status != from)
            return ladder + " challenge " + std::to_string(row.id) + " is no longer " + from;
    }
    if (change.computed_from && read_top_first(db, change.ladder_id) != *change.computed_from)
        return ladder + ": the standings changed since the change was computed";
    return std::nullopt;
}

void write_ladder_change(Connection& db, const LadderChange& change) {
    if (const auto refusal = ladder_change_refusal(db, change))
        throw StorageError(*refusal);
    write_ladder_rows(db, change);
}

bool try_write_ladder_change(Connection& db, const LadderChange& change) {
    if (ladder_change_refusal(db, change))
        return false;
    write_ladder_rows(db, change);
    return true;
}

std::optional<LadderGameEnd> read_ladder_game_end(Connection& db, GameId game) {
    auto row = read_game(db, game);
    if (!row || !row->ladder)
        return std::nullopt;
    auto challenge = read_challenge_row(db, row->ladder->challenge_id);
    if (!challenge || challenge->status != "accepted")
        return std::nullopt;
    auto ladder = read_ladder_row(db, challenge->ladder_id);
    if (!ladder)
        return std::nullopt;
    LadderGameEnd end;
    end.top_first = read_top_first(db, ladder->id);
    end.ladder = std::move(*ladder);
    end.challenge = std::move(*challenge);
    end.moves = count_moves(db, game);
    end.game = std::move(*row);
    return end;
}

std::vector<AcceptedChallenge> read_accepted_challenges(Connection& db) {
    std::vector<AcceptedChallenge> accepted;
    {
        auto s = db.prepare(std::string("SELECT ") + challenge_columns +
                            " FROM ladder_challenges WHERE status = 'accepted' ORDER BY id");
        while (s.step())
            accepted.push_back(AcceptedChallenge{challenge_from_row(s), std::nullopt, 0});
    }
    // The newest row: a takeback closes a game's row and stores the game again in a new one.
    auto newest = db.prepare("SELECT max(id) FROM games WHERE ladder_challenge_id = ?1");
    for (auto& a : accepted) {
        newest.reset();
        newest.bind_int(1, a.challenge.id);
        if (!newest.step() || newest.column_is_null(0))
            continue;
        const GameId game = newest.column_int(0);
        newest.reset();
        a.game = read_game(db, game);
        a.moves = count_moves(db, game);
    }
    return accepted;
}

} // namespace storage::sqlite
