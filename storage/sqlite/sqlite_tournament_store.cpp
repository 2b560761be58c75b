#include "storage/sqlite/sqlite_tournament_store.h"

#include <algorithm>
#include <map>
#include <string>

namespace storage::sqlite {
namespace {

constexpr const char* tournament_columns =
    "id, name, format, variant, time_control, rated, organiser_user_id, starts_at, rounds, "
    "duration_ms, min_players, max_players, is_public, join_code, tiebreaks, bye_points, "
    "late_entry_points, state, created_at, started_at, ended_at, schedule, ladder_id";

TournamentRow tournament_from_row(const Statement& s) {
    TournamentRow t;
    t.id = s.column_int(0);
    t.name = s.column_text(1);
    t.format = s.column_text(2);
    t.variant = s.column_text(3);
    t.time_control = s.column_text(4);
    t.rated = s.column_int(5) != 0;
    t.organiser_user_id = s.column_optional_int(6);
    t.starts_at = s.column_time(7);
    t.rounds = static_cast<int>(s.column_int(8));
    t.duration = Millis(s.column_int(9));
    t.min_players = static_cast<int>(s.column_int(10));
    t.max_players = static_cast<int>(s.column_int(11));
    t.is_public = s.column_int(12) != 0;
    t.join_code = s.column_text(13);
    t.tiebreaks = s.column_text(14);
    t.bye_points = static_cast<int>(s.column_int(15));
    t.late_entry_points = static_cast<int>(s.column_int(16));
    t.state = s.column_text(17);
    t.created_at = s.column_time(18);
    if (!s.column_is_null(19))
        t.started_at = s.column_time(19);
    if (!s.column_is_null(20))
        t.ended_at = s.column_time(20);
    if (!s.column_is_null(21))
        t.schedule = s.column_text(21);
    t.ladder_id = s.column_optional_int(22);
    return t;
}

void insert_history(Connection& db, const TournamentHistoryRow& h) {
    auto s = db.prepare("INSERT INTO tournament_history (tournament_id, at, actor_user_id, event, "
                        "detail) VALUES (?1, ?2, ?3, ?4, ?5)");
    s.bind_int(1, h.tournament_id).bind_time(2, h.at).bind_optional_int(3, h.actor_user_id);
    s.bind_text(4, h.event).bind_text(5, h.detail).run();
}

// Runs `sql` on a forbidden pair (?1 the tournament, ?2 and ?3 the pair's ids in order) and, if
// it changed a row, records `history` in the same transaction; false if it changed none.
bool change_pair(Connection& db, const char* sql, TournamentId id, UserId a, UserId b,
                 const TournamentHistoryRow& history) {
    Transaction transaction(db);
    db.prepare(sql).bind_int(1, id).bind_int(2, std::min(a, b)).bind_int(3, std::max(a, b)).run();
    if (db.changes() == 0)
        return false;
    insert_history(db, history);
    transaction.commit();
    return true;
}

} // namespace

std::optional<TournamentId> SqliteTournamentStore::create_tournament(const TournamentRow& t) {
    Transaction transaction(db_);
    auto s = db_.prepare(
        "INSERT INTO tournaments (name, format, variant, time_control, rated, organiser_user_id, "
        "starts_at, rounds, duration_ms, min_players, max_players, is_public, join_code, "
        "tiebreaks, bye_points, late_entry_points, state, created_at, schedule, ladder_id) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
        "'created', ?17, ?18, ?19) "
        "ON CONFLICT DO NOTHING");
    s.bind_text(1, t.name).bind_text(2, t.format).bind_text(3, t.variant);
    s.bind_text(4, t.time_control).bind_int(5, t.rated ? 1 : 0);
    s.bind_optional_int(6, t.organiser_user_id).bind_time(7, t.starts_at).bind_int(8, t.rounds);
    s.bind_int(9, t.duration.count()).bind_int(10, t.min_players).bind_int(11, t.max_players);
    s.bind_int(12, t.is_public ? 1 : 0).bind_text(13, t.join_code).bind_text(14, t.tiebreaks);
    s.bind_int(15, t.bye_points).bind_int(16, t.late_entry_points).bind_time(17, t.created_at);
    if (t.schedule)
        s.bind_text(18, *t.schedule);
    else
        s.bind_null(18);
    s.bind_optional_int(19, t.ladder_id);
    s.run();
    if (db_.changes() == 0)
        return std::nullopt; // this schedule's tournament of that start is stored already
    const TournamentId id = db_.last_insert_id();
    insert_history(db_, TournamentHistoryRow{.tournament_id = id,
                                             .at = t.created_at,
                                             .actor_user_id = t.organiser_user_id,
                                             .event = "created",
                                             .detail = t.name});
    transaction.commit();
    return id;
}

std::optional<TournamentRow> SqliteTournamentStore::find_tournament(TournamentId id) {
    auto s = db_.prepare(std::string("SELECT ") + tournament_columns +
                         " FROM tournaments WHERE id = ?1");
    s.bind_int(1, id);
    if (!s.step())
        return std::nullopt;
    return tournament_from_row(s);
}

std::vector<TournamentRow> SqliteTournamentStore::list_tournaments(std::string_view state) {
    auto s = db_.prepare(std::string("SELECT ") + tournament_columns +
                         " FROM tournaments WHERE ?1 = '' OR state = ?1 ORDER BY starts_at, id");
    s.bind_text(1, state);
    std::vector<TournamentRow> rows;
    while (s.step())
        rows.push_back(tournament_from_row(s));
    return rows;
}

std::vector<TournamentProgress> SqliteTournamentStore::list_progress(std::string_view state) {
    auto s = db_.prepare(
        "SELECT t.id, (SELECT count(*) FROM tournament_entries e WHERE e.tournament_id = t.id "
        "AND e.withdrawn_from IS NULL), (SELECT count(*) FROM tournament_rounds r WHERE "
        "r.tournament_id = t.id), (SELECT count(*) FROM tournament_rounds r WHERE "
        "r.tournament_id = t.id AND NOT EXISTS (SELECT 1 FROM tournament_pairings p LEFT JOIN "
        "games g ON g.id = p.game_id WHERE p.tournament_id = r.tournament_id AND p.round = "
        "r.round AND p.outcome = '' AND coalesce(g.result, '') = '')) "
        "FROM tournaments t WHERE ?1 = '' OR t.state = ?1 ORDER BY t.id");
    s.bind_text(1, state);
    std::vector<TournamentProgress> out;
    while (s.step())
        out.push_back({.id = s.column_int(0),
                       .players = static_cast<int>(s.column_int(1)),
                       .rounds_paired = static_cast<int>(s.column_int(2)),
                       .rounds_finished = static_cast<int>(s.column_int(3))});
    return out;
}

bool SqliteTournamentStore::change_state(TournamentId id, std::string_view from,
                                         std::string_view to, TimePoint at,
                                         const TournamentHistoryRow& history) {
    Transaction transaction(db_);
    auto s = db_.prepare(
        "UPDATE tournaments SET state = ?3, "
        "started_at = CASE WHEN ?3 = 'running' THEN ?4 ELSE started_at END, "
        "ended_at = CASE WHEN ?3 IN ('finished', 'cancelled') THEN ?4 ELSE ended_at END "
        "WHERE id = ?1 AND state = ?2");
    s.bind_int(1, id).bind_text(2, from).bind_text(3, to).bind_time(4, at).run();
    if (db_.changes() == 0)
        return false;
    insert_history(db_, history);
    transaction.commit();
    return true;
}

EntryAdded SqliteTournamentStore::add_entry(const TournamentEntryRow& e) {
    Transaction transaction(db_); // BEGIN IMMEDIATE: the count and the insert are one step
    auto t = db_.prepare("SELECT state, max_players, (SELECT count(*) FROM tournament_entries "
                         "WHERE tournament_id = ?1 AND withdrawn_from IS NULL), "
                         "(SELECT count(*) FROM tournament_entries WHERE tournament_id = ?1 AND "
                         "user_id = ?2), (SELECT coalesce(max(entry_number), 0) FROM "
                         "tournament_entries WHERE tournament_id = ?1) "
                         "FROM tournaments WHERE id = ?1");
    t.bind_int(1, e.tournament_id).bind_int(2, e.user_id);
    if (!t.step())
        return EntryAdded::NotTakingEntries;
    const std::string state = t.column_text(0);
    if (state != "created" && state != "running")
        return EntryAdded::NotTakingEntries;
    if (t.column_int(3) > 0)
        return EntryAdded::AlreadyEntered;
    if (t.column_int(2) >= t.column_int(1))
        return EntryAdded::Full;
    const std::int64_t number = t.column_int(4) + 1;
    auto s = db_.prepare("INSERT INTO tournament_entries (tournament_id, user_id, name, rating, "
                         "joined_at, joined_round, withdrawn_from, paused, entry_number) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    s.bind_int(1, e.tournament_id).bind_int(2, e.user_id).bind_text(3, e.name);
    s.bind_int(4, e.rating).bind_time(5, e.joined_at).bind_int(6, e.joined_round);
    s.bind_optional_int(7, e.withdrawn_from).bind_int(8, e.paused ? 1 : 0).bind_int(9, number);
    s.run();
    transaction.commit();
    return EntryAdded::Added;
}

std::vector<TournamentEntryRow> SqliteTournamentStore::entries(TournamentId id) {
    auto s = db_.prepare("SELECT tournament_id, user_id, name, rating, joined_at, joined_round, "
                         "withdrawn_from, paused, entry_number FROM tournament_entries "
                         "WHERE tournament_id = ?1 ORDER BY entry_number");
    s.bind_int(1, id);
    std::vector<TournamentEntryRow> rows;
    while (s.step()) {
        const auto withdrawn = s.column_optional_int(6);
        rows.push_back(TournamentEntryRow{
            .tournament_id = s.column_int(0),
            .user_id = s.column_int(1),
            .name = s.column_text(2),
            .rating = static_cast<int>(s.column_int(3)),
            .joined_at = s.column_time(4),
            .joined_round = static_cast<int>(s.column_int(5)),
            .withdrawn_from =
                withdrawn ? std::optional<int>(static_cast<int>(*withdrawn)) : std::nullopt,
            .paused = s.column_int(7) != 0,
            .entry_number = static_cast<int>(s.column_int(8))});
    }
    return rows;
}

bool SqliteTournamentStore::set_withdrawn(TournamentId id, UserId user,
                                          std::optional<int> from_round) {
    auto s = db_.prepare("UPDATE tournament_entries SET withdrawn_from = ?3 "
                         "WHERE tournament_id = ?1 AND user_id = ?2");
    s.bind_int(1, id).bind_int(2, user);
    s.bind_optional_int(3, from_round ? std::optional<std::int64_t>(*from_round) : std::nullopt);
    s.run();
    return db_.changes() > 0;
}

bool SqliteTournamentStore::set_paused(TournamentId id, UserId user, bool paused) {
    auto s = db_.prepare("UPDATE tournament_entries SET paused = ?3 "
                         "WHERE tournament_id = ?1 AND user_id = ?2");
    s.bind_int(1, id).bind_int(2, user).bind_int(3, paused ? 1 : 0).run();
    return db_.changes() > 0;
}

bool SqliteTournamentStore::add_round(TournamentId id, const TournamentRoundRow& round,
                                      const std::vector<TournamentHistoryRow>& history) {
    Transaction transaction(db_);
    auto r = db_.prepare("INSERT INTO tournament_rounds (tournament_id, round, paired_at, "
                         "set_by_hand) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING");
    r.bind_int(1, id).bind_int(2, round.round).bind_time(3, round.paired_at);
    r.bind_int(4, round.set_by_hand ? 1 : 0).run();
    if (db_.changes() == 0)
        return false;
    for (const auto& p : round.pairings) {
        auto s = db_.prepare("INSERT INTO tournament_pairings (tournament_id, round, board, "
                             "white_user_id, black_user_id, table_code, game_id, outcome) "
                             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
        s.bind_int(1, id).bind_int(2, round.round).bind_int(3, p.board);
        s.bind_int(4, p.white_user_id).bind_int(5, p.black_user_id);
        s.bind_text(6, p.table_code).bind_optional_int(7, p.game_id).bind_text(8, p.outcome);
        s.run();
    }
    for (const auto& a : round.absences) {
        auto s = db_.prepare("INSERT INTO tournament_absences (tournament_id, round, user_id, "
                             "kind) VALUES (?1, ?2, ?3, ?4)");
        s.bind_int(1, id).bind_int(2, round.round).bind_int(3, a.user_id).bind_text(4, a.kind);
        s.run();
    }
    for (const auto& h : history)
        insert_history(db_, h);
    transaction.commit();
    return true;
}

std::vector<TournamentRoundRow> SqliteTournamentStore::rounds(TournamentId id) {
    Transaction transaction(db_, TransactionKind::Read); // one snapshot of pairings and games
    std::vector<TournamentRoundRow> rows;
    std::map<int, std::size_t> at; // round -> index in rows
    auto r = db_.prepare("SELECT round, paired_at, set_by_hand FROM tournament_rounds "
                         "WHERE tournament_id = ?1 ORDER BY round");
    r.bind_int(1, id);
    while (r.step()) {
        const int round = static_cast<int>(r.column_int(0));
        at[round] = rows.size();
        rows.push_back(TournamentRoundRow{.round = round,
                                          .paired_at = r.column_time(1),
                                          .set_by_hand = r.column_int(2) != 0,
                                          .pairings = {},
                                          .absences = {}});
    }
    auto p = db_.prepare("SELECT p.round, p.board, p.white_user_id, p.black_user_id, "
                         "p.table_code, p.game_id, p.outcome, coalesce(g.result, ''), "
                         "coalesce(g.termination, '') "
                         "FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id "
                         "WHERE p.tournament_id = ?1 ORDER BY p.round, p.board");
    p.bind_int(1, id);
    while (p.step())
        rows[at.at(static_cast<int>(p.column_int(0)))].pairings.push_back(
            TournamentPairingRow{.board = static_cast<int>(p.column_int(1)),
                                 .white_user_id = p.column_int(2),
                                 .black_user_id = p.column_int(3),
                                 .table_code = p.column_text(4),
                                 .game_id = p.column_optional_int(5),
                                 .outcome = p.column_text(6),
                                 .game_result = p.column_text(7),
                                 .game_termination = p.column_text(8)});
    auto a = db_.prepare("SELECT round, user_id, kind FROM tournament_absences "
                         "WHERE tournament_id = ?1 ORDER BY round, user_id");
    a.bind_int(1, id);
    while (a.step())
        rows[at.at(static_cast<int>(a.column_int(0)))].absences.push_back(
            TournamentAbsenceRow{.user_id = a.column_int(1), .kind = a.column_text(2)});
    transaction.commit();
    return rows;
}

bool SqliteTournamentStore::set_pairing_game(TournamentId id, int round, int board, GameId game) {
    auto s = db_.prepare("UPDATE tournament_pairings SET game_id = ?4 WHERE tournament_id = ?1 "
                         "AND round = ?2 AND board = ?3 AND game_id IS NULL");
    s.bind_int(1, id).bind_int(2, round).bind_int(3, board).bind_int(4, game).run();
    return db_.changes() > 0;
}

bool SqliteTournamentStore::set_pairing_table(TournamentId id, int round, int board,
                                              std::string_view code) {
    auto s = db_.prepare("UPDATE tournament_pairings SET table_code = ?4 WHERE tournament_id = ?1 "
                         "AND round = ?2 AND board = ?3 AND table_code = ''");
    s.bind_int(1, id).bind_int(2, round).bind_int(3, board).bind_text(4, code).run();
    return db_.changes() > 0;
}

bool SqliteTournamentStore::replace_pairing_table(TournamentId id, int round, int board,
                                                  std::string_view from, std::string_view to) {
    auto s = db_.prepare("UPDATE tournament_pairings SET table_code = ?5 WHERE tournament_id = ?1 "
                         "AND round = ?2 AND board = ?3 AND table_code = ?4 AND game_id IS NULL");
    s.bind_int(1, id).bind_int(2, round).bind_int(3, board).bind_text(4, from).bind_text(5, to);
    s.run();
    return db_.changes() > 0;
}

int SqliteTournamentStore::link_games(TournamentId id, std::string_view superseded) {
    // The newest row of the pairing's table with its players in their seats, since pairing.
    static constexpr const char* newest =
        "(SELECT g.id FROM games g JOIN game_seats w ON w.game_id = g.id AND w.seat = 0 "
        "JOIN game_seats b ON b.game_id = g.id AND b.seat = 1 "
        "JOIN tournament_rounds r ON r.tournament_id = p.tournament_id AND r.round = p.round "
        "WHERE g.table_code = p.table_code AND w.user_id = p.white_user_id AND "
        "b.user_id = p.black_user_id AND g.started_at >= r.paired_at ORDER BY g.id DESC LIMIT 1)";
    // Only the pairings still to link look for a row, through game_seats_by_user (a player's
    // own games, not every game).
    auto s = db_.prepare(std::string("UPDATE tournament_pairings AS p SET game_id = ") + newest +
                         " WHERE p.tournament_id = ?1 AND p.table_code <> '' AND (p.game_id IS "
                         "NULL OR EXISTS (SELECT 1 FROM games x WHERE x.id = p.game_id AND "
                         "x.termination = ?2)) AND " +
                         newest + " IS NOT NULL AND " + newest + " IS NOT p.game_id");
    s.bind_int(1, id).bind_text(2, superseded).run();
    return db_.changes();
}

bool SqliteTournamentStore::set_pairing_outcome(TournamentId id, int round, int board,
                                                std::string_view outcome,
                                                const TournamentHistoryRow& history,
                                                const std::optional<TournamentPauseRow>& pause) {
    Transaction transaction(db_);
    auto s = db_.prepare("UPDATE tournament_pairings SET outcome = ?4 WHERE tournament_id = ?1 "
                         "AND round = ?2 AND board = ?3");
    s.bind_int(1, id).bind_int(2, round).bind_int(3, board).bind_text(4, outcome).run();
    if (db_.changes() == 0)
        return false;
    insert_history(db_, history);
    if (pause) {
        db_.prepare("UPDATE tournament_entries SET paused = 1 WHERE tournament_id = ?1 AND "
                    "user_id = ?2 AND paused = 0")
            .bind_int(1, id)
            .bind_int(2, pause->user)
            .run();
        if (db_.changes() > 0)
            insert_history(db_, pause->history);
    }
    transaction.commit();
    return true;
}

bool SqliteTournamentStore::add_half_bye(TournamentId id, UserId user, int round,
                                         const TournamentHistoryRow& history) {
    Transaction transaction(db_);
    auto s = db_.prepare("INSERT INTO tournament_half_byes (tournament_id, user_id, round) "
                         "SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM tournament_rounds "
                         "WHERE tournament_id = ?1 AND round = ?3) ON CONFLICT DO NOTHING");
    s.bind_int(1, id).bind_int(2, user).bind_int(3, round).run();
    if (db_.changes() == 0)
        return false;
    insert_history(db_, history);
    transaction.commit();
    return true;
}

std::vector<TournamentHalfByeRow> SqliteTournamentStore::half_byes(TournamentId id) {
    auto s = db_.prepare("SELECT user_id, round FROM tournament_half_byes WHERE tournament_id = ?1 "
                         "ORDER BY user_id, round");
    s.bind_int(1, id);
    std::vector<TournamentHalfByeRow> rows;
    while (s.step())
        rows.push_back({.user_id = s.column_int(0), .round = static_cast<int>(s.column_int(1))});
    return rows;
}

bool SqliteTournamentStore::add_forbidden_pair(TournamentId id, UserId a, UserId b,
                                               const TournamentHistoryRow& history) {
    return change_pair(db_,
                       "INSERT INTO tournament_forbidden_pairs (tournament_id, first_user_id, "
                       "second_user_id) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
                       id, a, b, history);
}

bool SqliteTournamentStore::remove_forbidden_pair(TournamentId id, UserId a, UserId b,
                                                  const TournamentHistoryRow& history) {
    return change_pair(db_,
                       "DELETE FROM tournament_forbidden_pairs WHERE tournament_id = ?1 AND "
                       "first_user_id = ?2 AND second_user_id = ?3",
                       id, a, b, history);
}

std::vector<TournamentForbiddenPairRow> SqliteTournamentStore::forbidden_pairs(TournamentId id) {
    auto s = db_.prepare("SELECT first_user_id, second_user_id FROM tournament_forbidden_pairs "
                         "WHERE tournament_id = ?1 ORDER BY first_user_id, second_user_id");
    s.bind_int(1, id);
    std::vector<TournamentForbiddenPairRow> rows;
    while (s.step())
        rows.push_back({.first = s.column_int(0), .second = s.column_int(1)});
    return rows;
}

void SqliteTournamentStore::add_history(const TournamentHistoryRow& history) {
    insert_history(db_, history);
}

std::vector<TournamentHistoryRow> SqliteTournamentStore::history(TournamentId id) {
    auto s = db_.prepare("SELECT tournament_id, at, actor_user_id, event, detail FROM "
                         "tournament_history WHERE tournament_id = ?1 ORDER BY id");
    s.bind_int(1, id);
    std::vector<TournamentHistoryRow> rows;
    while (s.step())
        rows.push_back(TournamentHistoryRow{.tournament_id = s.column_int(0),
                                            .at = s.column_time(1),
                                            .actor_user_id = s.column_optional_int(2),
                                            .event = s.column_text(3),
                                            .detail = s.column_text(4)});
    return rows;
}

} // namespace storage::sqlite
