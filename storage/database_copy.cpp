#include "storage/database_copy.h"

#include "storage/errors.h"
#include "storage/open.h"
#include "storage/postgres/connection.h"
#include "storage/postgres/migrations.h"
#include "storage/sqlite/connection.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace storage {
namespace {

// What a column holds, as both backends store it (times, ids and flags are integers).
enum class Kind : unsigned char { Integer, Real, Text };

struct Column {
    std::string_view name;
    Kind kind;
};

// A table as the copy moves it: its columns (the same on both backends), the columns of its
// key (the order it is read in), and whether its `id` is an identity that PostgreSQL's
// sequence must be moved past.
struct Table {
    std::string_view name;
    std::vector<Column> columns;
    std::vector<std::string_view> key;
    bool identity = false;
};

constexpr Kind copy_integer = Kind::Integer;
constexpr Kind copy_real = Kind::Real;
constexpr Kind copy_text = Kind::Text;

// Parents first: each table's foreign keys name tables above it, but for
// ladder_challenges.game_id, which names a game (written with the games, copy_rows below).
// sessions: the order they were stored in (SQLite's rowid, PostgreSQL's seq) is what
// keep_newest_sessions keeps by, so they are read and written in that order.
const std::vector<Table>& tables() {
    static const std::vector<Table> all{
        {"users",
         {{"id", copy_integer},
          {"name", copy_text},
          {"name_key", copy_text},
          {"password_hash", copy_text},
          {"created_at", copy_integer},
          {"disabled", copy_integer}},
         {"id"},
         true},
        {"sessions",
         {{"token_hash", copy_text},
          {"user_id", copy_integer},
          {"created_at", copy_integer},
          {"expires_at", copy_integer},
          {"last_seen_at", copy_integer}},
         {},
         false},
        {"ratings",
         {{"user_id", copy_integer},
          {"variant", copy_text},
          {"speed", copy_text},
          {"rating", copy_real},
          {"deviation", copy_real},
          {"volatility", copy_real},
          {"games", copy_integer},
          {"updated_at", copy_integer}},
         {"user_id", "variant", "speed"},
         false},
        {"blocks",
         {{"user_id", copy_integer},
          {"blocked_user_id", copy_integer},
          {"created_at", copy_integer}},
         {"user_id", "blocked_user_id"},
         false},
        {"ladders",
         {{"id", copy_integer},
          {"name", copy_text},
          {"variant", copy_text},
          {"time_control", copy_text},
          {"max_rungs_up", copy_integer},
          {"response_time_ms", copy_integer},
          {"organiser_user_id", copy_integer},
          {"created_at", copy_integer}},
         {"id"},
         true},
        {"ladder_rungs",
         {{"ladder_id", copy_integer}, {"user_id", copy_integer}, {"rung", copy_integer}},
         {"ladder_id", "user_id"},
         false},
        {"ladder_challenges",
         {{"id", copy_integer},
          {"ladder_id", copy_integer},
          {"challenger_user_id", copy_integer},
          {"challenged_user_id", copy_integer},
          {"created_at", copy_integer},
          {"deadline_at", copy_integer},
          {"game_id", copy_integer},
          {"status", copy_text}},
         {"id"},
         true},
        {"ladder_history",
         {{"id", copy_integer},
          {"ladder_id", copy_integer},
          {"user_id", copy_integer},
          {"at", copy_integer},
          {"event", copy_text},
          {"rung_before", copy_integer},
          {"rung_after", copy_integer},
          {"challenge_id", copy_integer}},
         {"id"},
         true},
        {"games",
         {{"id", copy_integer},
          {"variant", copy_text},
          {"start_position", copy_text},
          {"time_control", copy_text},
          {"rated", copy_integer},
          {"table_code", copy_text},
          {"started_at", copy_integer},
          {"ended_at", copy_integer},
          {"result", copy_text},
          {"termination", copy_text},
          {"is_public", copy_integer},
          {"ladder_id", copy_integer},
          {"ladder_challenge_id", copy_integer}},
         {"id"},
         true},
        {"game_seats",
         {{"game_id", copy_integer},
          {"seat", copy_integer},
          {"user_id", copy_integer},
          {"name", copy_text},
          {"guest_token_hash", copy_text},
          {"place", copy_integer}},
         {"game_id", "seat"},
         false},
        {"moves",
         {{"game_id", copy_integer},
          {"ply", copy_integer},
          {"move", copy_text},
          {"seat", copy_integer},
          {"remaining_ms", copy_integer},
          {"at_ms", copy_integer}},
         {"game_id", "ply"},
         false},
        {"game_leaves",
         {{"game_id", copy_integer},
          {"ordinal", copy_integer},
          {"seat", copy_integer},
          {"ply", copy_integer},
          {"at_ms", copy_integer},
          {"reason", copy_text},
          {"remaining_ms", copy_integer}},
         {"game_id", "ordinal"},
         false},
        {"tournaments",
         {{"id", copy_integer},
          {"name", copy_text},
          {"format", copy_text},
          {"variant", copy_text},
          {"time_control", copy_text},
          {"rated", copy_integer},
          {"organiser_user_id", copy_integer},
          {"starts_at", copy_integer},
          {"rounds", copy_integer},
          {"duration_ms", copy_integer},
          {"min_players", copy_integer},
          {"max_players", copy_integer},
          {"is_public", copy_integer},
          {"join_code", copy_text},
          {"tiebreaks", copy_text},
          {"bye_points", copy_integer},
          {"late_entry_points", copy_integer},
          {"state", copy_text},
          {"created_at", copy_integer},
          {"started_at", copy_integer},
          {"ended_at", copy_integer},
          {"schedule", copy_text},
          {"ladder_id", copy_integer}},
         {"id"},
         true},
        {"tournament_entries",
         {{"tournament_id", copy_integer},
          {"user_id", copy_integer},
          {"name", copy_text},
          {"rating", copy_integer},
          {"joined_at", copy_integer},
          {"joined_round", copy_integer},
          {"withdrawn_from", copy_integer},
          {"paused", copy_integer},
          {"entry_number", copy_integer}},
         {"tournament_id", "user_id"},
         false},
        {"tournament_rounds",
         {{"tournament_id", copy_integer},
          {"round", copy_integer},
          {"paired_at", copy_integer},
          {"set_by_hand", copy_integer}},
         {"tournament_id", "round"},
         false},
        {"tournament_pairings",
         {{"tournament_id", copy_integer},
          {"round", copy_integer},
          {"board", copy_integer},
          {"white_user_id", copy_integer},
          {"black_user_id", copy_integer},
          {"table_code", copy_text},
          {"game_id", copy_integer},
          {"outcome", copy_text}},
         {"tournament_id", "round", "board"},
         false},
        {"tournament_absences",
         {{"tournament_id", copy_integer},
          {"round", copy_integer},
          {"user_id", copy_integer},
          {"kind", copy_text}},
         {"tournament_id", "round", "user_id"},
         false},
        {"tournament_half_byes",
         {{"tournament_id", copy_integer}, {"user_id", copy_integer}, {"round", copy_integer}},
         {"tournament_id", "user_id", "round"},
         false},
        {"tournament_forbidden_pairs",
         {{"tournament_id", copy_integer},
          {"first_user_id", copy_integer},
          {"second_user_id", copy_integer}},
         {"tournament_id", "first_user_id", "second_user_id"},
         false},
        {"tournament_history",
         {{"id", copy_integer},
          {"tournament_id", copy_integer},
          {"at", copy_integer},
          {"actor_user_id", copy_integer},
          {"event", copy_text},
          {"detail", copy_text}},
         {"id"},
         true},
    };
    return all;
}

using Cell = std::variant<std::monostate, std::int64_t, double, std::string>;
using Row = std::vector<Cell>;
using RowSink = std::function<void(Row&&)>;

std::string column_list(const Table& table) {
    std::string list;
    for (const auto& column : table.columns) {
        if (!list.empty())
            list += ", ";
        list += column.name;
    }
    return list;
}

std::string key_list(const std::vector<std::string_view>& key) {
    std::string list;
    for (const auto name : key) {
        if (!list.empty())
            list += ", ";
        list += name;
    }
    return list;
}

// ---- Sources: one snapshot, every row of a table in key order. ----

class Source {
public:
    virtual ~Source() = default;
    // Every row of `table` (SQLite: with its move journal for `moves`), to `sink`.
    virtual void read(const Table& table, const RowSink& sink) = 0;
};

class SqliteSource final : public Source {
public:
    explicit SqliteSource(const std::string& path)
        : db_(open(path)), snapshot_(db_, sqlite::TransactionKind::Read) {}

    void read(const Table& table, const RowSink& sink) override {
        const std::string columns = column_list(table);
        std::string sql = "SELECT " + columns + " FROM " + std::string(table.name);
        // A move not merged yet is in the journal, never in both (storage/sqlite/migrations.cpp 6).
        if (table.name == "moves")
            sql += " UNION ALL SELECT " + columns + " FROM move_journal";
        sql += " ORDER BY " + (table.key.empty() ? std::string("rowid") : order_by(table));
        auto s = db_.prepare(sql);
        while (s.step()) {
            Row row;
            row.reserve(table.columns.size());
            for (std::size_t i = 0; i < table.columns.size(); ++i) {
                const int at = static_cast<int>(i);
                if (s.column_is_null(at))
                    row.emplace_back(std::monostate{});
                else if (table.columns[i].kind == copy_integer)
                    row.emplace_back(s.column_int(at));
                else if (table.columns[i].kind == copy_real)
                    row.emplace_back(s.column_double(at));
                else
                    row.emplace_back(s.column_text(at));
            }
            sink(std::move(row));
        }
    }

private:
    sqlite::Connection db_;
    sqlite::Transaction snapshot_; // rolled back at the end: it only reads

    static sqlite::Connection open(const std::string& path) {
        if (!std::filesystem::exists(path))
            throw StorageError("no such database file");
        sqlite::OpenOptions options;
        options.create = false;
        return sqlite::Connection(path, options);
    }
    // A compound SELECT orders by the result's column numbers.
    static std::string order_by(const Table& table) {
        std::string list;
        for (const auto name : table.key) {
            const auto it = std::find_if(table.columns.begin(), table.columns.end(),
                                         [&](const Column& c) { return c.name == name; });
            if (!list.empty())
                list += ", ";
            list += std::to_string(it - table.columns.begin() + 1);
        }
        return list;
    }
};

// Reads each table a page at a time in key order (keyset paging), all in one REPEATABLE READ
// snapshot: a table of millions of moves never sits in memory whole.
class PostgresSource final : public Source {
public:
    explicit PostgresSource(const std::string& uri) : db_(uri, {}) {
        postgres::migrate(db_);
        db_.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    }
    ~PostgresSource() override {
        try {
            db_.exec("ROLLBACK");
        } catch (const StorageError&) { // NOLINT(bugprone-empty-catch): it only read
        }
    }
    PostgresSource(const PostgresSource&) = delete;
    PostgresSource& operator=(const PostgresSource&) = delete;

    void read(const Table& table, const RowSink& sink) override {
        // sessions have no key of their own columns: their order is seq's.
        const std::vector<std::string_view> key =
            table.key.empty() ? std::vector<std::string_view>{"seq"} : table.key;
        const std::string keys = key_list(key);
        const std::string select =
            "SELECT " + column_list(table) + ", " + keys + " FROM " + std::string(table.name);
        std::string after;
        for (std::size_t i = 0; i < key.size(); ++i)
            after += (i == 0 ? "$" : ", $") + std::to_string(i + 1);
        const std::string first = select + " ORDER BY " + keys + " LIMIT " + page;
        const std::string next =
            select + " WHERE (" + keys + ") > (" + after + ") ORDER BY " + keys + " LIMIT " + page;
        std::optional<postgres::Params> last;
        while (true) {
            const auto r = last ? db_.run(next, *last) : db_.run(first);
            const int width = static_cast<int>(table.columns.size());
            for (int i = 0; i < r.rows(); ++i) {
                Row row;
                row.reserve(table.columns.size());
                for (int c = 0; c < width; ++c) {
                    const Kind kind = table.columns[static_cast<std::size_t>(c)].kind;
                    if (r.is_null(i, c))
                        row.emplace_back(std::monostate{});
                    else if (kind == copy_integer)
                        row.emplace_back(r.integer(i, c));
                    else if (kind == copy_real)
                        row.emplace_back(r.real(i, c));
                    else
                        row.emplace_back(r.text(i, c));
                }
                sink(std::move(row));
            }
            if (r.rows() < page_rows)
                return;
            last.emplace();
            for (int c = 0; c < static_cast<int>(key.size()); ++c)
                last->add(r.text(r.rows() - 1, width + c));
        }
    }

private:
    static constexpr int page_rows = 5000;
    inline static const std::string page = std::to_string(page_rows);
    postgres::Connection db_;
};

// ---- Targets: one transaction, rows appended table by table. ----

class Target {
public:
    virtual ~Target() = default;
    // Rows in Tabula's tables now.
    virtual std::int64_t rows_held() = 0;
    // Deletes every row of Tabula's tables (children first); how many there were.
    virtual void clear() = 0;
    virtual void insert(const Table& table, Row row) = 0;
    // Writes what insert() buffered.
    virtual void flush() = 0;
    virtual void set_challenge_game(std::int64_t challenge, std::int64_t game) = 0;
    virtual std::int64_t count(const Table& table) = 0;
    // Sequences past the copied ids, then COMMIT.
    virtual void commit() = 0;
};

// The DELETEs of clear(), children first; a challenge's game is unset before the games go.
constexpr std::string_view clear_sql = "DELETE FROM tournament_history; "
                                       "DELETE FROM tournament_absences; "
                                       "DELETE FROM tournament_pairings; "
                                       "DELETE FROM tournament_rounds; "
                                       "DELETE FROM tournament_entries; DELETE FROM tournaments; "
                                       "DELETE FROM game_leaves; DELETE FROM moves; "
                                       "DELETE FROM game_seats; "
                                       "UPDATE ladder_challenges SET game_id = NULL "
                                       "WHERE game_id IS NOT NULL; "
                                       "DELETE FROM games; DELETE FROM ladder_history; "
                                       "DELETE FROM ladder_challenges; DELETE FROM ladder_rungs; "
                                       "DELETE FROM ladders; DELETE FROM blocks; "
                                       "DELETE FROM ratings; DELETE FROM sessions; "
                                       "DELETE FROM users;";

class SqliteTarget final : public Target {
public:
    explicit SqliteTarget(const std::string& path)
        : db_(path, sqlite::OpenOptions{}), transaction_(db_) {}

    std::int64_t rows_held() override {
        std::int64_t rows = count_of("move_journal");
        for (const auto& table : tables())
            rows += count_of(table.name);
        return rows;
    }
    void clear() override { db_.exec("DELETE FROM move_journal; " + std::string(clear_sql)); }
    void insert(const Table& table, Row row) override {
        if (table.name != current_) {
            std::string values;
            for (std::size_t i = 1; i <= table.columns.size(); ++i)
                values += (i == 1 ? "?" : ", ?") + std::to_string(i);
            insert_.emplace(db_.prepare("INSERT INTO " + std::string(table.name) + " (" +
                                        column_list(table) + ") VALUES (" + values + ")"));
            current_ = table.name;
        }
        auto& s = *insert_;
        s.reset();
        for (std::size_t i = 0; i < row.size(); ++i) {
            const int at = static_cast<int>(i) + 1;
            if (const auto* n = std::get_if<std::int64_t>(&row[i]))
                s.bind_int(at, *n);
            else if (const auto* d = std::get_if<double>(&row[i]))
                s.bind_double(at, *d);
            else if (const auto* t = std::get_if<std::string>(&row[i]))
                s.bind_text(at, *t);
            else
                s.bind_null(at);
        }
        s.run();
    }
    void flush() override {}
    void set_challenge_game(std::int64_t challenge, std::int64_t game) override {
        db_.prepare("UPDATE ladder_challenges SET game_id = ?2 WHERE id = ?1")
            .bind_int(1, challenge)
            .bind_int(2, game)
            .run();
    }
    std::int64_t count(const Table& table) override {
        return count_of(table.name) + (table.name == "moves" ? count_of("move_journal") : 0);
    }
    void commit() override {
        insert_.reset();
        transaction_.commit(); // INTEGER PRIMARY KEY: a new row takes max(id) + 1 by itself
    }

private:
    sqlite::Connection db_;
    sqlite::Transaction transaction_; // BEGIN IMMEDIATE: the write lock from the start
    std::string_view current_;
    std::optional<sqlite::Statement> insert_;

    std::int64_t count_of(std::string_view table) {
        auto s = db_.prepare("SELECT count(*) FROM " + std::string(table));
        return s.step() ? s.column_int(0) : 0;
    }
};

// Rows go in multi-row INSERTs of up to `batch_rows` rows (a round trip and a statement per
// batch, not per row); a statement has at most 65535 parameters (libpq's protocol limit).
class PostgresTarget final : public Target {
public:
    explicit PostgresTarget(const std::string& uri) : db_(uri, {}) {
        postgres::migrate(db_);
        transaction_.emplace(db_);
        std::string names;
        for (const auto& table : tables())
            names += (names.empty() ? "" : ", ") + std::string(table.name);
        // Other writers wait until the copy commits; readers go on.
        db_.exec("LOCK TABLE " + names + " IN SHARE ROW EXCLUSIVE MODE");
    }

    std::int64_t rows_held() override {
        std::int64_t rows = 0;
        for (const auto& table : tables())
            rows += count(table);
        return rows;
    }
    void clear() override { db_.exec(clear_sql); }
    void insert(const Table& table, Row row) override {
        if (table.name != current_) {
            flush();
            current_ = table.name;
            current_table_ = &table;
        }
        pending_.push_back(std::move(row));
        if (pending_.size() >= batch_rows(table))
            flush();
    }
    void flush() override {
        if (pending_.empty())
            return;
        const Table& table = *current_table_;
        const std::size_t width = table.columns.size();
        std::string sql =
            "INSERT INTO " + std::string(table.name) + " (" + column_list(table) + ") VALUES ";
        postgres::Params params;
        std::size_t next = 1;
        for (std::size_t r = 0; r < pending_.size(); ++r) {
            sql += r == 0 ? "(" : ", (";
            for (std::size_t c = 0; c < width; ++c, ++next) {
                sql += (c == 0 ? "$" : ", $") + std::to_string(next);
                const Cell& cell = pending_[r][c];
                if (const auto* n = std::get_if<std::int64_t>(&cell))
                    params.add(*n);
                else if (const auto* d = std::get_if<double>(&cell))
                    params.add(*d);
                else if (const auto* t = std::get_if<std::string>(&cell))
                    params.add(std::string_view(*t));
                else
                    params.add_null();
            }
            sql += ")";
        }
        db_.run(sql, params);
        pending_.clear();
    }
    void set_challenge_game(std::int64_t challenge, std::int64_t game) override {
        db_.run("UPDATE ladder_challenges SET game_id = $2 WHERE id = $1",
                postgres::Params().add(challenge).add(game));
    }
    std::int64_t count(const Table& table) override {
        return db_.run("SELECT count(*) FROM " + std::string(table.name)).integer(0, 0);
    }
    void commit() override {
        for (const auto& table : tables())
            if (table.identity) {
                // The next id a store inserts comes after every copied one.
                const std::string name(table.name);
                db_.run("SELECT setval(pg_get_serial_sequence('" + name + "', 'id'), " +
                        "(SELECT coalesce(max(id), 0) + 1 FROM " + name + "), false)");
            }
        transaction_->commit();
    }

private:
    postgres::Connection db_;
    std::optional<postgres::Transaction> transaction_;
    std::string_view current_;
    const Table* current_table_ = nullptr;
    std::vector<Row> pending_;

    static std::size_t batch_rows(const Table& table) {
        return std::min<std::size_t>(1000, 60000 / table.columns.size());
    }
};

std::unique_ptr<Target> open_target(const Location& location) {
    if (location.kind == BackendKind::Sqlite)
        return std::make_unique<SqliteTarget>(location.target);
    return std::make_unique<PostgresTarget>(location.target);
}

std::unique_ptr<Source> open_source(const Location& location) {
    if (location.kind == BackendKind::Sqlite)
        return std::make_unique<SqliteSource>(location.target);
    return std::make_unique<PostgresSource>(location.target);
}

bool same_database(const Location& a, const Location& b) {
    if (a.kind != b.kind)
        return false;
    if (a.kind == BackendKind::Postgres)
        return a.target == b.target;
    std::error_code ignored;
    return std::filesystem::weakly_canonical(a.target, ignored) ==
           std::filesystem::weakly_canonical(b.target, ignored);
}

} // namespace

std::vector<std::string> copied_tables() {
    std::vector<std::string> names;
    for (const auto& table : tables())
        names.emplace_back(table.name);
    return names;
}

CopyReport copy_database(std::string_view from, std::string_view to, const CopyOptions& options) {
    const auto source_location = parse_location(from);
    const auto target_location = parse_location(to);
    if (same_database(source_location, target_location))
        throw StorageError("the source and the target are the same database");
    // The source's snapshot first: what the copy reads is what stood when it started.
    std::unique_ptr<Source> source;
    std::unique_ptr<Target> target;
    try {
        source = open_source(source_location);
    } catch (const StorageError& e) {
        throw StorageError("the source " + without_password(from) + ": " + e.what());
    }
    try {
        target = open_target(target_location);
    } catch (const StorageError& e) {
        throw StorageError("the target " + without_password(to) + ": " + e.what());
    }

    CopyReport report;
    report.replaced = target->rows_held();
    if (report.replaced > 0) {
        if (!options.replace)
            throw StorageError(without_password(to) + " holds " + std::to_string(report.replaced) +
                               " rows of Tabula's already: copy into an empty database, or "
                               "replace them (--force)");
        target->clear();
    }

    // A challenge names its game, and a game its challenge: the challenges are written
    // without their games, which are set once the games are in.
    std::vector<std::pair<std::int64_t, std::int64_t>> challenge_games;
    for (const auto& table : tables()) {
        std::int64_t rows = 0;
        source->read(table, [&](Row&& row) {
            ++rows;
            if (table.name == "ladder_challenges") {
                Cell& game = row[6]; // game_id
                if (const auto* id = std::get_if<std::int64_t>(&game))
                    challenge_games.emplace_back(std::get<std::int64_t>(row[0]), *id);
                game = std::monostate{};
            }
            target->insert(table, std::move(row));
        });
        target->flush();
        report.tables.push_back({std::string(table.name), rows});
        if (table.name == "games")
            for (const auto& [challenge, game] : challenge_games)
                target->set_challenge_game(challenge, game);
    }

    for (const auto& [table, expected] : report.tables) {
        const auto it = std::find_if(tables().begin(), tables().end(),
                                     [&](const Table& t) { return t.name == table; });
        const auto stored = target->count(*it);
        if (stored != expected)
            throw StorageError("the copy of " + table + " holds " + std::to_string(stored) +
                               " rows, the source " + std::to_string(expected) +
                               ": nothing copied");
    }
    target->commit();
    return report;
}

} // namespace storage
