#include "storage/postgres/pg_cluster_store.h"

#include "storage/postgres/live_table_rows.h"

#include <string>
#include <utility>

namespace storage::postgres {
namespace {

// The SQLSTATE tabula_fence raises (migrations.cpp, migration 5).
constexpr const char* fence_sqlstate = "T0001";
// A claim that deadlocked with another node's is run again, this many times at most.
constexpr int claim_attempts = 5;

constexpr const char* node_columns =
    "n.node_id, n.epoch, n.address, n.state, n.build, n.lease_until, n.renewed_at";

// Whether node `n` is to be taken over at `c.now_ms`: alive, but its lease expired, or its
// session's advisory lock (class $1) is missing and it last renewed more than $2 ms ago; or
// left, with tables of its fenced incarnation still in the directory (a node stopped by SIGTERM
// hands its tables over so). A lock shows in pg_locks with the database's oid, the two keys as
// classid and objid, and objsubid 2 (the two-key form).
constexpr const char* dead_condition =
    "((n.state = 'alive' AND (n.lease_until < c.now_ms OR (n.renewed_at < c.now_ms - $2::bigint "
    "AND NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
    "AND l.classid = $1::bigint::oid AND l.objid = n.lock_key::bigint::oid "
    "AND l.objsubid = 2)))) OR (n.state = 'left' AND EXISTS (SELECT 1 FROM live_tables lt "
    "WHERE lt.owner = n.node_id AND lt.owner_epoch < n.epoch)))";

constexpr const char* table_columns =
    "lt.code, lt.owner, lt.owner_epoch, lt.table_epoch, lt.game_id, lt.is_public, "
    "lt.version_base";

NodeRow node_row(const Result& r, int i) {
    return NodeRow{r.text(i, 0), r.integer(i, 1), r.text(i, 2), r.text(i, 3),
                   r.text(i, 4), r.time(i, 5),    r.time(i, 6)};
}

std::vector<NodeRow> node_rows(const Result& r) {
    std::vector<NodeRow> rows;
    for (int i = 0; i < r.rows(); ++i)
        rows.push_back(node_row(r, i));
    return rows;
}

std::vector<LiveTableRow> table_rows(const Result& r) {
    std::vector<LiveTableRow> rows;
    for (int i = 0; i < r.rows(); ++i) {
        LiveTableRow row;
        row.code = r.text(i, 0);
        if (!r.is_null(i, 1))
            row.owner = r.text(i, 1);
        row.owner_epoch = r.integer(i, 2);
        row.table_epoch = r.integer(i, 3);
        row.game_id = r.optional_integer(i, 4);
        row.is_public = r.integer(i, 5) != 0;
        row.version_base = r.integer(i, 6);
        rows.push_back(std::move(row));
    }
    return rows;
}

// A text[] literal ({"a","b"}) for a parameter: every element quoted, " and \ escaped.
std::string text_array(const std::vector<std::string>& items) {
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += ',';
        out += '"';
        for (const char ch : items[i]) {
            if (ch == '"' || ch == '\\')
                out += '\\';
            out += ch;
        }
        out += '"';
    }
    return out + "}";
}

} // namespace

PgClusterStore::PgClusterStore(std::string conninfo, ConnectOptions connect, ClusterOptions options)
    : conninfo_(std::move(conninfo)), connect_(connect), options_(options),
      db_(std::make_unique<Connection>(conninfo_, connect_)) {
}

PgClusterStore::~PgClusterStore() = default;

void PgClusterStore::take_lock(Connection& db) {
    const auto locked = db.run("SELECT pg_try_advisory_lock($1::integer, $2::integer)",
                               Params().add(options_.lock_class).add(lock_key_));
    if (locked.text(0, 0) != "t")
        throw StorageError("the advisory lock (" + std::to_string(options_.lock_class) + ", " +
                           std::to_string(lock_key_) + ") of node " + registered_->node_id +
                           " is held by another session");
}

Connection& PgClusterStore::session() {
    if (db_ != nullptr && db_->healthy())
        return *db_;
    db_.reset();
    auto fresh = std::make_unique<Connection>(conninfo_, connect_);
    if (locked_)
        take_lock(*fresh);
    db_ = std::move(fresh);
    return *db_;
}

TimePoint PgClusterStore::now() {
    return session().run("SELECT tabula_now_ms()").time(0, 0);
}

Fence PgClusterStore::register_node(const NodeRegistration& node) {
    if (registered_)
        throw StorageError("this handle registered node " + registered_->node_id + " already");
    if (node.node_id.empty())
        throw StorageError("a node needs an id");
    Connection& db = session();
    Transaction transaction(db);
    // A known id starts a new incarnation: epoch + 1 (a key column: this waits for the batches
    // of the previous incarnation, then fences it) and a new lock key.
    const auto r = db.run(
        "INSERT INTO nodes (node_id, epoch, lock_key, address, state, build, lease_until, "
        "renewed_at) SELECT $1, 1, nextval('nodes_lock_key'), $2, 'alive', $3, c.now_ms + $4, "
        "c.now_ms FROM (SELECT tabula_now_ms() AS now_ms) c "
        "ON CONFLICT (node_id) DO UPDATE SET epoch = nodes.epoch + 1, "
        "lock_key = excluded.lock_key, address = excluded.address, state = 'alive', "
        "build = excluded.build, lease_until = excluded.lease_until, "
        "renewed_at = excluded.renewed_at RETURNING epoch, lock_key",
        Params()
            .add(node.node_id)
            .add(node.address)
            .add(node.build)
            .add(static_cast<std::int64_t>(options_.lease.count())));
    const Fence fence{node.node_id, r.integer(0, 0)};
    lock_key_ = r.integer(0, 1);
    registered_ = fence;
    try {
        take_lock(db); // a session lock: it stays after the COMMIT
        transaction.commit();
        locked_ = true;
    } catch (...) {
        registered_.reset();
        throw;
    }
    return fence;
}

bool PgClusterStore::renew_lease() {
    if (!registered_)
        throw StorageError("no node is registered on this handle");
    const auto r =
        session().run("UPDATE nodes SET lease_until = c.now_ms + $3, renewed_at = c.now_ms "
                      "FROM (SELECT tabula_now_ms() AS now_ms) c "
                      "WHERE node_id = $1 AND epoch = $2 AND state = 'alive'",
                      Params()
                          .add(registered_->node_id)
                          .add(registered_->epoch)
                          .add(static_cast<std::int64_t>(options_.lease.count())));
    return r.affected() == 1;
}

bool PgClusterStore::leave() {
    if (!registered_)
        throw StorageError("no node is registered on this handle");
    Connection& db = session();
    const auto r = db.run("UPDATE nodes SET epoch = epoch + 1, state = 'left', "
                          "renewed_at = tabula_now_ms() "
                          "WHERE node_id = $1 AND epoch = $2 AND state = 'alive'",
                          Params().add(registered_->node_id).add(registered_->epoch));
    if (locked_) {
        db.run("SELECT pg_advisory_unlock($1::integer, $2::integer)",
               Params().add(options_.lock_class).add(lock_key_));
        locked_ = false;
    }
    return r.affected() == 1;
}

std::vector<NodeRow> PgClusterStore::nodes() {
    return node_rows(
        session().run(std::string("SELECT ") + node_columns + " FROM nodes n ORDER BY n.node_id"));
}

std::vector<NodeRow> PgClusterStore::dead_nodes() {
    return node_rows(
        session().run(std::string("SELECT ") + node_columns +
                          " FROM nodes n, (SELECT tabula_now_ms() AS now_ms) c WHERE " +
                          dead_condition + " ORDER BY n.node_id",
                      Params()
                          .add(options_.lock_class)
                          .add(static_cast<std::int64_t>(options_.session_grace.count()))));
}

bool PgClusterStore::take_over(const std::string& node_id, std::int64_t seen) {
    // epoch is a key column: this waits for every batch holding the node's fence, and READ
    // COMMITTED then checks the row again (a renewal meanwhile makes it alive: no takeover).
    const auto r =
        session().run(std::string("UPDATE nodes n SET epoch = n.epoch + 1, state = 'dead' "
                                  "FROM (SELECT tabula_now_ms() AS now_ms) c "
                                  "WHERE n.node_id = $3 AND n.epoch = $4 AND ") +
                          dead_condition,
                      Params()
                          .add(options_.lock_class)
                          .add(static_cast<std::int64_t>(options_.session_grace.count()))
                          .add(node_id)
                          .add(seen));
    return r.affected() == 1;
}

Ownership PgClusterStore::as_owner(const Fence& owner, const char* sql, Params params) {
    Connection& db = session();
    try {
        Transaction transaction(db);
        db.run("SELECT tabula_fence($1, $2)", Params().add(owner.node_id).add(owner.epoch));
        const auto r = db.run(sql, params);
        transaction.commit();
        return r.affected() > 0 ? Ownership::Done : Ownership::Refused;
    } catch (const PgError& e) {
        if (e.sqlstate() == fence_sqlstate)
            return Ownership::Fenced;
        throw;
    }
}

Ownership PgClusterStore::reserve_table(const Fence& owner, const std::string& code,
                                        bool is_public) {
    if (code.empty())
        throw StorageError("a table needs a code");
    // The row the fenced game writer makes too for a new code (live_table_rows.h), no game yet.
    static const std::string reserve = insert_live_table_sql("ON CONFLICT (code) DO NOTHING");
    return as_owner(
        owner, reserve.c_str(),
        Params().add(owner.node_id).add(owner.epoch).add(code).add_null().add(is_public ? 1 : 0));
}

Ownership PgClusterStore::set_game(const Fence& owner, const std::string& code,
                                   std::optional<GameId> game, bool is_public) {
    return as_owner(
        owner,
        "UPDATE live_tables SET game_id = $4, is_public = $5 "
        "WHERE code = $3 AND owner = $1 AND owner_epoch = $2",
        Params().add(owner.node_id).add(owner.epoch).add(code).add(game).add(is_public ? 1 : 0));
}

Ownership PgClusterStore::clear_owner(const Fence& owner, const std::string& code) {
    return as_owner(owner,
                    "UPDATE live_tables SET owner = NULL, owner_epoch = 0 "
                    "WHERE code = $3 AND owner = $1 AND owner_epoch = $2",
                    Params().add(owner.node_id).add(owner.epoch).add(code));
}

Ownership PgClusterStore::hand_off(const Fence& owner, const std::string& code,
                                   const std::string& to) {
    return as_owner(
        owner,
        "UPDATE live_tables lt SET owner = n.node_id, owner_epoch = n.epoch, "
        "table_epoch = lt.table_epoch + 1, "
        "version_base = greatest(c.now_ms, lt.version_base + $5) "
        "FROM nodes n, (SELECT tabula_now_ms() AS now_ms) c "
        "WHERE lt.code = $3 AND lt.owner = $1 AND lt.owner_epoch = $2 "
        "AND n.node_id = $4 AND n.state = 'alive' AND n.lease_until >= c.now_ms",
        Params().add(owner.node_id).add(owner.epoch).add(code).add(to).add(version_base_step));
}

Ownership PgClusterStore::release_table(const Fence& owner, const std::string& code) {
    return as_owner(owner,
                    "DELETE FROM live_tables WHERE code = $3 AND owner = $1 AND owner_epoch = $2",
                    Params().add(owner.node_id).add(owner.epoch).add(code));
}

std::vector<LiveTableRow> PgClusterStore::claim_tables(const Fence& me,
                                                       const std::optional<std::string>& from,
                                                       const std::vector<std::string>& codes) {
    // A table of `from` is claimable once its owner's incarnation is fenced: the node's epoch
    // has moved past the one the table was given at.
    const std::string sql =
        std::string("UPDATE live_tables lt SET owner = $1, owner_epoch = $2, "
                    "table_epoch = lt.table_epoch + 1, "
                    "version_base = greatest(c.now_ms, lt.version_base + $5) "
                    "FROM (SELECT tabula_now_ms() AS now_ms) c "
                    "WHERE lt.owner IS NOT DISTINCT FROM $3::text "
                    "AND ($3::text IS NULL OR lt.owner_epoch < "
                    "(SELECT epoch FROM nodes WHERE node_id = $3::text)) "
                    "AND (cardinality($4::text[]) = 0 OR lt.code = ANY($4::text[])) "
                    "RETURNING ") +
        table_columns;
    Params params;
    params.add(me.node_id).add(me.epoch);
    if (from)
        params.add(*from);
    else
        params.add_null();
    params.add(text_array(codes)).add(version_base_step);
    Connection& db = session();
    for (int attempt = 1;; ++attempt) {
        try {
            Transaction transaction(db);
            db.run("SELECT tabula_fence($1, $2)", Params().add(me.node_id).add(me.epoch));
            auto claimed = table_rows(db.run(sql, params));
            transaction.commit();
            return claimed;
        } catch (const PgError& e) {
            if (e.sqlstate() == fence_sqlstate)
                return {};
            if (!e.retryable() || attempt == claim_attempts)
                throw;
        }
    }
}

std::vector<LiveTableRow> PgClusterStore::directory() {
    return table_rows(session().run(std::string("SELECT ") + table_columns +
                                    " FROM live_tables lt ORDER BY lt.code"));
}

std::optional<LiveTableRow> PgClusterStore::find_table(const std::string& code) {
    auto rows = table_rows(session().run(std::string("SELECT ") + table_columns +
                                             " FROM live_tables lt WHERE lt.code = $1",
                                         Params().add(code)));
    if (rows.empty())
        return std::nullopt;
    return std::move(rows.front());
}

void PgClusterStore::record_pause(const GamePause& pause) {
    session().run(
        "INSERT INTO game_pauses (game_id, ply, charged_until, resumed_at) "
        "VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, ply) DO UPDATE SET "
        "charged_until = excluded.charged_until, resumed_at = excluded.resumed_at",
        Params().add(pause.game_id).add(pause.ply).add(pause.charged_until).add(pause.resumed_at));
}

std::vector<GamePause> PgClusterStore::pauses(GameId game) {
    const auto r = session().run("SELECT game_id, ply, charged_until, resumed_at FROM "
                                 "game_pauses WHERE game_id = $1 ORDER BY ply",
                                 Params().add(game));
    std::vector<GamePause> out;
    for (int i = 0; i < r.rows(); ++i)
        out.push_back(GamePause{r.integer(i, 0), r.integer(i, 1), r.time(i, 2), r.time(i, 3)});
    return out;
}

} // namespace storage::postgres
