#include "storage/postgres/pg_ladder_store.h"

#include "storage/postgres/game_rows.h"
#include "storage/postgres/ladder_rows.h"

#include <string>

namespace storage::postgres {
namespace {

constexpr const char* ladder_columns = "id, name, variant, time_control, max_rungs_up, "
                                       "response_time_ms, organiser_user_id, created_at";
constexpr const char* challenge_columns = "id, ladder_id, challenger_user_id, "
                                          "challenged_user_id, created_at, deadline_at, "
                                          "game_id, status";

std::vector<LadderRow> read_ladders(const Result& r) {
    std::vector<LadderRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(LadderRow{.id = r.integer(i, 0),
                                 .name = r.text(i, 1),
                                 .variant = r.text(i, 2),
                                 .time_control = r.text(i, 3),
                                 .max_rungs_up = static_cast<int>(r.integer(i, 4)),
                                 .response_time = Millis(r.integer(i, 5)),
                                 .organiser_user_id = r.optional_integer(i, 6),
                                 .created_at = r.time(i, 7)});
    return rows;
}

std::vector<LadderChallengeRow> read_challenges(const Result& r) {
    std::vector<LadderChallengeRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(LadderChallengeRow{.id = r.integer(i, 0),
                                          .ladder_id = r.integer(i, 1),
                                          .challenger_user_id = r.integer(i, 2),
                                          .challenged_user_id = r.integer(i, 3),
                                          .created_at = r.time(i, 4),
                                          .deadline_at = r.time(i, 5),
                                          .game_id = r.optional_integer(i, 6),
                                          .status = r.text(i, 7)});
    return rows;
}

} // namespace

std::optional<LadderId> PgLadderStore::create_ladder(const LadderRow& ladder) {
    auto db = pool_->lease();
    const auto r = db->run("INSERT INTO ladders (name, variant, time_control, max_rungs_up, "
                           "response_time_ms, organiser_user_id, created_at) "
                           "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING "
                           "RETURNING id",
                           Params()
                               .add(ladder.name)
                               .add(ladder.variant)
                               .add(ladder.time_control)
                               .add(ladder.max_rungs_up)
                               .add(static_cast<std::int64_t>(ladder.response_time.count()))
                               .add(ladder.organiser_user_id)
                               .add(ladder.created_at));
    if (r.rows() == 0)
        return std::nullopt;
    return r.integer(0, 0);
}

std::optional<LadderRow> PgLadderStore::find_ladder(LadderId id) {
    auto db = pool_->lease();
    auto rows = read_ladders(db->run(
        std::string("SELECT ") + ladder_columns + " FROM ladders WHERE id = $1", Params().add(id)));
    if (rows.empty())
        return std::nullopt;
    return std::move(rows.front());
}

std::vector<LadderRow> PgLadderStore::list_ladders() {
    auto db = pool_->lease();
    return read_ladders(db->run(std::string("SELECT ") + ladder_columns +
                                " FROM ladders ORDER BY name COLLATE \"C\""));
}

bool PgLadderStore::delete_ladder(LadderId id) {
    auto db = pool_->lease();
    return db->run("DELETE FROM ladders WHERE id = $1", Params().add(id)).affected() > 0;
}

std::vector<LadderRungRow> PgLadderStore::standings(LadderId ladder) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT r.user_id, u.name, r.rung FROM ladder_rungs r "
                           "JOIN users u ON u.id = r.user_id WHERE r.ladder_id = $1 "
                           "ORDER BY r.rung",
                           Params().add(ladder));
    std::vector<LadderRungRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(LadderRungRow{.user_id = r.integer(i, 0),
                                     .name = r.text(i, 1),
                                     .rung = static_cast<int>(r.integer(i, 2))});
    return rows;
}

void PgLadderStore::save_standings(LadderId ladder, const std::vector<UserId>& top_first,
                                   const std::vector<LadderHistoryRow>& history) {
    (void)apply_change(LadderChange{
        .ladder_id = ladder, .top_first = top_first, .history = history, .challenges = {}});
}

bool PgLadderStore::apply_change(const LadderChange& change) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    // The ladder's row lock orders every change of this ladder, from any node; the checks
    // then read what the change before committed (READ COMMITTED: each statement sees the
    // commits made before it started). A ladder deleted meanwhile: its rows are gone, and the
    // change is refused by its challenges or its standings (or by the foreign keys).
    lock_ladder(*db, change.ladder_id);
    if (!try_write_ladder_change(*db, change))
        return false;
    transaction.commit();
    return true;
}

ChallengeId PgLadderStore::add_challenge(const LadderChallengeRow& c) {
    auto db = pool_->lease();
    return db
        ->run("INSERT INTO ladder_challenges (ladder_id, challenger_user_id, "
              "challenged_user_id, created_at, deadline_at, game_id, status) "
              "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
              Params()
                  .add(c.ladder_id)
                  .add(c.challenger_user_id)
                  .add(c.challenged_user_id)
                  .add(c.created_at)
                  .add(c.deadline_at)
                  .add(c.game_id)
                  .add(c.status))
        .integer(0, 0);
}

bool PgLadderStore::update_challenge(const LadderChallengeRow& c) {
    auto db = pool_->lease();
    return db->run("UPDATE ladder_challenges SET deadline_at = $2, game_id = $3, status = $4 "
                   "WHERE id = $1",
                   Params().add(c.id).add(c.deadline_at).add(c.game_id).add(c.status))
               .affected() > 0;
}

std::optional<LadderChallengeRow> PgLadderStore::find_challenge(ChallengeId id) {
    auto db = pool_->lease();
    auto rows = read_challenges(db->run(std::string("SELECT ") + challenge_columns +
                                            " FROM ladder_challenges WHERE id = $1",
                                        Params().add(id)));
    if (rows.empty())
        return std::nullopt;
    return std::move(rows.front());
}

std::vector<LadderChallengeRow> PgLadderStore::open_challenges(LadderId ladder) {
    auto db = pool_->lease();
    return read_challenges(db->run(std::string("SELECT ") + challenge_columns +
                                       " FROM ladder_challenges WHERE ladder_id = $1 AND "
                                       "(status = 'open' OR status = 'accepted') ORDER BY id",
                                   Params().add(ladder)));
}

std::vector<AcceptedChallenge> PgLadderStore::accepted_challenges() {
    auto db = pool_->lease();
    const Snapshot snapshot(*db); // the challenges and their games as of one moment
    std::vector<AcceptedChallenge> accepted;
    for (auto& row : read_challenges(db->run(std::string("SELECT ") + challenge_columns +
                                             " FROM ladder_challenges WHERE status = "
                                             "'accepted' ORDER BY id")))
        accepted.push_back(AcceptedChallenge{std::move(row), std::nullopt, 0});
    // The newest row: a takeback closes a game's row and stores the game again in a new one.
    for (auto& a : accepted) {
        const auto newest = db->run("SELECT max(id) FROM games WHERE ladder_challenge_id = $1",
                                    Params().add(a.challenge.id));
        if (newest.is_null(0, 0))
            continue;
        const GameId game = newest.integer(0, 0);
        a.game = read_game(*db, game);
        a.moves = static_cast<int>(
            db->run("SELECT count(*) FROM moves WHERE game_id = $1", Params().add(game))
                .integer(0, 0));
    }
    return accepted;
}

std::vector<LadderChallengeRow> PgLadderStore::challenges_of(LadderId ladder, UserId user) {
    auto db = pool_->lease();
    return read_challenges(db->run(std::string("SELECT ") + challenge_columns +
                                       " FROM ladder_challenges WHERE ladder_id = $1 AND "
                                       "(challenger_user_id = $2 OR challenged_user_id = $2) "
                                       "ORDER BY id",
                                   Params().add(ladder).add(user)));
}

std::vector<LadderHistoryRow> PgLadderStore::history(LadderId ladder, UserId user) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT ladder_id, user_id, at, event, rung_before, rung_after, "
                           "challenge_id FROM ladder_history WHERE ladder_id = $1 AND "
                           "user_id = $2 ORDER BY id",
                           Params().add(ladder).add(user));
    std::vector<LadderHistoryRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(LadderHistoryRow{.ladder_id = r.integer(i, 0),
                                        .user_id = r.integer(i, 1),
                                        .at = r.time(i, 2),
                                        .event = r.text(i, 3),
                                        .rung_before = static_cast<int>(r.integer(i, 4)),
                                        .rung_after = static_cast<int>(r.integer(i, 5)),
                                        .challenge_id = r.optional_integer(i, 6)});
    return rows;
}

} // namespace storage::postgres
