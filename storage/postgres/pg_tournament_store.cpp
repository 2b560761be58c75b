#include "storage/postgres/pg_tournament_store.h"

#include <algorithm>
#include <map>
#include <string>

namespace storage::postgres {
namespace {

constexpr const char* pg_tournament_columns =
    "id, name, format, variant, time_control, rated, organiser_user_id, starts_at, rounds, "
    "duration_ms, min_players, max_players, is_public, join_code, tiebreaks, bye_points, "
    "late_entry_points, state, created_at, started_at, ended_at, schedule, ladder_id";

// list_progress's columns of tournament `t`: its players, rounds paired and rounds finished
// (none of their pairings lacks both an outcome and an ended game).
constexpr const char* progress_columns =
    "(SELECT count(*) FROM tournament_entries e WHERE e.tournament_id = t.id AND "
    "e.withdrawn_from IS NULL), (SELECT count(*) FROM tournament_rounds r WHERE "
    "r.tournament_id = t.id), (SELECT count(*) FROM tournament_rounds r WHERE "
    "r.tournament_id = t.id AND NOT EXISTS (SELECT 1 FROM tournament_pairings p LEFT JOIN "
    "games g ON g.id = p.game_id WHERE p.tournament_id = r.tournament_id AND p.round = "
    "r.round AND p.outcome = '' AND coalesce(g.result, '') = ''))";

// A new tournament (create_tournament); none returned when its schedule's start is stored.
constexpr const char* insert_tournament_sql =
    "INSERT INTO tournaments (name, format, variant, time_control, rated, organiser_user_id, "
    "starts_at, rounds, duration_ms, min_players, max_players, is_public, join_code, "
    "tiebreaks, bye_points, late_entry_points, state, created_at, schedule, ladder_id) VALUES "
    "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'created', $17, "
    "$18, $19) "
    "ON CONFLICT DO NOTHING RETURNING id";

std::vector<TournamentRow> read_tournaments(const Result& r) {
    std::vector<TournamentRow> rows;
    for (int i = 0; i < r.rows(); ++i) {
        TournamentRow t;
        t.id = r.integer(i, 0);
        t.name = r.text(i, 1);
        t.format = r.text(i, 2);
        t.variant = r.text(i, 3);
        t.time_control = r.text(i, 4);
        t.rated = r.integer(i, 5) != 0;
        t.organiser_user_id = r.optional_integer(i, 6);
        t.starts_at = r.time(i, 7);
        t.rounds = static_cast<int>(r.integer(i, 8));
        t.duration = Millis(r.integer(i, 9));
        t.min_players = static_cast<int>(r.integer(i, 10));
        t.max_players = static_cast<int>(r.integer(i, 11));
        t.is_public = r.integer(i, 12) != 0;
        t.join_code = r.text(i, 13);
        t.tiebreaks = r.text(i, 14);
        t.bye_points = static_cast<int>(r.integer(i, 15));
        t.late_entry_points = static_cast<int>(r.integer(i, 16));
        t.state = r.text(i, 17);
        t.created_at = r.time(i, 18);
        if (!r.is_null(i, 19))
            t.started_at = r.time(i, 19);
        if (!r.is_null(i, 20))
            t.ended_at = r.time(i, 20);
        if (!r.is_null(i, 21))
            t.schedule = r.text(i, 21);
        t.ladder_id = r.optional_integer(i, 22);
        rows.push_back(std::move(t));
    }
    return rows;
}

void pg_insert_history(Connection& db, const TournamentHistoryRow& h) {
    db.run("INSERT INTO tournament_history (tournament_id, at, actor_user_id, event, detail) "
           "VALUES ($1, $2, $3, $4, $5)",
           Params().add(h.tournament_id).add(h.at).add(h.actor_user_id).add(h.event).add(h.detail));
}

// Runs `sql` on a forbidden pair ($1 the tournament, $2 and $3 the pair's ids in order) and, if
// it changed a row, records `history` in the same transaction; false if it changed none.
bool change_pair(Connection& db, std::string_view sql, TournamentId id, UserId a, UserId b,
                 const TournamentHistoryRow& history) {
    Transaction transaction(db);
    if (db.run(sql, Params().add(id).add(std::min(a, b)).add(std::max(a, b))).affected() == 0)
        return false;
    pg_insert_history(db, history);
    transaction.commit();
    return true;
}

} // namespace

std::optional<TournamentId> PgTournamentStore::create_tournament(const TournamentRow& t) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    auto params = Params()
            .add(t.name)
            .add(t.format)
            .add(t.variant)
            .add(t.time_control)
            .add(t.rated ? 1 : 0)
            .add(t.organiser_user_id)
            .add(t.starts_at)
            .add(t.rounds)
            .add(static_cast<std::int64_t>(t.duration.count()))
            .add(t.min_players)
            .add(t.max_players)
            .add(t.is_public ? 1 : 0)
            .add(t.join_code)
            .add(t.tiebreaks)
            .add(t.bye_points)
            .add(t.late_entry_points)
            .add(t.created_at);
    if (t.schedule)
        params.add(*t.schedule);
    else
        params.add_null();
    params.add(t.ladder_id);
    const auto r = db->run(insert_tournament_sql, params);
    if (r.rows() == 0)
        return std::nullopt; // this schedule's tournament of that start is stored already
    const TournamentId id = r.integer(0, 0);
    pg_insert_history(*db, TournamentHistoryRow{.tournament_id = id,
                                                .at = t.created_at,
                                                .actor_user_id = t.organiser_user_id,
                                                .event = "created",
                                                .detail = t.name});
    transaction.commit();
    return id;
}

std::optional<TournamentRow> PgTournamentStore::find_tournament(TournamentId id) {
    auto db = pool_->lease();
    auto rows = read_tournaments(
        db->run(std::string("SELECT ") + pg_tournament_columns + " FROM tournaments WHERE id = $1",
                Params().add(id)));
    if (rows.empty())
        return std::nullopt;
    return std::move(rows.front());
}

std::vector<TournamentRow> PgTournamentStore::list_tournaments(std::string_view state) {
    auto db = pool_->lease();
    return read_tournaments(db->run(std::string("SELECT ") + pg_tournament_columns +
                                        " FROM tournaments WHERE $1 = '' OR state = $1 "
                                        "ORDER BY starts_at, id",
                                    Params().add(state)));
}

std::vector<TournamentProgress> PgTournamentStore::list_progress(std::string_view state) {
    auto db = pool_->lease();
    const auto r = db->run(std::string("SELECT t.id, ") + progress_columns +
                               " FROM tournaments t WHERE $1 = '' OR t.state = $1 ORDER BY t.id",
                           Params().add(state));
    std::vector<TournamentProgress> out;
    for (int i = 0; i < r.rows(); ++i)
        out.push_back({.id = r.integer(i, 0),
                       .players = static_cast<int>(r.integer(i, 1)),
                       .rounds_paired = static_cast<int>(r.integer(i, 2)),
                       .rounds_finished = static_cast<int>(r.integer(i, 3))});
    return out;
}

bool PgTournamentStore::change_state(TournamentId id, std::string_view from, std::string_view to,
                                     TimePoint at, const TournamentHistoryRow& history) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    const auto r = db->run(
        "UPDATE tournaments SET state = $3, "
        "started_at = CASE WHEN $3 = 'running' THEN $4::bigint ELSE started_at END, "
        "ended_at = CASE WHEN $3 IN ('finished', 'cancelled') THEN $4::bigint ELSE ended_at END "
        "WHERE id = $1 AND state = $2",
        Params().add(id).add(from).add(to).add(at));
    if (r.affected() == 0)
        return false;
    pg_insert_history(*db, history);
    transaction.commit();
    return true;
}

EntryAdded PgTournamentStore::add_entry(const TournamentEntryRow& e) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    const auto t = db->run("SELECT state, max_players FROM tournaments WHERE id = $1 FOR UPDATE",
                           Params().add(e.tournament_id));
    if (t.rows() == 0)
        return EntryAdded::NotTakingEntries;
    const std::string state = t.text(0, 0);
    if (state != "created" && state != "running")
        return EntryAdded::NotTakingEntries;
    const auto c = db->run("SELECT count(*) FILTER (WHERE withdrawn_from IS NULL), "
                           "count(*) FILTER (WHERE user_id = $2), coalesce(max(entry_number), 0) "
                           "FROM tournament_entries WHERE tournament_id = $1",
                           Params().add(e.tournament_id).add(e.user_id));
    if (c.integer(0, 1) > 0)
        return EntryAdded::AlreadyEntered;
    if (c.integer(0, 0) >= t.integer(0, 1))
        return EntryAdded::Full;
    db->run(
        "INSERT INTO tournament_entries (tournament_id, user_id, name, rating, joined_at, "
        "joined_round, withdrawn_from, paused, entry_number) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        Params()
            .add(e.tournament_id)
            .add(e.user_id)
            .add(e.name)
            .add(e.rating)
            .add(e.joined_at)
            .add(e.joined_round)
            .add(e.withdrawn_from ? std::optional<std::int64_t>(*e.withdrawn_from) : std::nullopt)
            .add(e.paused ? 1 : 0)
            .add(c.integer(0, 2) + 1));
    transaction.commit();
    return EntryAdded::Added;
}

std::vector<TournamentEntryRow> PgTournamentStore::entries(TournamentId id) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT tournament_id, user_id, name, rating, joined_at, joined_round, "
                           "withdrawn_from, paused, entry_number FROM tournament_entries "
                           "WHERE tournament_id = $1 ORDER BY entry_number",
                           Params().add(id));
    std::vector<TournamentEntryRow> rows;
    for (int i = 0; i < r.rows(); ++i) {
        const auto withdrawn = r.optional_integer(i, 6);
        rows.push_back(TournamentEntryRow{
            .tournament_id = r.integer(i, 0),
            .user_id = r.integer(i, 1),
            .name = r.text(i, 2),
            .rating = static_cast<int>(r.integer(i, 3)),
            .joined_at = r.time(i, 4),
            .joined_round = static_cast<int>(r.integer(i, 5)),
            .withdrawn_from =
                withdrawn ? std::optional<int>(static_cast<int>(*withdrawn)) : std::nullopt,
            .paused = r.integer(i, 7) != 0,
            .entry_number = static_cast<int>(r.integer(i, 8))});
    }
    return rows;
}

bool PgTournamentStore::set_withdrawn(TournamentId id, UserId user, std::optional<int> from_round) {
    auto db = pool_->lease();
    return db->run("UPDATE tournament_entries SET withdrawn_from = $3 "
                   "WHERE tournament_id = $1 AND user_id = $2",
                   Params().add(id).add(user).add(
                       from_round ? std::optional<std::int64_t>(*from_round) : std::nullopt))
               .affected() > 0;
}

bool PgTournamentStore::set_paused(TournamentId id, UserId user, bool paused) {
    auto db = pool_->lease();
    return db->run("UPDATE tournament_entries SET paused = $3 "
                   "WHERE tournament_id = $1 AND user_id = $2",
                   Params().add(id).add(user).add(paused ? 1 : 0))
               .affected() > 0;
}

bool PgTournamentStore::add_round(TournamentId id, const TournamentRoundRow& round,
                                  const std::vector<TournamentHistoryRow>& history) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    const auto r = db->run(
        "INSERT INTO tournament_rounds (tournament_id, round, paired_at, "
        "set_by_hand) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        Params().add(id).add(round.round).add(round.paired_at).add(round.set_by_hand ? 1 : 0));
    if (r.affected() == 0)
        return false;
    for (const auto& p : round.pairings)
        db->run("INSERT INTO tournament_pairings (tournament_id, round, board, white_user_id, "
                "black_user_id, table_code, game_id, outcome) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                Params()
                    .add(id)
                    .add(round.round)
                    .add(p.board)
                    .add(p.white_user_id)
                    .add(p.black_user_id)
                    .add(p.table_code)
                    .add(p.game_id)
                    .add(p.outcome));
    for (const auto& a : round.absences)
        db->run("INSERT INTO tournament_absences (tournament_id, round, user_id, kind) "
                "VALUES ($1, $2, $3, $4)",
                Params().add(id).add(round.round).add(a.user_id).add(a.kind));
    for (const auto& h : history)
        pg_insert_history(*db, h);
    transaction.commit();
    return true;
}

std::vector<TournamentRoundRow> PgTournamentStore::rounds(TournamentId id) {
    auto db = pool_->lease();
    Transaction transaction(*db); // one snapshot of rounds, pairings and games
    db->exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    std::vector<TournamentRoundRow> rows;
    std::map<int, std::size_t> at; // round -> index in rows
    const auto r = db->run("SELECT round, paired_at, set_by_hand FROM tournament_rounds "
                           "WHERE tournament_id = $1 ORDER BY round",
                           Params().add(id));
    for (int i = 0; i < r.rows(); ++i) {
        const int round = static_cast<int>(r.integer(i, 0));
        at[round] = rows.size();
        rows.push_back(TournamentRoundRow{.round = round,
                                          .paired_at = r.time(i, 1),
                                          .set_by_hand = r.integer(i, 2) != 0,
                                          .pairings = {},
                                          .absences = {}});
    }
    const auto p = db->run("SELECT round, board, white_user_id, black_user_id, table_code, "
                           "game_id, outcome FROM tournament_pairings WHERE tournament_id = $1 "
                           "ORDER BY round, board",
                           Params().add(id));
    bool any_game = false;
    for (int i = 0; i < p.rows(); ++i) {
        any_game = any_game || !p.is_null(i, 5);
        rows[at.at(static_cast<int>(p.integer(i, 0)))].pairings.push_back(
            TournamentPairingRow{.board = static_cast<int>(p.integer(i, 1)),
                                 .white_user_id = p.integer(i, 2),
                                 .black_user_id = p.integer(i, 3),
                                 .table_code = p.text(i, 4),
                                 .game_id = p.optional_integer(i, 5),
                                 .outcome = p.text(i, 6),
                                 .game_result = {},
                                 .game_termination = {}});
    }
    if (any_game) {
        if (db->run("SELECT to_regclass('games') IS NOT NULL").text(0, 0) != "t")
            throw StorageError("PostgreSQL: tournament pairings are read with their games' "
                               "results, and the game tables are not written yet (issue 36)");
        const auto g = db->run("SELECT p.round, p.board, g.result, g.termination "
                               "FROM tournament_pairings p JOIN games g ON g.id = p.game_id "
                               "WHERE p.tournament_id = $1",
                               Params().add(id));
        for (int i = 0; i < g.rows(); ++i) {
            auto& pairings = rows[at.at(static_cast<int>(g.integer(i, 0)))].pairings;
            const auto board = static_cast<std::size_t>(g.integer(i, 1));
            for (auto& pairing : pairings)
                if (static_cast<std::size_t>(pairing.board) == board) {
                    pairing.game_result = g.text(i, 2);
                    pairing.game_termination = g.text(i, 3);
                }
        }
    }
    const auto a = db->run("SELECT round, user_id, kind FROM tournament_absences "
                           "WHERE tournament_id = $1 ORDER BY round, user_id",
                           Params().add(id));
    for (int i = 0; i < a.rows(); ++i)
        rows[at.at(static_cast<int>(a.integer(i, 0)))].absences.push_back(
            TournamentAbsenceRow{.user_id = a.integer(i, 1), .kind = a.text(i, 2)});
    transaction.commit();
    return rows;
}

bool PgTournamentStore::set_pairing_game(TournamentId id, int round, int board, GameId game) {
    auto db = pool_->lease();
    return db->run("UPDATE tournament_pairings SET game_id = $4 WHERE tournament_id = $1 AND "
                   "round = $2 AND board = $3 AND game_id IS NULL",
                   Params().add(id).add(round).add(board).add(game))
               .affected() > 0;
}

bool PgTournamentStore::set_pairing_table(TournamentId id, int round, int board,
                                          std::string_view code) {
    auto db = pool_->lease();
    return db->run("UPDATE tournament_pairings SET table_code = $4 WHERE tournament_id = $1 AND "
                   "round = $2 AND board = $3 AND table_code = ''",
                   Params().add(id).add(round).add(board).add(code))
               .affected() > 0;
}

bool PgTournamentStore::replace_pairing_table(TournamentId id, int round, int board,
                                              std::string_view from, std::string_view to) {
    auto db = pool_->lease();
    return db->run("UPDATE tournament_pairings SET table_code = $5 WHERE tournament_id = $1 AND "
                   "round = $2 AND board = $3 AND table_code = $4 AND game_id IS NULL",
                   Params().add(id).add(round).add(board).add(from).add(to))
               .affected() > 0;
}

int PgTournamentStore::link_games(TournamentId id, std::string_view superseded) {
    auto db = pool_->lease();
    // No game tables yet (the game store's migration brings them): no game to link.
    if (db->run("SELECT to_regclass('games') IS NOT NULL AND to_regclass('game_seats') IS NOT "
                "NULL")
            .text(0, 0) != "t")
        return 0;
    static constexpr const char* newest =
        "(SELECT g.id FROM games g JOIN game_seats w ON w.game_id = g.id AND w.seat = 0 "
        "JOIN game_seats b ON b.game_id = g.id AND b.seat = 1 "
        "JOIN tournament_rounds r ON r.tournament_id = p.tournament_id AND r.round = p.round "
        "WHERE g.table_code = p.table_code AND w.user_id = p.white_user_id AND "
        "b.user_id = p.black_user_id AND g.started_at >= r.paired_at ORDER BY g.id DESC LIMIT 1)";
    return db
        ->run(std::string("UPDATE tournament_pairings AS p SET game_id = ") + newest +
                  " WHERE p.tournament_id = $1 AND p.table_code <> '' AND (p.game_id IS NULL OR "
                  "EXISTS (SELECT 1 FROM games x WHERE x.id = p.game_id AND x.termination = $2)) "
                  "AND " +
                  newest + " IS NOT NULL AND " + newest + " IS DISTINCT FROM p.game_id",
              Params().add(id).add(superseded))
        .affected();
}

bool PgTournamentStore::set_pairing_outcome(TournamentId id, int round, int board,
                                            std::string_view outcome,
                                            const TournamentHistoryRow& history,
                                            const std::optional<TournamentPauseRow>& pause) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    const auto r = db->run("UPDATE tournament_pairings SET outcome = $4 WHERE tournament_id = $1 "
                           "AND round = $2 AND board = $3",
                           Params().add(id).add(round).add(board).add(outcome));
    if (r.affected() == 0)
        return false;
    pg_insert_history(*db, history);
    if (pause && db->run("UPDATE tournament_entries SET paused = 1 WHERE tournament_id = $1 AND "
                         "user_id = $2 AND paused = 0",
                         Params().add(id).add(pause->user))
                         .affected() > 0)
        pg_insert_history(*db, pause->history);
    transaction.commit();
    return true;
}

bool PgTournamentStore::add_half_bye(TournamentId id, UserId user, int round,
                                     const TournamentHistoryRow& history) {
    auto db = pool_->lease();
    Transaction transaction(*db);
    const auto r = db->run("INSERT INTO tournament_half_byes (tournament_id, user_id, round) "
                           "SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM tournament_rounds "
                           "WHERE tournament_id = $1 AND round = $3) ON CONFLICT DO NOTHING",
                           Params().add(id).add(user).add(round));
    if (r.affected() == 0)
        return false;
    pg_insert_history(*db, history);
    transaction.commit();
    return true;
}

std::vector<TournamentHalfByeRow> PgTournamentStore::half_byes(TournamentId id) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT user_id, round FROM tournament_half_byes WHERE "
                           "tournament_id = $1 ORDER BY user_id, round",
                           Params().add(id));
    std::vector<TournamentHalfByeRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(
            {.user_id = r.integer(i, 0), .round = static_cast<int>(r.integer(i, 1))});
    return rows;
}

bool PgTournamentStore::add_forbidden_pair(TournamentId id, UserId a, UserId b,
                                           const TournamentHistoryRow& history) {
    auto db = pool_->lease();
    return change_pair(*db,
                       "INSERT INTO tournament_forbidden_pairs (tournament_id, first_user_id, "
                       "second_user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                       id, a, b, history);
}

bool PgTournamentStore::remove_forbidden_pair(TournamentId id, UserId a, UserId b,
                                              const TournamentHistoryRow& history) {
    auto db = pool_->lease();
    return change_pair(*db,
                       "DELETE FROM tournament_forbidden_pairs WHERE tournament_id = $1 AND "
                       "first_user_id = $2 AND second_user_id = $3",
                       id, a, b, history);
}

std::vector<TournamentForbiddenPairRow> PgTournamentStore::forbidden_pairs(TournamentId id) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT first_user_id, second_user_id FROM tournament_forbidden_pairs "
                           "WHERE tournament_id = $1 ORDER BY first_user_id, second_user_id",
                           Params().add(id));
    std::vector<TournamentForbiddenPairRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back({.first = r.integer(i, 0), .second = r.integer(i, 1)});
    return rows;
}

void PgTournamentStore::add_history(const TournamentHistoryRow& history) {
    auto db = pool_->lease();
    pg_insert_history(*db, history);
}

std::vector<TournamentHistoryRow> PgTournamentStore::history(TournamentId id) {
    auto db = pool_->lease();
    const auto r = db->run("SELECT tournament_id, at, actor_user_id, event, detail FROM "
                           "tournament_history WHERE tournament_id = $1 ORDER BY id",
                           Params().add(id));
    std::vector<TournamentHistoryRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(TournamentHistoryRow{.tournament_id = r.integer(i, 0),
                                            .at = r.time(i, 1),
                                            .actor_user_id = r.optional_integer(i, 2),
                                            .event = r.text(i, 3),
                                            .detail = r.text(i, 4)});
    return rows;
}

} // namespace storage::postgres
