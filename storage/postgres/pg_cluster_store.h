#pragma once
// ClusterStore in PostgreSQL (storage/cluster_store.h; the tables are migration 5,
// migrations.cpp): the registry, directory and pauses that every node of a cluster shares.
//
// The handle owns one connection, its node's session: register_node() takes
// pg_advisory_lock(lock_class, lock_key) on it with a lock_key fresh to the incarnation, so a
// node whose process or connection dies loses the lock with its session, and dead_nodes() sees
// it missing from pg_locks (once the node last renewed more than session_grace ago: a live node
// whose connection dropped reconnects and takes its lock again within that time, renew_lease).
// Every time is tabula_now_ms(), PostgreSQL's clock.
//
// A write made as an owner runs `SELECT tabula_fence(node, epoch)` first, in its own
// transaction: a fenced caller gets Ownership::Fenced and nothing changes. Claims and hand-offs
// are compare-and-sets in one UPDATE (READ COMMITTED re-checks a row another node changed
// meanwhile), so two nodes claiming at once get each table once between them.
//
// One thread at a time (cluster_store.h). Failures throw PgError.

#include "storage/cluster_store.h"
#include "storage/postgres/connection.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace storage::postgres {

class PgClusterStore final : public ClusterStore {
public:
    // Connects (throws PgError when it cannot); the schema must be migrated (PgBackend does).
    PgClusterStore(std::string conninfo, ConnectOptions connect, ClusterOptions options = {});
    ~PgClusterStore() override; // the session ends: the node's advisory lock goes with it

    PgClusterStore(const PgClusterStore&) = delete;
    PgClusterStore& operator=(const PgClusterStore&) = delete;

    TimePoint now() override;
    Fence register_node(const NodeRegistration& node) override;
    bool renew_lease() override;
    bool leave() override;
    std::vector<NodeRow> nodes() override;
    std::vector<NodeRow> dead_nodes() override;
    bool take_over(const std::string& node_id, std::int64_t seen) override;

    Ownership reserve_table(const Fence& owner, const std::string& code, bool is_public) override;
    Ownership set_game(const Fence& owner, const std::string& code, std::optional<GameId> game,
                       bool is_public) override;
    Ownership clear_owner(const Fence& owner, const std::string& code) override;
    Ownership hand_off(const Fence& owner, const std::string& code, const std::string& to) override;
    Ownership release_table(const Fence& owner, const std::string& code) override;
    std::vector<LiveTableRow> claim_tables(const Fence& me, const std::optional<std::string>& from,
                                           const std::vector<std::string>& codes) override;
    std::vector<LiveTableRow> directory() override;
    std::optional<LiveTableRow> find_table(const std::string& code) override;

    void record_pause(const GamePause& pause) override;
    std::vector<GamePause> pauses(GameId game) override;

private:
    // The session, connected again (and the node's lock taken again) if it was lost.
    Connection& session();
    // Runs the fence of `owner`, then `sql` (its first two parameters are the owner's id and
    // epoch), in one transaction: Done when it changed a row, Refused when none, Fenced.
    Ownership as_owner(const Fence& owner, const char* sql, Params params);
    void take_lock(Connection& db);

    std::string conninfo_;
    ConnectOptions connect_;
    ClusterOptions options_;
    std::unique_ptr<Connection> db_;
    std::optional<Fence> registered_;
    std::int64_t lock_key_ = 0;
    bool locked_ = false; // the session holds the node's lock (registered, not left)
};

} // namespace storage::postgres
