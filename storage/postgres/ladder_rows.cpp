#include "storage/postgres/ladder_rows.h"

#include <cstdint>

namespace storage::postgres {
namespace {

// Writes a change ladder_change_refusal found nothing against.
void write_checked_ladder_change(Connection& db, const LadderChange& change) {
    for (const auto& [row, from] : change.challenges) {
        // The WHERE on the status keeps a change whole even for a caller that did not check.
        const auto updated =
            db.run("UPDATE ladder_challenges SET deadline_at = $2, game_id = $3, status = $4 "
                   "WHERE id = $1 AND ladder_id = $5 AND status = $6",
                   Params()
                       .add(row.id)
                       .add(row.deadline_at)
                       .add(row.game_id)
                       .add(row.status)
                       .add(change.ladder_id)
                       .add(from));
        if (updated.affected() == 0)
            throw StorageError("ladder " + std::to_string(change.ladder_id) + " challenge " +
                               std::to_string(row.id) + " is no longer " + from);
    }
    if (change.top_first) {
        // Rewriting the whole list keeps UNIQUE (ladder, rung) true at every statement.
        db.run("DELETE FROM ladder_rungs WHERE ladder_id = $1", Params().add(change.ladder_id));
        std::int64_t rung = 1;
        for (const UserId user : *change.top_first)
            db.run("INSERT INTO ladder_rungs (ladder_id, user_id, rung) VALUES ($1, $2, $3)",
                   Params().add(change.ladder_id).add(user).add(rung++));
    }
    for (const auto& h : change.history)
        db.run("INSERT INTO ladder_history (ladder_id, user_id, at, event, rung_before, "
               "rung_after, challenge_id) VALUES ($1, $2, $3, $4, $5, $6, $7)",
               Params()
                   .add(change.ladder_id)
                   .add(h.user_id)
                   .add(h.at)
                   .add(h.event)
                   .add(h.rung_before)
                   .add(h.rung_after)
                   .add(h.challenge_id));
}

} // namespace

bool lock_ladder(Connection& db, LadderId ladder) {
    return db.run("SELECT id FROM ladders WHERE id = $1 FOR UPDATE", Params().add(ladder)).rows() >
           0;
}

std::vector<UserId> read_top_first(Connection& db, LadderId ladder) {
    const auto r = db.run("SELECT user_id FROM ladder_rungs WHERE ladder_id = $1 ORDER BY rung",
                          Params().add(ladder));
    std::vector<UserId> users;
    users.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        users.push_back(r.integer(i, 0));
    return users;
}

std::optional<std::string> ladder_change_refusal(Connection& db, const LadderChange& change) {
    const std::string ladder = "ladder " + std::to_string(change.ladder_id);
    for (const auto& [row, from] : change.challenges) {
        const auto stored = db.run("SELECT ladder_id, status FROM ladder_challenges "
                                   "WHERE id = $1",
                                   Params().add(row.id));
        if (stored.rows() == 0 || stored.integer(0, 0) != change.ladder_id ||
            stored.text(0, 1) != from)
            return ladder + " challenge " + std::to_string(row.id) + " is no longer " + from;
    }
    if (change.computed_from && read_top_first(db, change.ladder_id) != *change.computed_from)
        return ladder + ": the standings changed since the change was computed";
    return std::nullopt;
}

void write_ladder_change(Connection& db, const LadderChange& change) {
    if (const auto refusal = ladder_change_refusal(db, change))
        throw StorageError(*refusal);
    write_checked_ladder_change(db, change);
}

bool try_write_ladder_change(Connection& db, const LadderChange& change) {
    if (ladder_change_refusal(db, change))
        return false;
    write_checked_ladder_change(db, change);
    return true;
}

} // namespace storage::postgres
