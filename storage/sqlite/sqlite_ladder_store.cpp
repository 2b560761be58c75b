#include "storage/sqlite/sqlite_ladder_store.h"

#include "storage/sqlite/ladder_rows.h"

#include <string>

namespace storage::sqlite {
namespace {

std::vector<LadderChallengeRow> read_challenges(Statement& s) {
    std::vector<LadderChallengeRow> rows;
    while (s.step())
        rows.push_back(challenge_from_row(s));
    return rows;
}

} // namespace

std::optional<LadderId> SqliteLadderStore::create_ladder(const LadderRow& ladder) {
    auto s = db_.prepare("INSERT INTO ladders (name, variant, time_control, max_rungs_up, "
                         "response_time_ms, organiser_user_id, created_at) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (name) DO NOTHING");
    s.bind_text(1, ladder.name).bind_text(2, ladder.variant).bind_text(3, ladder.time_control);
    s.bind_int(4, ladder.max_rungs_up).bind_int(5, ladder.response_time.count());
    s.bind_optional_int(6, ladder.organiser_user_id).bind_time(7, ladder.created_at).run();
    if (db_.changes() == 0)
        return std::nullopt;
    return db_.last_insert_id();
}

std::optional<LadderRow> SqliteLadderStore::find_ladder(LadderId id) {
    auto s = db_.prepare(std::string("SELECT ") + ladder_columns + " FROM ladders WHERE id = ?1");
    s.bind_int(1, id);
    if (!s.step())
        return std::nullopt;
    return ladder_from_row(s);
}

std::vector<LadderRow> SqliteLadderStore::list_ladders() {
    auto s = db_.prepare(std::string("SELECT ") + ladder_columns + " FROM ladders ORDER BY name");
    std::vector<LadderRow> rows;
    while (s.step())
        rows.push_back(ladder_from_row(s));
    return rows;
}

bool SqliteLadderStore::delete_ladder(LadderId id) {
    db_.prepare("DELETE FROM ladders WHERE id = ?1").bind_int(1, id).run();
    return db_.changes() > 0;
}

std::vector<LadderRungRow> SqliteLadderStore::standings(LadderId ladder) {
    auto s = db_.prepare("SELECT r.user_id, u.name, r.rung FROM ladder_rungs r "
                         "JOIN users u ON u.id = r.user_id WHERE r.ladder_id = ?1 ORDER BY r.rung");
    s.bind_int(1, ladder);
    std::vector<LadderRungRow> rows;
    while (s.step())
        rows.push_back(LadderRungRow{.user_id = s.column_int(0),
                                     .name = s.column_text(1),
                                     .rung = static_cast<int>(s.column_int(2))});
    return rows;
}

void SqliteLadderStore::save_standings(LadderId ladder, const std::vector<UserId>& top_first,
                                       const std::vector<LadderHistoryRow>& history) {
    apply_change(LadderChange{
        .ladder_id = ladder, .top_first = top_first, .history = history, .challenges = {}});
}

bool SqliteLadderStore::apply_change(const LadderChange& change) {
    // BEGIN IMMEDIATE takes the database's write lock before the check reads anything: no
    // other connection, of this process or another, writes between the check and the write.
    // A challenge settled meanwhile or standings changed meanwhile are the refusals (the
    // caller reads again); any other failure is the database's.
    Transaction transaction(db_);
    if (!try_write_ladder_change(db_, change))
        return false;
    transaction.commit();
    return true;
}

ChallengeId SqliteLadderStore::add_challenge(const LadderChallengeRow& c) {
    auto s = db_.prepare("INSERT INTO ladder_challenges (ladder_id, challenger_user_id, "
                         "challenged_user_id, created_at, deadline_at, game_id, status) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s.bind_int(1, c.ladder_id).bind_int(2, c.challenger_user_id);
    s.bind_int(3, c.challenged_user_id).bind_time(4, c.created_at).bind_time(5, c.deadline_at);
    s.bind_optional_int(6, c.game_id).bind_text(7, c.status).run();
    return db_.last_insert_id();
}

bool SqliteLadderStore::update_challenge(const LadderChallengeRow& c) {
    auto s = db_.prepare("UPDATE ladder_challenges SET deadline_at = ?2, game_id = ?3, "
                         "status = ?4 WHERE id = ?1");
    s.bind_int(1, c.id).bind_time(2, c.deadline_at).bind_optional_int(3, c.game_id);
    s.bind_text(4, c.status).run();
    return db_.changes() > 0;
}

std::vector<LadderChallengeRow> SqliteLadderStore::open_challenges(LadderId ladder) {
    auto s = db_.prepare(std::string("SELECT ") + challenge_columns +
                         " FROM ladder_challenges WHERE ladder_id = ?1 AND "
                         "(status = 'open' OR status = 'accepted') ORDER BY id");
    s.bind_int(1, ladder);
    return read_challenges(s);
}

std::optional<LadderChallengeRow> SqliteLadderStore::find_challenge(ChallengeId id) {
    return read_challenge_row(db_, id);
}

std::vector<AcceptedChallenge> SqliteLadderStore::accepted_challenges() {
    Transaction transaction(db_, TransactionKind::Read); // one snapshot of challenges and games
    auto accepted = read_accepted_challenges(db_);
    transaction.commit();
    return accepted;
}

std::vector<LadderChallengeRow> SqliteLadderStore::challenges_of(LadderId ladder, UserId user) {
    auto s = db_.prepare(std::string("SELECT ") + challenge_columns +
                         " FROM ladder_challenges WHERE ladder_id = ?1 AND "
                         "(challenger_user_id = ?2 OR challenged_user_id = ?2) ORDER BY id");
    s.bind_int(1, ladder).bind_int(2, user);
    return read_challenges(s);
}

std::vector<LadderHistoryRow> SqliteLadderStore::history(LadderId ladder, UserId user) {
    auto s = db_.prepare("SELECT ladder_id, user_id, at, event, rung_before, rung_after, "
                         "challenge_id FROM ladder_history WHERE ladder_id = ?1 AND user_id = ?2 "
                         "ORDER BY id");
    s.bind_int(1, ladder).bind_int(2, user);
    std::vector<LadderHistoryRow> rows;
    while (s.step())
        rows.push_back(LadderHistoryRow{.ladder_id = s.column_int(0),
                                        .user_id = s.column_int(1),
                                        .at = s.column_time(2),
                                        .event = s.column_text(3),
                                        .rung_before = static_cast<int>(s.column_int(4)),
                                        .rung_after = static_cast<int>(s.column_int(5)),
                                        .challenge_id = s.column_optional_int(6)});
    return rows;
}

} // namespace storage::sqlite
